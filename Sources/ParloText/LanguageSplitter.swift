import ParloCore

/// A stretch of text to be spoken in one language.
public struct LanguagePart: Sendable, Equatable {
    public var range: Range<String.Index>
    public var language: Language
    public init(range: Range<String.Index>, language: Language) { self.range = range; self.language = language }
}

/// Splits a sentence into same-language parts by clause (commas, semicolons, colons, dashes,
/// parentheses and quotes), so "Open the book, per favore" uses two voices.
///
/// The sentence's language comes from the caller (`SentenceLanguages`, which knows the context)
/// or from the sentence itself; a clause leaves it only on clear evidence of its own, and
/// neighbouring parts of the same language are merged so eSpeak gets whole phrases and keeps its
/// intonation.
public struct LanguageSplitter: Sendable {
    public var detector = LanguageDetector()
    /// The language used when even the whole sentence gives no evidence.
    public var fallback: Language

    public init(fallback: Language = .en) { self.fallback = fallback }

    static let clauseBreaks: Set<Character> = [",", ";", ":", "(", ")", "\"", "“", "”", "«", "»", "—", "–"]

    /// Parts covering all of `range` in `text`, in order. `forced` speaks it all in one language;
    /// `sentence` is the sentence's language when the caller knows it.
    public func split(_ text: String, range: Range<String.Index>? = nil, forced: Language? = nil,
                      sentence: Language? = nil) -> [LanguagePart] {
        let whole = range ?? text.startIndex..<text.endIndex
        if let forced { return [LanguagePart(range: whole, language: forced)] }
        let sentenceLanguage = sentence ?? detector.detect(text[whole]) ?? fallback
        var clauses: [Range<String.Index>] = []
        var start = whole.lowerBound
        var i = whole.lowerBound
        while i < whole.upperBound {
            let next = text.index(after: i)
            if Self.clauseBreaks.contains(text[i]) {
                clauses.append(start..<next)
                start = next
            }
            i = next
        }
        if start < whole.upperBound { clauses.append(start..<whole.upperBound) }
        var parts: [LanguagePart] = []
        for clause in clauses {
            let lang = detector.detect(text[clause]) ?? parts.last?.language ?? sentenceLanguage
            if let last = parts.last, last.language == lang {
                parts[parts.count - 1].range = last.range.lowerBound..<clause.upperBound
            } else {
                parts.append(LanguagePart(range: clause, language: lang))
            }
        }
        return parts.isEmpty ? [LanguagePart(range: whole, language: sentenceLanguage)] : parts
    }
}
