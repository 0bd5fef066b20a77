/// Guesses whether a stretch of text is English or Italian from function words and spelling.
///
/// Study material mixes the two ("Read *la Divina Commedia*, canto primo"); a few hundred bytes of
/// rules are enough to pick the eSpeak voice per clause, where a statistical model would be overkill.
public struct LanguageDetector: Sendable {
    public init() {}

    static let english: Set<String> = [
        "the", "and", "of", "to", "is", "in", "that", "it", "you", "for", "with", "on", "are", "this",
        "be", "was", "have", "has", "not", "what", "where", "how", "please", "my", "your", "a", "an",
        "i", "we", "they", "he", "she", "at", "by", "from", "or", "as", "but", "if", "which", "who",
        "will", "can", "would", "there", "their", "our", "read", "open", "page", "next", "first", "it's",
        "don't", "i'm", "these", "those", "then", "than", "when", "why", "do", "does", "did", "all",
    ]
    static let italian: Set<String> = [
        "il", "lo", "la", "i", "gli", "le", "di", "che", "e", "è", "un", "una", "uno", "per", "non",
        "con", "del", "della", "dei", "delle", "degli", "sono", "questo", "questa", "mi", "ti", "ci",
        "si", "come", "dove", "perché", "anche", "ma", "nel", "nella", "alla", "al", "ho", "ha", "da",
        "dal", "dalla", "su", "sul", "sulla", "io", "tu", "lui", "lei", "noi", "voi", "loro", "più",
        "molto", "ecco", "leggi", "apri", "pagina", "grazie", "prego", "ciao", "sì", "cosa", "quando",
        "anche", "tutto", "tutti", "essere", "avere", "fa", "era", "così", "poi", "primo", "prima",
    ]

    /// Scores per language for `text`; positive evidence only.
    public func scores(_ text: Substring) -> (en: Double, it: Double) {
        var en = 0.0, it = 0.0
        for raw in text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "’" }) {
            let word = raw.replacingOccurrences(of: "’", with: "'").trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            guard !word.isEmpty else { continue }
            if Self.english.contains(word) { en += 2 }
            if Self.italian.contains(word) { it += 2 }
            if word.contains(where: { "àèéìòù".contains($0) }) { it += 2 }
            if word.contains(where: { "wkyj".contains($0) }) { en += 1 }
            if word.contains("th") || word.contains("sh") || word.hasSuffix("ing") || word.hasSuffix("ed") { en += 1 }
            if word.contains("gli") || word.contains("zz") || word.contains("zione") || word.hasPrefix("sc") { it += 1 }
            if word.count > 3, let last = word.last {
                if "aeio".contains(last) { it += 0.5 } else { en += 0.5 }
            }
            if word.contains("'") && (word.hasPrefix("l'") || word.hasPrefix("un'") || word.hasPrefix("dell'") || word.hasPrefix("all'")) { it += 2 }
        }
        return (en, it)
    }

    /// The likelier language, or nil when the evidence is too weak (under one point apart):
    /// a lone "Title." should take its neighbours' language, not a coin toss.
    public func detect(_ text: Substring) -> Language? {
        let s = scores(text)
        if abs(s.en - s.it) < 1 { return nil }
        return s.en > s.it ? .en : .it
    }

    public func detect(_ text: String) -> Language? { detect(text[...]) }
}

import Foundation
