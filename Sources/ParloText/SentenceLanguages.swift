import ParloCore

/// The language of each sentence of a document, with context for sentences that say too little.
///
/// Study notes switch language from one sentence to the next ("Questa è una frase di prova. This
/// is an English sentence."), so each sentence is judged alone; one without evidence (a heading
/// like "Pythagoras", "2.", a name) takes its context: a sentence that is a block of its own (a
/// heading, a list item) the language of what follows it, one inside a paragraph the language of
/// the sentence before; failing that the nearest decided sentence either way, then the document's
/// majority, then `fallback`.
public struct SentenceLanguages: Sendable {
    public var detector = LanguageDetector()
    public var fallback: Language

    public init(fallback: Language = .en) { self.fallback = fallback }

    /// One sentence as the tagger sees it: its text, and whether it is a whole block by itself.
    public struct Item: Sendable {
        public var text: Substring
        public var wholeBlock: Bool
        public init(_ text: Substring, wholeBlock: Bool = false) { self.text = text; self.wholeBlock = wholeBlock }
    }

    /// Languages of `items`, in order. `before` and `after` are the languages just outside them
    /// (the previous and next blocks of a streamed document), when known.
    public func languages(of items: [Item], before: Language? = nil, after: Language? = nil) -> [Language] {
        let decided = items.map { detector.detect($0.text) }
        let majority = Self.majority(decided)
        return items.indices.map { i in
            if let l = decided[i] { return l }
            let previous = decided[..<i].last(where: { $0 != nil }) ?? before
            let next = decided[(i + 1)...].first(where: { $0 != nil }) ?? after
            let preferred = items[i].wholeBlock ? (next ?? previous) : (previous ?? next)
            return preferred ?? majority ?? fallback
        }
    }

    /// Languages of the sentences `ranges` of one block of `text`.
    public func languages(of text: String, sentences ranges: [Range<String.Index>], before: Language? = nil,
                          after: Language? = nil) -> [Language] {
        let whole = ranges.count == 1
        return languages(of: ranges.map { Item(text[$0], wholeBlock: whole) }, before: before, after: after)
    }

    /// The first language the sentences of `text` decide, if any (a block's opening language).
    public func firstDecided(in text: String, sentences ranges: [Range<String.Index>]) -> Language? {
        for r in ranges { if let l = detector.detect(text[r]) { return l } }
        return nil
    }

    static func majority(_ decided: [Language?]) -> Language? {
        let en = decided.filter { $0 == .en }.count, it = decided.filter { $0 == .it }.count
        return en == it ? nil : (en > it ? .en : .it)
    }
}
