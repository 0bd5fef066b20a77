import Foundation
import ParloCatalog
import ParloCommands

/// Sentence template syntax (`(a|b) [c] {slot} <rule>`): one template, as an English and an
/// Italian sentence of a catalog with a number slot, a value slot and rules to refer to, loaded,
/// validated and expanded as `parlo match` does (the matcher built on the sentences is the
/// catalog target's). Mutations stay inside the template, where the catalog target spends most
/// of them on YAML.
enum TemplateHarness {
    static let target = FuzzTarget(name: "template", maxLength: 512) { data in
        run(String(decoding: data, as: UTF8.self))
    }

    static let base = """
    slots:
      n: {range: {from: 1, to: 12}}
      subject: {values: [math, {value: history, en: [history, past], it: storia}]}
    rules:
      please: "[please | per favore]"
      go: {en: (go to | open), it: (vai a | apri)}
    commands:
      fuzz:

    """

    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = .withoutEscapingSlashes
        return e
    }()

    static func run(_ text: String) {
        // A JSON string is a YAML double-quoted scalar: the template reaches the parser as is.
        let quoted = String(decoding: try! encoder.encode(text), as: UTF8.self)
        let yaml = base + "    en: [\(quoted)]\n    it: [\(quoted)]\n"
        do {
            let catalog = try CatalogLoader.parse(yaml, file: "fuzz.yaml")
            try catalog.validate()
            _ = try SentenceExpander(catalog: catalog).sentences()
            _ = CommandMatcher(graph: try TemplateGraph(catalog: catalog))
        } catch {
            requireOneLine(error, "template")
        }
    }
}
