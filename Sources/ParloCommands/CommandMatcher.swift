import ParloCatalog

/// Finds the command a text means, among a catalog's expanded sentences.
///
/// Built once (it normalises every sentence and indexes it by token), then `match` costs a few
/// microseconds: an exact lookup by token sequence, else a fuzzy pass over the sentences that
/// share a token with the text, scored by token edit distance. When the two best different
/// commands (or slot values) are within `ambiguityMargin`, nothing matches and both are reported.
public struct CommandMatcher: Sendable {
    struct Entry: Sendable {
        var tokens: [Int32]
        var command: Int
        var language: Language
        var slots: [String: SlotValue]
        var sentence: String
        /// Same for every sentence with the same command and slot values: what `decide` ranks.
        var target: Int
    }

    public let normalizer: TextNormalizer
    /// Commands in catalog order.
    public let commands: [String]
    /// Lowest confidence a fuzzy match needs.
    public var acceptThreshold = 0.65
    /// Two different commands (or slot values) closer than this are ambiguous.
    public var ambiguityMargin = 0.1
    /// Cost of a typed word that was corrected to a catalog word (1 = a wrong word).
    public var typoCost = 0.4

    var vocabulary: [String: Int32] = [:]
    var words: [String] = []
    var entries: [Entry] = []
    var exact: [[Int32]: [Int]] = [:]
    var postings: [[Int32]] = []
    /// Vocabulary words as bytes, grouped by length, for typo correction without allocation.
    var wordsByLength: [[VocabularyWord]] = []

    /// A vocabulary word prepared for typo correction.
    struct VocabularyWord: Sendable {
        var id: Int32
        var bytes: [UInt8]
        /// `letterMask(bytes)`.
        var letters: UInt64
    }

    /// Indexes `sentences`; duplicates after normalisation (e.g. with and without "please") are kept once.
    public init(sentences: [ExpandedSentence], normalizer: TextNormalizer = TextNormalizer()) {
        self.normalizer = normalizer
        var commandIndex: [String: Int] = [:]
        var commands: [String] = []
        for s in sentences where commandIndex[s.command] == nil {
            commandIndex[s.command] = commands.count; commands.append(s.command)
        }
        self.commands = commands
        struct Key: Hashable { var tokens: [Int32]; var command: Int; var slots: [String: SlotValue] }
        var seen = Set<Key>()
        var targets: [Key: Int] = [:]
        for s in sentences {
            let ids = normalizer.tokens(s.words.joined(separator: " ")).map { w -> Int32 in
                if let id = vocabulary[w] { return id }
                let id = Int32(words.count); vocabulary[w] = id; words.append(w); postings.append([])
                return id
            }
            guard !ids.isEmpty, let c = commandIndex[s.command],
                  seen.insert(Key(tokens: ids, command: c, slots: s.slots)).inserted else { continue }
            let index = entries.count
            let targetKey = Key(tokens: [], command: c, slots: s.slots)
            let target = targets[targetKey] ?? targets.count
            targets[targetKey] = target
            entries.append(Entry(tokens: ids, command: c, language: s.language, slots: s.slots, sentence: s.text, target: target))
            exact[ids, default: []].append(index)
            for id in Set(ids) { postings[Int(id)].append(Int32(index)) }
        }
        for (i, w) in words.enumerated() {
            let bytes = Array(w.utf8)
            while wordsByLength.count <= bytes.count { wordsByLength.append([]) }
            wordsByLength[bytes.count].append(VocabularyWord(id: Int32(i), bytes: bytes, letters: Self.letterMask(bytes)))
        }
    }

    /// Convenience: every sentence of a catalog.
    public init(catalog: Catalog) throws {
        self.init(sentences: try SentenceExpander(catalog: catalog).sentences())
    }

    /// Sentences indexed (after removing normalisation duplicates).
    public var sentenceCount: Int { entries.count }

