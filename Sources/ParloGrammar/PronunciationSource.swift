import ParloCatalog
import ParloRecognizer

/// Where a pronunciation came from, shown by `parlo grammar check`.
public enum PronunciationSource: Sendable, Hashable, CustomStringConvertible {
    /// grammars/pronunciations.dict.
    case user
    /// The model's cmudict.
    case cmudict
    /// A cmudict pronunciation as Britain or the Caribbean says it (`EnglishAccents`).
    case accent
    /// eSpeak NG's phonemizer for a language, mapped by `IPAPhoneMap`; the IPA is kept.
    case espeak(Language, ipa: String)

    public var description: String {
        switch self {
        case .user: return "user"
        case .cmudict: return "cmudict"
        case .accent: return "cmudict, British or Caribbean"
        case .espeak(let l, let ipa): return "espeak-\(l) /\(ipa)/"
        }
    }
}

/// One pronunciation of a grammar word.
public struct PronunciationEntry: Sendable, Hashable {
    public var phones: [String]
    public var source: PronunciationSource
    /// The language whose sentences use it (nil for user entries, which serve every language).
    public var language: Language?
    public var phoneString: String { phones.joined(separator: " ") }
}

extension PronunciationDictionary {
    /// Entries whose phones are not all en-us phones, as `(word, bad phone)`.
    public func invalidPhones() -> [(word: String, phone: String)] {
        entries.keys.sorted().compactMap { w in
            for p in entries[w] ?? [] {
                for ph in p.split(separator: " ") where !IPAPhoneMap.englishPhones.contains(String(ph)) {
                    return (w, String(ph))
                }
            }
            return nil
        }
    }
}
