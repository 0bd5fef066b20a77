import Foundation

/// The template graph as a finite-state grammar for PocketSphinx, in sphinxbase's FSG text
/// format (what `pocketsphinx_batch -fsg` reads): one state per graph node, one transition per
/// word, null transitions for empty arcs and slot values.
///
/// JSGF cannot carry a catalog like Home Assistant's: sphinxbase copies a rule's body at every
/// use, so its intents compile to millions of words (`JSGFGrammar.maxCompiledWords` refuses
/// them). The graph already shares nothing and is laid out in time linear in its arcs, so the
/// FSG is as large as the graph plus one state per word after the first of a run.
extension TemplateGraph {
    /// sphinxbase FSG text and its words (`Spelling.grammarWord`, in order of first use).
    ///
    /// A state's transitions share its probability evenly, as sphinxbase gives a JSGF
    /// alternative's branches; a number slot's phrases share their arc's. The start state leads
    /// to every template, every template's end to the final state.
    public func fsg(name: String = "parlo") -> (text: String, words: [String]) {
        var words: [String] = [], seen = Set<String>()
        var lines: [String] = []
        let start = arcs.count, final = arcs.count + 1
        var states = arcs.count + 2
        func probability(_ p: Double) -> String { String(format: "%.6g", p) }
        func null(_ from: Int, _ to: Int, _ p: Double) { lines.append("TRANSITION \(from) \(to) \(probability(p))") }
        /// Words from `from` to `to` through new states; the first word carries `p`.
        func chain(_ from: Int, _ to: Int, _ run: [String], _ p: Double) {
            guard !run.isEmpty else { return null(from, to, p) }
            var at = from
            for (i, w) in run.enumerated() {
                let word = Spelling.grammarWord(w)
                if seen.insert(word).inserted { words.append(word) }
                let target = i == run.count - 1 ? to : states
                if target == states { states += 1 }
                lines.append("TRANSITION \(at) \(target) \(probability(i == 0 ? p : 1)) \(word)")
                at = target
            }
        }
        var phrases: [String: [(words: [String], value: Int)]] = [:]
        for entry in entries {
            null(start, Int(entry.start), 1 / Double(entries.count))
            null(Int(entry.end), final, 1)
            for node in entry.start...entry.end {
                let out = arcs[Int(node)]
                let p = 1 / Double(max(1, out.count))
                for arc in out {
                    switch arc.label {
                    case .epsilon, .value: null(Int(node), Int(arc.to), p)
                    case .words(let run): chain(Int(node), Int(arc.to), run, p)
                    case .range(let slot):
                        let key = "\(slot)|\(entry.language.rawValue)"
                        if phrases[key] == nil { phrases[key] = numberPhrases(slot, in: entry.language) }
                        let list = phrases[key]!
                        for phrase in list { chain(Int(node), Int(arc.to), phrase.words, p / Double(list.count)) }
                    }
                }
            }
        }
        let header = ["FSG_BEGIN \(name)", "NUM_STATES \(states)", "START_STATE \(start)", "FINAL_STATE \(final)", ""]
        return ((header + lines + ["FSG_END", ""]).joined(separator: "\n"), words)
    }
}
