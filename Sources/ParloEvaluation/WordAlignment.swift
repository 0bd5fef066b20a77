import Foundation
/// A word-level Levenshtein alignment of a hypothesis against a reference transcript.
///
/// The standard measure for speech recognisers: WER = (S + D + I) / reference words.
public struct WordAlignment: Sendable, Equatable {
    public var substitutions = 0
    public var deletions = 0
    public var insertions = 0
    public var referenceWords = 0

    public var errors: Int { substitutions + deletions + insertions }

    public init(substitutions: Int = 0, deletions: Int = 0, insertions: Int = 0, referenceWords: Int = 0) {
        self.substitutions = substitutions; self.deletions = deletions
        self.insertions = insertions; self.referenceWords = referenceWords
    }

    /// Aligns `hypothesis` to `reference` (already normalised word lists).
    public init(reference: [String], hypothesis: [String]) {
        let n = reference.count, m = hypothesis.count
        // cost[i][j] with back-pointers kept as (S, D, I) counts of the best path.
        struct Cell { var cost: Int; var s: Int; var d: Int; var i: Int }
        var prev = (0...m).map { Cell(cost: $0, s: 0, d: 0, i: $0) }
        for r in 1...max(n, 1) where n > 0 {
            var row = [Cell(cost: r, s: 0, d: r, i: 0)]
            for h in 1...max(m, 1) where m > 0 {
                let same = reference[r - 1] == hypothesis[h - 1]
                var best = prev[h - 1]; best.cost += same ? 0 : 1; if !same { best.s += 1 }
                var del = prev[h]; del.cost += 1; del.d += 1
                var ins = row[h - 1]; ins.cost += 1; ins.i += 1
                if del.cost < best.cost { best = del }
                if ins.cost < best.cost { best = ins }
                row.append(best)
            }
            prev = row
        }
        let last = prev[m]
        self.init(substitutions: last.s, deletions: last.d, insertions: last.i, referenceWords: n)
    }

    public static func + (a: Self, b: Self) -> Self {
        Self(substitutions: a.substitutions + b.substitutions, deletions: a.deletions + b.deletions,
             insertions: a.insertions + b.insertions, referenceWords: a.referenceWords + b.referenceWords)
    }

    /// Word error rate, 0 for an empty reference with an empty hypothesis.
    public var wordErrorRate: Double {
        referenceWords == 0 ? (errors == 0 ? 0 : 1) : Double(errors) / Double(referenceWords)
    }
}

/// Lower-cases and splits a transcript into words, dropping punctuation and accents, so that
/// "Ten of clubs." and "ten of clubs" compare equal, and so do a manifest's "leggi più veloce"
/// and the recognizer's "leggi piu veloce" (dictionary words are plain ASCII).
public func transcriptWords(_ text: String) -> [String] {
    text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'") })
        .map(String.init)
}