    /// Which commands may match; built by `filter(allowing:)`.
    public struct Filter: Sendable { var allowed: [Bool] }

    public func filter(allowing names: Set<String>) -> Filter {
        Filter(allowed: commands.map { names.contains($0) })
    }

    /// The command `text` triggers, or a rejection with the closest candidates.
    public func match(_ text: String, filter: Filter? = nil) -> MatchResult {
        let tokens = normalizer.tokens(text)
        guard !tokens.isEmpty else {
            return MatchResult(text: text, command: nil, language: nil, confidence: 0, rejected: true, reason: "no words")
        }
        // No slot takes a negative number: "-5 minutes" must not become 5 minutes by losing its sign.
        if let negative = tokens.first(where: { $0.hasPrefix("-") && Int($0) != nil }) {
            return MatchResult(text: text, command: nil, language: nil, confidence: 0, rejected: true,
                               reason: "negative number \(negative): commands take numbers from 0 up")
        }
        var ids = [Int32](repeating: -1, count: tokens.count)
        var penalty = 0.0
        var allKnown = true
        for (i, t) in tokens.enumerated() {
            if let id = vocabulary[t] { ids[i] = id; continue }
            allKnown = false
            if let id = correction(t) { ids[i] = id; penalty += typoCost }
        }
        func allowed(_ e: Entry) -> Bool { filter.map { $0.allowed[e.command] } ?? true }

        if allKnown, let hits = exact[ids]?.filter({ allowed(entries[$0]) }), !hits.isEmpty {
            return decide(text, scored: hits.map { ($0, 1.0) })
        }
        // Fuzzy: score every sentence sharing a token, bounded by its best possible similarity.
        var overlap = [Int32](repeating: 0, count: entries.count)
        var touched: [Int32] = []
        for id in Set(ids) where id >= 0 {
            for e in postings[Int(id)] {
                if overlap[Int(e)] == 0 { touched.append(e) }
                overlap[Int(e)] += 1
            }
        }
        var scored: [(Int, Double)] = []
        var prev: [Double] = [], row: [Double] = []
        // Sentences below this are not even candidates worth reporting.
        let floor = min(0.34, acceptThreshold - ambiguityMargin)
        for e in touched {
            let entry = entries[Int(e)]
            guard allowed(entry) else { continue }
            let longest = Double(max(ids.count, entry.tokens.count))
            guard Double(overlap[Int(e)]) / longest >= floor else { continue }
            let d = Self.distance(ids, entry.tokens, &prev, &row) + penalty
            let score = max(0, 1 - d / longest)
            if score >= floor { scored.append((Int(e), score)) }
        }
        if scored.isEmpty {
            // Sentences that share a word but too few of theirs are not "no shared word".
            var seen = Set<Int32>(), shared: [String] = []
            for (i, id) in ids.enumerated() where id >= 0 && seen.insert(id).inserted
                && postings[Int(id)].contains(where: { allowed(entries[Int($0)]) }) {
                let word = words[Int(id)]
                shared.append(tokens[i] == word ? "'\(word)'" : "'\(tokens[i])' (read as '\(word)')")
            }
            if !shared.isEmpty {
                return MatchResult(text: text, command: nil, language: nil, confidence: 0, rejected: true,
                                   reason: "too far from any command: it shares only \(shared.joined(separator: ", ")) with them, too few of their words")
            }
        }
        return decide(text, scored: scored)
    }

