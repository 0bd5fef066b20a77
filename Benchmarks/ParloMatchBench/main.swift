import Foundation
import ParloCatalog
import ParloCommands

/// Matcher benchmark: µs per `CommandMatcher.match` over a mix of exact, variant, typo and
/// unrelated inputs, with the study catalog padded to ≥ 1,000 sentences.
///
/// Run: `swift run -c release ParloMatchBench [grammars]`.
let folder = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("--") } ?? "grammars"
let catalog = try CatalogLoader.load(folder: folder)
var sentences = try SentenceExpander(catalog: catalog).sentences()
let catalogCount = sentences.count
// Pad with synthetic commands so the index holds at least 1,000 sentences whatever the catalog.
var n = 0
while sentences.count < 1_000 + catalogCount / 2 {
    sentences.append(ExpandedSentence(command: "bench_\(n % 50)", language: .english,
                                      words: ["bench", "word\(n % 97)", "item\(n)", "extra\(n % 13)"], slots: [:],
                                      location: SourceLocation(file: "bench", line: 0)))
    n += 1
}
let matcher = CommandMatcher(sentences: sentences)
let inputs = [
    "open math", "Apri l'inglese, per favore!", "start a 25 minute timer", "avvia un timer di venticinque minuti",
    "leggi più veloce", "leggi piu lentamente", "what can I say?", "use the voice of Eva", "opne history",
    "please read this page", "the weather is nice today", "prossimo", "set a timer for twenty five minutes",
    "vai alla geografia", "show me the mind map", "blah blah unrelated words here",
]
func measure(rounds: Int) -> Double {
    var sink = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<rounds { for t in inputs { sink &+= matcher.match(t).rejected ? 1 : 0 } }
    let ns = Double(DispatchTime.now().uptimeNanoseconds - start)
    if sink < 0 { print(sink) }
    return ns / 1000 / Double(rounds * inputs.count)
}
_ = measure(rounds: 50)
let us = measure(rounds: 2_000)
print(String(format: "ParloMatchBench: %d arcs (%d sentences from %@), %.2f µs/match over %d inputs",
             matcher.arcCount, catalogCount, folder, us, inputs.count))
for t in inputs.prefix(4) {
    let r = matcher.match(t)
    print("  \"\(t)\" → \(r.command ?? "nothing") \(r.slots) \(r.language?.rawValue ?? "-") \(String(format: "%.2f", r.confidence))")
}
if CommandLine.arguments.contains("--each") {
    for t in inputs {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<2_000 { _ = matcher.match(t) }
        let us = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / 2_000
        print(String(format: "%8.2f µs  %@", us, t))
    }
}
