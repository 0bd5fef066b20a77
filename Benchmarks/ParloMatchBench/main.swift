import Foundation
import ParloCatalog
import ParloCommands

/// Matcher benchmark: catalog load + graph + matcher build time, and µs per `CommandMatcher.match`
/// over sentences sampled from the catalog itself (exact), the same with one word dropped and
/// one word misspelt (fuzzy), and unrelated text. One JSON line per catalog folder.
///
/// Run: `swift run -c release ParloMatchBench [--each] CATALOG[,FIXTURES]...` (default: grammars);
/// a catalog is a folder or a hassil / Home Assistant intents file, FIXTURES its entity lists.
let folders = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("--") }
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

for spec in folders.isEmpty ? ["grammars"] : folders {
    let parts = spec.split(separator: ",").map(String.init)
    let folder = parts[0]
    let t0 = now()
    let catalog = try CatalogLoader.load(folder: folder, fixtures: parts.count > 1 ? parts[1] : nil)
    let graph = try TemplateGraph(catalog: catalog)
    let matcher = CommandMatcher(graph: graph)
    let buildSeconds = now() - t0

    var random = SeededRandom(seed: 16)
    var exact: [String] = [], fuzzy: [String] = []
    for entry in graph.entries {
        for s in graph.sample(entry, count: max(1, 400 / graph.entries.count), random: &random) {
            exact.append(s.words.joined(separator: " "))
            var words = s.words
            if words.count > 2 { words.remove(at: random.index(below: words.count)) }
            let k = random.index(below: words.count)
            if words[k].count > 4 { words[k] = String(words[k].dropLast()) + "x" }
            fuzzy.append(words.joined(separator: " "))
        }
    }
    let unrelated = ["the weather is nice today", "blah blah unrelated words here", "xyzzy"]
    func measure(_ inputs: [String], rounds: Int) -> (us: Double, accepted: Int) {
        var accepted = 0
        _ = inputs.prefix(20).map { matcher.match($0) }
        let start = now()
        for _ in 0..<rounds { for t in inputs where !matcher.match(t).rejected { accepted += 1 } }
        return ((now() - start) * 1e6 / Double(rounds * inputs.count), accepted / rounds)
    }
    let e = measure(exact, rounds: 5), f = measure(fuzzy, rounds: 2), u = measure(unrelated, rounds: 50)
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let line: [String: Any] = [
        "catalog": folder, "sentences": graph.sentenceCount, "arcs": graph.arcCount, "matcher_arcs": matcher.arcCount,
        "build_s": (buildSeconds * 1000).rounded() / 1000, "peak_rss_mb": usage.ru_maxrss / 1024,
        "exact_us": (e.us * 10).rounded() / 10, "exact_accepted": "\(e.accepted)/\(exact.count)",
        "fuzzy_us": (f.us * 10).rounded() / 10, "fuzzy_accepted": "\(f.accepted)/\(fuzzy.count)",
        "unrelated_us": (u.us * 10).rounded() / 10,
    ]
    let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
    if CommandLine.arguments.contains("--each") {
        for t in (exact.prefix(5) + fuzzy.prefix(5) + unrelated) {
            let start = now()
            let r = matcher.match(t)
            print(String(format: "%8.1f µs  %@ → %@ %@", (now() - start) * 1e6, t, r.command ?? "nothing", "\(r.slots)"))
        }
    }
}
