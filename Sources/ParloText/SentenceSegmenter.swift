/// Splits text into sentences without breaking at abbreviations, decimals, initials or list numbers.
///
/// A sentence ends at `.`, `!`, `?`, `…` (with closing quotes/brackets) followed by whitespace,
/// and at blank lines and list items. A period does not end a sentence after a known abbreviation
/// ("Dr.", "e.g.", "ecc.", "p.es.", "Sig.ra"), a single capital (an initial), or a number that
/// starts a line ("1. Introduction"); "etc."/"ecc." end one only before a capital letter.
public struct SentenceSegmenter: Sendable {
    /// Abbreviations (lower-case, without the final period) that never end a sentence.
    public static let titles: Set<String> = [
        "dr", "mr", "mrs", "ms", "prof", "st", "sr", "jr", "vs", "e.g", "i.e", "cf", "no", "fig",
        "p.es", "sig", "sig.ra", "sigg", "dott", "dott.ssa", "ing", "avv", "pag", "pagg", "cap",
        "n", "es", "ca", "cfr", "vol", "nr", "tel", "art", "pp", "p", "mt", "approx", "dept",
        "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "gen", "giu", "lug", "ago", "set", "ott", "dic", "ss", "sec", "min", "max",
    ]
    /// Abbreviations that end a sentence only when a capital letter follows.
    public static let enders: Set<String> = ["etc", "ecc", "ecc.ecc", "al", "inc", "ltd", "co", "ed"]

    public init() {}

    /// Sentence ranges of `text`, trimmed of surrounding whitespace, in order.
    public func sentences(in text: String) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var lineStart = true
        var start: String.Index? = nil
        var i = text.startIndex
        func close(at end: String.Index) {
            if let s = start {
                var e = end
                while e > s, text[text.index(before: e)].isWhitespace { e = text.index(before: e) }
                if e > s { result.append(s..<e) }
            }
            start = nil
        }
        while i < text.endIndex {
            let c = text[i]
            if c == "\n" {
                let next = text.index(after: i)
                // Blank line, or a list item on the next line: end the sentence here.
                if let n = nextNonSpace(text, from: next, stopAtNewline: true), text[n] == "\n" || isListMarker(text, at: n) {
                    close(at: i)
                } else if next == text.endIndex { close(at: i) }
                lineStart = true
                i = next
                continue
            }
            if c.isWhitespace { i = text.index(after: i); continue }
            if start == nil { start = i }
            if lineStart, let after = listMarkerEnd(text, at: i) {
                // "1. " / "- " / "* " begins an item: its marker is not a sentence end.
                lineStart = false
                if "-*•+".contains(c) { start = nil } // bullets are not read
                i = after
                continue
            }
            lineStart = false
            if ".!?…".contains(c) {
                var j = text.index(after: i)
                while j < text.endIndex, ".!?…\"”’)]»'".contains(text[j]) { j = text.index(after: j) }
                let ellipsis = c == "…" || text[i..<j].hasPrefix("..")
                let bracketed = i > text.startIndex && "([".contains(text[text.index(before: i)])   // "[!]", "(?)"
                if !bracketed, j == text.endIndex || text[j].isWhitespace {
                    if ellipsis {
                        // "Wait… what?" goes on; "He left… And then" ends.
                        let following = nextNonSpace(text, from: j, stopAtNewline: false).map { text[$0] }
                        if following.map({ !$0.isLowercase }) ?? true { close(at: j) }
                    } else if c != "." || endsSentence(text, period: i, next: j) { close(at: j) }
                }
                i = j
                continue
            }
            i = text.index(after: i)
        }
        close(at: text.endIndex)
        return result
    }

    public func sentenceStrings(in text: String) -> [String] { sentences(in: text).map { String(text[$0]) } }

    private func endsSentence(_ text: String, period: String.Index, next: String.Index) -> Bool {
        // The token before the period, back to whitespace.
        var s = period
        while s > text.startIndex, !text[text.index(before: s)].isWhitespace, !"(\"“«".contains(text[text.index(before: s)]) {
            s = text.index(before: s)
        }
        let token = text[s..<period].lowercased()
        let following = nextNonSpace(text, from: next, stopAtNewline: false).map { text[$0] }
        let capitalFollows = following.map { $0.isUppercase || $0.isNumber || "\"“«(".contains($0) } ?? true
        if token.isEmpty { return true }
        if Self.titles.contains(token) { return false }
        if token.count == 1, token.first!.isLetter, text[s].isUppercase { return false } // initial "J. Smith"
        // "etc.", "a.C.", "d.C.": a sentence ends only if a sentence starts after them — a
        // capital on a common word ("Nel 753 a.C. In pochi secoli"), not on a name ("Nel 27
        // a.C. Ottaviano").
        if Self.enders.contains(token)
            || (token.contains(".") && token.allSatisfy({ $0.isLetter || $0 == "." }) && token.count <= 6) {
            return capitalFollows && startsSentence(text, from: next)
        }
        return true
    }

    /// Whether the word after `from` opens a sentence: a common word of either language
    /// (`LanguageModel`'s frequent words: "In", "The", "Questa"), a quote or a number — not a name.
    private func startsSentence(_ text: String, from: String.Index) -> Bool {
        guard let i = nextNonSpace(text, from: from, stopAtNewline: false) else { return true }
        if !text[i].isLetter { return true }
        var j = i
        while j < text.endIndex, text[j].isLetter { j = text.index(after: j) }
        return LanguageModel.shared.isCommon(String(text[i..<j]).lowercased())
    }

    private func nextNonSpace(_ text: String, from: String.Index, stopAtNewline: Bool) -> String.Index? {
        var i = from
        while i < text.endIndex {
            if text[i] == "\n" && stopAtNewline { return i }
            if !text[i].isWhitespace { return i }
            i = text.index(after: i)
        }
        return nil
    }

    private func isListMarker(_ text: String, at i: String.Index) -> Bool { listMarkerEnd(text, at: i) != nil }

    /// End of a list marker ("- ", "* ", "• ", "12. ", "3) ") starting at `i`, if there is one.
    private func listMarkerEnd(_ text: String, at i: String.Index) -> String.Index? {
        var j = i
        if "-*•+".contains(text[j]) {
            j = text.index(after: j)
        } else {
            var digits = 0
            while j < text.endIndex, text[j].isNumber, digits < 4 { j = text.index(after: j); digits += 1 }
            guard digits > 0, j < text.endIndex, text[j] == "." || text[j] == ")" else { return nil }
            j = text.index(after: j)
        }
        guard j < text.endIndex, text[j] == " " || text[j] == "\t" else { return nil }
        return j
    }
}
