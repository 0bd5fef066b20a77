import ParloCatalog

/// Finds the command a text means, by parsing it against the catalog's template graph.
///
/// The catalog is never listed sentence by sentence: `TokenGraph` holds its templates as arcs of
/// normalised tokens, and `match` walks them with the text (`CommandMatcher+Search`), capturing
/// slot values on the way as hassil does. A text that is a sentence of the catalog is found by
/// an exact walk; otherwise the walk allows edits and scores each (command, slot values) by its
/// closest sentence's token edit distance over the longer length, as the list-based matcher
/// before it did. When the two best different commands (or slot values) are within
/// `ambiguityMargin`, nothing matches and both are reported.
public struct CommandMatcher: Sendable {
    public let normalizer: TextNormalizer
    /// Commands in catalog order.
    public let commands: [String]
    /// Lowest confidence a fuzzy match needs.
    public var acceptThreshold = 0.65
    /// Two different commands (or slot values) closer than this are ambiguous.
    public var ambiguityMargin = 0.1
    /// Cost of a typed word that was corrected to a catalog word (1 = a wrong word).
    public var typoCost = 0.4
    /// Most states one fuzzy walk keeps (see `CommandMatcher+Search`): the bound on a match's cost
    /// whatever the catalog's size. The bundled catalog's hardest texts need a few thousand.
    public var maxSearchStates = 200_000
    /// Of two exact readings, the first template in catalog order wins instead of neither
    /// (`Catalog.hassilMatching`: hassil's `recognize` returns its first match).
    public var firstExactReadingWins = false

    let graph: TokenGraph
    /// Vocabulary words as bytes, grouped by length, for typo correction without allocation.
    var wordsByLength: [[VocabularyWord]] = []

    /// A vocabulary word prepared for typo correction.
    struct VocabularyWord: Sendable {
        var id: Int32
        var bytes: [UInt8]
        /// `letterMask(bytes)`.
        var letters: UInt64
    }

    /// The matcher of a catalog's graph (`TemplateGraph(catalog:)`); the catalog's skip words
    /// are added to the normaliser's.
    public init(graph: TemplateGraph, normalizer: TextNormalizer = TextNormalizer()) {
        var normalizer = normalizer
        normalizer.skip(graph.skipWords)
        if graph.hassilMatching { normalizer.articles = [] }
        self.normalizer = normalizer
        self.firstExactReadingWins = graph.hassilMatching
        self.commands = graph.commands
        self.graph = TokenGraph(graph: graph, normalizer: normalizer)
        indexWords()
    }

    /// A matcher of `sentences` alone, one path each (tests and small tools).
    public init(sentences: [ExpandedSentence], normalizer: TextNormalizer = TextNormalizer()) {
        self.normalizer = normalizer
        var commands: [String] = []
        for s in sentences where !commands.contains(s.command) { commands.append(s.command) }
        self.commands = commands
        self.graph = TokenGraph(sentences: sentences, commands: commands, normalizer: normalizer)
        indexWords()
    }

    /// Convenience: a catalog's graph.
    public init(catalog: Catalog) throws {
        self.init(graph: try TemplateGraph(catalog: catalog))
    }

    mutating func indexWords() {
        for (i, w) in graph.words.enumerated() {
            let bytes = Array(w.utf8)
            while wordsByLength.count <= bytes.count { wordsByLength.append([]) }
            wordsByLength[bytes.count].append(VocabularyWord(id: Int32(i), bytes: bytes, letters: Self.letterMask(bytes)))
        }
    }

    /// Arcs of the matcher's graph: what a catalog costs to hold, whatever its sentence count.
    public var arcCount: Int { graph.arcs.reduce(0) { $0 + $1.count } }

    /// Which commands may match; built by `filter(allowing:)`.
    public struct Filter: Sendable { var allowed: [Bool] }

    public func filter(allowing names: Set<String>) -> Filter {
        Filter(allowed: commands.map { names.contains($0) })
    }