    /// Picks the best (command, slots) and applies the threshold and the ambiguity rule.
    func decide(_ text: String, scored: [(Int, Double)]) -> MatchResult {
        var best: [Int: (Int, Double)] = [:]
        for (e, s) in scored {
            let k = entries[e].target
            if let b = best[k], b.1 >= s { continue }
            best[k] = (e, s)
        }
        let ranked = best.values.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        let candidates = ranked.prefix(3).map { e, s in
            MatchResult.Candidate(command: commands[entries[e].command], slots: entries[e].slots,
                                  language: entries[e].language, sentence: entries[e].sentence, confidence: s)
        }
        guard let (top, score) = ranked.first else {
            return MatchResult(text: text, command: nil, language: nil, confidence: 0, rejected: true,
                               reason: "no command shares a word with the text")
        }
        if ranked.count > 1, score - ranked[1].1 < ambiguityMargin {
            return MatchResult(text: text, command: nil, language: nil, confidence: score, rejected: true,
                               candidates: candidates, reason: "ambiguous between \(candidates[0].label) and \(candidates[1].label)")
        }
        guard score >= acceptThreshold else {
            return MatchResult(text: text, command: nil, language: nil, confidence: score, rejected: true,
                               candidates: candidates, reason: "too far from any command")
        }
        let e = entries[top]
        return MatchResult(text: text, command: commands[e.command], slots: e.slots, language: e.language,
                           confidence: score, rejected: false)
    }

    /// The catalog word a typo most likely meant: edit distance 1 (2 for words of 6+ letters).
    func correction(_ word: String) -> Int32? {
        let a = Array(word.utf8)
        guard a.count >= 3, !(a[0] >= 48 && a[0] <= 57) else { return nil }
        let limit = a.count >= 6 ? 2 : 1
        var best: (Int32, Int)?
        let size = a.count + limit + 1
        var before = [Int](repeating: 0, count: size), prev = before, row = before
        let mask = Self.letterMask(a)
        for length in max(1, a.count - limit)...(a.count + limit) where length < wordsByLength.count {
            // Each edit changes at most two letters' presence: a cheap filter before the real distance.
            for candidate in wordsByLength[length] {
                guard (candidate.letters ^ mask).nonzeroBitCount <= 2 * limit else { continue }
                let d = Self.boundedEdits(a, candidate.bytes, limit: limit, &before, &prev, &row)
                if d <= limit, d < (best?.1 ?? Int.max) { best = (candidate.id, d) }
            }
        }
        return best?.0
    }

    /// Which bytes occur in a word, folded onto 64 bits.
    static func letterMask(_ bytes: [UInt8]) -> UInt64 {
        var m: UInt64 = 0
        for b in bytes { m |= 1 << UInt64(b & 63) }
        return m
    }

    static func boundedEdits(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        var before = [Int](repeating: 0, count: b.count + 1), prev = before, row = before
        return boundedEdits(a, b, limit: limit, &before, &prev, &row)
    }

    /// Damerau–Levenshtein (adjacent swaps cost 1: "opne" → "open"), giving up above `limit`.
    /// The three row buffers must hold at least `b.count + 1` elements.
    static func boundedEdits(_ a: [UInt8], _ b: [UInt8], limit: Int,
                             _ before: inout [Int], _ prev: inout [Int], _ row: inout [Int]) -> Int {
        for j in 0...b.count { prev[j] = j }
        for i in 1...a.count {
            row[0] = i
            var rowMin = i
            for j in 1...max(b.count, 1) where b.count > 0 {
                var d = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                row[j] = d
                rowMin = min(rowMin, d)
            }
            if rowMin > limit { return limit + 1 }
            swap(&before, &prev)
            swap(&prev, &row)
        }
        return prev[b.count]
    }

    /// Token edit distance; unknown tokens (-1) never equal anything.
    static func distance(_ a: [Int32], _ b: [Int32], _ prev: inout [Double], _ row: inout [Double]) -> Double {
        if prev.count < b.count + 1 { prev = .init(repeating: 0, count: b.count + 1); row = prev }
        for j in 0...b.count { prev[j] = Double(j) }
        for i in 1...a.count {
            row[0] = Double(i)
            for j in 1...max(b.count, 1) where b.count > 0 {
                let same = a[i - 1] >= 0 && a[i - 1] == b[j - 1]
                row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (same ? 0 : 1))
            }
            swap(&prev, &row)
        }
        return prev[b.count]
    }
}
