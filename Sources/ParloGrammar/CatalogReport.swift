import ParloCatalog
import ParloCommands
import Foundation

/// What `parlo grammar check` reports about a compiled catalog.
///
/// Confusable pairs are sentences of different commands whose phone strings are close
/// (Levenshtein distance over phones divided by the longer length, below `threshold`): the
/// recognizer is likely to mistake one for the other, so one of them should be reworded.
public struct CatalogReport: Sendable {
    public struct CommandSummary: Sendable { public var name: String; public var sentences: [Language: Int] }
    public struct Duplicate: Sendable {
        public var text: String
        public var uses: [(command: String, language: Language, location: SourceLocation)]
        /// Different commands share the sentence: the matcher cannot tell them apart.
        public var isConflict: Bool { Set(uses.map(\.command)).count > 1 }
    }
    public struct Confusable: Sendable {
        public var first: ExpandedSentence
        public var second: ExpandedSentence
        public var distance: Double
    }

    public var commands: [CommandSummary]
    public var words: [(word: String, entries: [PronunciationEntry])]
    public var duplicates: [Duplicate]
    public var confusables: [Confusable]
    public var sentenceCount: Int
    /// Sentences the checks looked at; fewer than `sentenceCount` when the catalog was sampled.
    public var sentencesChecked: Int
    /// The checks saw a sample, not every sentence (see `init`).
    public var sampled: Bool

    /// Reports on `compiled`. A catalog of at most `maxSentencesListed` sentences is checked
    /// sentence by sentence, as always; a larger one by a uniform sample of that many sentences
    /// (seeded, the same on every run), each sample parsed against every template to find the
    /// other commands that say it too. The cost is bounded by `maxSentencesListed` parses and
    /// `maxSentencesCompared`² phone comparisons, whatever the catalog's size.
    public init(_ compiled: CompiledCatalog, threshold: Double = 0.2, maxSentencesCompared: Int = 2_000,
                maxSentencesListed: Int = 20_000) {
        let graph = compiled.graph
        sentenceCount = Int(min(graph.sentenceCount, 9e18))
        commands = compiled.catalog.commands.enumerated().map { i, c in
            var counts: [Language: Int] = [:]
            for e in graph.entries where e.command == i {
                counts[e.language, default: 0] += Int(min(graph.sentenceCount(of: e), 9e18))
            }
            return CommandSummary(name: c.name, sentences: counts)
        }
        words = compiled.pronunciations.keys.sorted().map { ($0, compiled.pronunciations[$0] ?? []) }

        let sentences: [ExpandedSentence]
        if let all = graph.allSentences(limit: maxSentencesListed) {
            sentences = all; sampled = false
        } else {
            var random = SeededRandom(seed: 16)
            let each = max(1, maxSentencesListed / max(1, graph.entries.count))
            sentences = graph.entries.flatMap { graph.sample($0, count: each, random: &random) }
            sampled = true
        }
        sentencesChecked = sentences.count

        var byText: [String: [(command: String, language: Language, location: SourceLocation)]] = [:]
        var order: [String] = []
        for s in sentences {
            let t = s.text
            if byText[t] == nil { order.append(t) }
            byText[t, default: []].append((s.command, s.language, s.location))
        }
        if sampled {
            // A sample rarely draws the same sentence from two templates: ask the graph instead.
            let matcher = compiled.matcher()
            for t in order {
                let uses = byText[t] ?? []
                for p in matcher.parses(t) where !uses.contains(where: { $0.command == p.command }) {
                    byText[t, default: []].append((p.command, p.language, graph.entries[p.entry].location))
                }
            }
        }
        duplicates = order.compactMap { t in
            let uses = byText[t] ?? []
            let commands = Set(uses.map(\.command))
            // Same sentence in two languages of one command is fine ("stop"); anything else is not.
            let repeatedInLanguage = Dictionary(grouping: uses, by: { "\($0.command)/\($0.language)" }).values.contains { $0.count > 1 }
            return commands.count > 1 || repeatedInLanguage ? Duplicate(text: t, uses: uses) : nil
        }
        confusables = Self.confusables(compiled, sentences, threshold: threshold, limit: maxSentencesCompared)
    }

