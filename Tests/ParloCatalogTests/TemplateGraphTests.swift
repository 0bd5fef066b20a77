import XCTest
@testable import ParloCatalog
import ParloCommands

/// Templates as a graph: size follows the templates, not their sentence count; parses capture slots.
final class TemplateGraphTests: XCTestCase {
    /// A coffee order of 3·10^7 sentences: a graph of a few hundred arcs.
    static let coffee = """
    slots:
      size: {values: [small, medium, large, extra large, tall, grande, venti]}
      roast: {values: [light roast, medium roast, dark roast]}
      drink: {values: [latte, cappuccino, americano, espresso, mocha, macchiato, flat white, cortado, coffee, hot chocolate]}
      milk: {values: [milk, skim milk, whole milk, oat milk, soy milk, almond milk]}
      sweetener: {values: [sugar, brown sugar, honey, sweetener, vanilla syrup, caramel syrup]}
    rules:
      opener: "(can i get|i want|i would like|give me|make me|could i have|i will have|let me get|may i have|i need)"
      amount: "(a lot of|some|a little|extra|light|no|lots of)"
    commands:
      order: {en: ["<opener> [a|an|one] [{size}] [{roast}] {drink} [with [<amount>] {milk}] [and [<amount>] {sweetener}]"]}
      cancel: {en: ["cancel [my] order"]}
    """

    func testLargeCatalogIsASmallGraphAndParsesWithSlots() throws {
        let catalog = try CatalogLoader.parse(Self.coffee, file: "coffee.yaml")
        try catalog.validate()
        let graph = try TemplateGraph(catalog: catalog)
        let expected: Double = 10 * 4 * 8 * 4 * 10 * 49 * 49 + 2   // [with [<amount>] {milk}]: 1 + 8 × 6
        XCTAssertEqual(graph.sentenceCount, expected)
        XCTAssertGreaterThan(graph.sentenceCount, 3e7)
        XCTAssertLessThan(graph.arcCount, 1_000)
        let matcher = CommandMatcher(graph: graph)
        let r = matcher.match("can I get a large dark roast latte with a lot of oat milk and some brown sugar")
        XCTAssertEqual(r.command, "order")
        XCTAssertEqual(r.slots, ["size": .text("large"), "roast": .text("dark roast"), "drink": .text("latte"),
                                 "milk": .text("oat milk"), "sweetener": .text("brown sugar")])
        XCTAssertEqual(r.confidence, 1)
        // Sampled sentences are sentences of the catalog, parsed back to what they say.
        var random = SeededRandom(seed: 1)
        for s in graph.sample(graph.entries[0], count: 50, random: &random) {
            let m = matcher.match(s.words.joined(separator: " "))
            XCTAssertEqual(m.command, "order", s.text)
            XCTAssertEqual(m.slots, s.slots, s.text)
        }
    }

    /// The FSG PocketSphinx searches for catalogs JSGF cannot carry: one state per node, a
    /// transition per word (runs through new states), null transitions for the rest.
    func testGraphWritesSphinxbaseFSG() throws {
        let catalog = try CatalogLoader.parse("""
        slots:
          n: {range: {from: 1, to: 2}}
        commands:
          lamp: {en: ["turn (on|off) [the] lamp"]}
          wait: {en: ["wait {n} minutes"]}
        """, file: "fsg.yaml")
        let graph = try TemplateGraph(catalog: catalog)
        let fsg = graph.fsg(name: "t")
        XCTAssertEqual(fsg.words, ["turn", "on", "off", "the", "lamp", "wait", "one", "two", "minutes"])
        let lines = fsg.text.split(separator: "\n")
        XCTAssertEqual(lines.first, "FSG_BEGIN t")
        XCTAssertEqual(lines.last, "FSG_END")
        let states = Int(lines[1].split(separator: " ")[1])!
        let transitions = lines.filter { $0.hasPrefix("TRANSITION") }.map { $0.split(separator: " ") }
        XCTAssertTrue(transitions.allSatisfy { Int($0[1])! < states && Int($0[2])! < states }, fsg.text)
        // Each word of the catalog is read once per place it is said: "turn on", "turn off", "the",
        // "lamp", "wait", "one", "two", "minutes" (the run "minutes" after the number included).
        XCTAssertEqual(transitions.filter { $0.count == 5 }.map { String($0[4]) }.sorted(),
                       ["lamp", "minutes", "off", "on", "one", "the", "turn", "two", "wait"])
        // The start state leads to both templates with even odds.
        let start = String(lines[2].split(separator: " ")[1])
        XCTAssertEqual(transitions.filter { $0[1] == start }.map { String($0[3]) }, ["0.5", "0.5"])
    }

    func testGraphCapsRefuseMultiplyingRulesBeforeLayingThemOut() throws {
        var yaml = "rules:\n  r0: \"a b\"\n"
        for i in 1...30 { yaml += "  r\(i): \"<r\(i - 1)> <r\(i - 1)>\"\n" }
        yaml += "commands:\n  c: {en: [\"<r30>\"]}\n"
        let catalog = try CatalogLoader.parse(yaml, file: "deep.yaml")
        let start = Date()
        XCTAssertThrowsError(try TemplateGraph(catalog: catalog)) { error in
            XCTAssertTrue("\(error)".contains("arcs"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    func testHassilSyntaxGluedOptionalsPermutationsAndEmptyAlternatives() throws {
        func sentences(_ text: String) throws -> Set<String> {
            var catalog = Catalog()
            let at = SourceLocation(file: "t", line: 1)
            catalog.slots["n"] = SlotDefinition(name: "n", kind: .range(from: 1, to: 2, step: 1), location: at)
            let t = try HassilTemplate.parse(text)
            catalog.commands = [CommandDefinition(name: "c", sentences: [.english: [LocatedTemplate(text: text, template: t, location: SourceLocation(file: "t", line: 1))]],
                                                  location: SourceLocation(file: "t", line: 1))]
            let graph = try TemplateGraph(catalog: catalog)
            return Set(graph.entries.flatMap { graph.sentences(of: $0, limit: 100) }.map { $0.words.joined(separator: " ") })
        }
        XCTAssertEqual(try sentences("turn on the fan[s]"), ["turn on the fan", "turn on the fans"])
        XCTAssertEqual(try sentences("(red;big) box"), ["red big box", "big red box"])
        XCTAssertEqual(try sentences("open (the|) door"), ["open the door", "open door"])
        XCTAssertEqual(try sentences("auto[matic] mode"), ["auto mode", "automatic mode"])
        // A list glued to words: the words still glue among themselves ("hours", never "hour s").
        XCTAssertEqual(try sentences("add {n}( |-)hour[s]"), ["add one hour", "add one hours", "add two hour", "add two hours"])
        // Spaces inside a group's ends separate words; an optional glued run stays optional.
        XCTAssertEqual(try sentences("[vai avanti al ]prossimo"), ["prossimo", "vai avanti al prossimo"])
        XCTAssertEqual(try sentences("(a|su)(l[ mio]|i) timer"), ["al timer", "al mio timer", "ai timer", "sul timer", "sul mio timer", "sui timer"])
        XCTAssertEqual(try sentences("in [area ]{n}"), ["in one", "in two", "in area one", "in area two"])
        XCTAssertEqual(try sentences("[la [mia ]]musica"), ["musica", "la musica", "la mia musica"])
    }
}