    /// The command `text` triggers, or a rejection with the closest candidates. Of readings that
    /// score alike, one in `preferring` wins: a sentence both languages share ("stop") is the
    /// speaker's language's (`MatchResult.spoken(in:confidence:)`).
    public func match(_ text: String, filter: Filter? = nil, preferring: Language? = nil) -> MatchResult {
        let tokens = normalizer.textTokens(text)
        guard !tokens.isEmpty else {
            return MatchResult(text: text, command: nil, language: nil, confidence: 0, rejected: true, reason: "no words")
        }
        // No slot takes a negative number: "-5 minutes" must not become 5 minutes by losing its sign.
        if let negative = tokens.first(where: { $0.hasPrefix("-") && Int($0) != nil }) {
            return MatchResult(text: text, command: nil, language: nil, confidence: 0, rejected: true,
                               reason: "negative number \(negative): commands take numbers from 0 up")
        }
        var ids = [Int32](repeating: -1, count: tokens.count)
        var numbers = [Int?](repeating: nil, count: tokens.count)
        var penalty = 0.0
        var allKnown = true
        for (i, t) in tokens.enumerated() {
            if let first = t.utf8.first, first >= 48, first <= 57 { numbers[i] = Int(t) }
            if let id = graph.vocabulary[t] { ids[i] = id; continue }
            allKnown = false
            if let id = correction(t) { ids[i] = id; penalty += typoCost }
        }
        let allowed: (Int) -> Bool = { c in filter.map { $0.allowed[c] } ?? true }

        if allKnown {
            let hits = search(ids, numbers: numbers, penalty: 0, exact: true, allowed: allowed, preferring: preferring)
            if !hits.isEmpty { return decide(text, scored: hits, preferring: preferring) }
        }
        let scored = search(ids, numbers: numbers, penalty: penalty, exact: false, allowed: allowed, preferring: preferring)
        if scored.isEmpty {
            // Sentences that share a word but too few of theirs are not "no shared word".
            var seen = Set<Int32>(), shared: [String] = []
            for (i, id) in ids.enumerated() where id >= 0 && seen.insert(id).inserted
                && graph.commandsOfToken[Int(id)].contains(where: allowed) {
                let word = graph.words[Int(id)]
                shared.append(tokens[i] == word ? "'\(word)'" : "'\(tokens[i])' (read as '\(word)')")
            }
            if !shared.isEmpty {
                return MatchResult(text: text, command: nil, language: nil, confidence: 0, rejected: true,
                                   reason: "too far from any command: it shares only \(shared.joined(separator: ", ")) with them, too few of their words")
            }
        }
        return decide(text, scored: scored, preferring: preferring)
    }

    /// Picks the best (command, slots) and applies the threshold and the ambiguity rule.
    func decide(_ text: String, scored: [Hit], preferring: Language? = nil) -> MatchResult {
        let preferred: (Hit) -> Bool = { h in preferring.map { graph.entries[h.entry].language == $0 } ?? false }
        let ranked = scored.sorted {
            if $0.score != $1.score { return $0.score > $1.score }
            if preferred($0) != preferred($1) { return preferred($0) }
            return $0.entry != $1.entry ? $0.entry < $1.entry : $0.order < $1.order
        }
        let candidates = ranked.prefix(3).map { h in
            MatchResult.Candidate(command: commands[h.command], slots: h.slots,
                                  language: graph.entries[h.entry].language, sentence: h.sentence, confidence: h.score)
        }
        guard let top = ranked.first else {
            return MatchResult(text: text, command: nil, language: nil, confidence: 0, rejected: true,
                               reason: "no command shares a word with the text")
        }
        // A score of 1 is an exact reading (no edit, no typo).
        let firstWins = firstExactReadingWins && top.score >= 1
        if ranked.count > 1, !firstWins, top.score - ranked[1].score < ambiguityMargin {
            return MatchResult(text: text, command: nil, language: nil, confidence: top.score, rejected: true,
                               candidates: candidates, reason: "ambiguous between \(candidates[0].label) and \(candidates[1].label)")
        }
        guard top.score >= acceptThreshold else {
            return MatchResult(text: text, command: nil, language: nil, confidence: top.score, rejected: true,
                               candidates: candidates, reason: "too far from any command")
        }
        return MatchResult(text: text, command: commands[top.command], slots: top.slots,
                           language: graph.entries[top.entry].language, confidence: top.score, rejected: false)
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
            for candidate in wordsByLength[length] where graph.numberValue[candidate.id] == nil {
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
}