    /// Pairs from different commands closer than `threshold`; sentences sampled to `limit`.
    static func confusables(_ compiled: CompiledCatalog, _ sentences: [ExpandedSentence], threshold: Double, limit: Int) -> [Confusable] {
        var phoneIDs: [String: UInt8] = [:]
        var seen = Set<String>()
        var items: [(sentence: ExpandedSentence, phones: [UInt8])] = []
        var candidates = sentences
        if candidates.count > limit {
            // Keep number values that exercise different words (1…12, tens) rather than all of them.
            candidates = candidates.filter { s in
                s.slots.values.allSatisfy { v in v.intValue.map { $0 <= 12 || $0 % 10 == 0 } ?? true }
            }
        }
        if candidates.count > limit {
            // Every template keeps its share, so a large command cannot crowd the others out.
            var random = SeededRandom(seed: 17)
            for i in stride(from: candidates.count - 1, to: 0, by: -1) { candidates.swapAt(i, random.index(below: i + 1)) }
        }
        for s in candidates.prefix(limit) {
            var ids: [UInt8] = []
            for w in s.words {
                for p in compiled.phones(of: w, language: s.language) {
                    if phoneIDs[p] == nil { phoneIDs[p] = UInt8(truncatingIfNeeded: phoneIDs.count) }
                    ids.append(phoneIDs[p]!)
                }
            }
            let key = s.command + "|" + ids.map(String.init).joined(separator: ",")
            if seen.insert(key).inserted { items.append((s, ids)) }
        }
        var out: [Confusable] = []
        var row: [Int] = [], prev: [Int] = []
        for i in items.indices {
            for j in items.indices where j > i && items[j].sentence.command != items[i].sentence.command {
                let a = items[i].phones, b = items[j].phones
                let longest = max(a.count, b.count)
                guard longest > 0, Double(abs(a.count - b.count)) / Double(longest) < threshold else { continue }
                let d = levenshtein(a, b, &prev, &row)
                let nd = Double(d) / Double(longest)
                if nd < threshold { out.append(Confusable(first: items[i].sentence, second: items[j].sentence, distance: nd)) }
            }
        }
        return out.sorted { $0.distance < $1.distance }
    }

    static func levenshtein(_ a: [UInt8], _ b: [UInt8], _ prev: inout [Int], _ row: inout [Int]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        prev = Array(0...b.count)
        row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                row[j] = Swift.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &row)
        }
        return prev[b.count]
    }

    /// `s` padded to a column of `width`, never cut (`padding(toLength:)` truncates longer names).
    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s.padding(toLength: width, withPad: " ", startingAt: 0)
    }

    /// Human-readable report for a terminal.
    public func render(showWords: Bool = true) -> String {
        var out = ["Commands (\(commands.count), \(sentenceCount) sentences):"]
        if sampled { out.append("  (checked a uniform sample of \(sentencesChecked) sentences)") }
        for c in commands {
            let counts = c.sentences.keys.sorted().map { "\($0) \(c.sentences[$0] ?? 0)" }.joined(separator: ", ")
            out.append("  \(Self.pad(c.name, 16)) \(counts)")
        }
        if showWords {
            out.append("Words (\(words.count)):")
            for (w, entries) in words {
                let list = entries.map { "\($0.phoneString) [\($0.source)]" }.joined(separator: "; ")
                out.append("  \(Self.pad(w, 14)) \(list)")
            }
        }
        out.append(duplicates.isEmpty ? "Duplicate sentences: none" : "Duplicate sentences (\(duplicates.count)):")
        for d in duplicates {
            let uses = d.uses.map { "\($0.command)/\($0.language) at \($0.location)" }.joined(separator: ", ")
            out.append("  \(d.isConflict ? "CONFLICT" : "repeated") \"\(d.text)\": \(uses)")
        }
        out.append(confusables.isEmpty ? "Confusable pairs: none" : "Confusable pairs (\(confusables.count)):")
        for c in confusables.prefix(50) {
            out.append("  \(String(format: "%.2f", c.distance)) \"\(c.first.text)\" (\(c.first.command)) ~ \"\(c.second.text)\" (\(c.second.command))")
        }
        if confusables.count > 50 { out.append("  … \(confusables.count - 50) more") }
        return out.joined(separator: "\n")
    }
}
