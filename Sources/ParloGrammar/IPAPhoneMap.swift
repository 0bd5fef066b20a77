import ParloCatalog
/// Maps eSpeak NG's IPA onto the en-us acoustic model's phones (CMU/ARPAbet).
///
/// The en-us model has 39 phones and was trained on American English only, so Italian sounds
/// get the closest American phone. The choices, and why:
///
/// | IPA | phone | note |
/// |---|---|---|
/// | a ɑ ɒ | AA | Italian /a/ is open and central; AA is the closest open vowel |
/// | e | EY | closed /e/; EY's glide is short in fast speech |
/// | ɛ | EH | open /ɛ/ |
/// | i | IY | Italian /i/ is always tense |
/// | ɪ | IH (en) / IY (it) | eSpeak writes unstressed Italian final i as ɪ; Italian has no lax i |
/// | o | OW | closed /o/ |
/// | ɔ | AO | open /ɔ/ |
/// | u | UW ; ʊ → UH (en) / UW (it) | same reason as ɪ |
/// | ə ɐ ʌ | AH | schwa and strut |
/// | ɜ ɚ ɝ | ER | |
/// | æ | AE | |
/// | aɪ aj | AY ; aʊ → AW ; eɪ ej → EY ; oʊ → OW ; ɔɪ oj → OY | diphthongs: one phone each |
/// | j | Y ; w → W | glides |
/// | tʃ | CH ; dʒ → JH ; ʃ → SH ; ʒ → ZH | |
/// | ts | T S ; dz → D Z | Italian affricates (zio, zero) have no single phone |
/// | ɲ | N Y | gn in "gnocchi": palatal nasal ≈ n + y |
/// | ʎ | L Y | gl in "figlio": palatal lateral ≈ l + y |
/// | ŋ | NG | |
/// | r ɾ ɹ | R (it) ; ɾ → T (en, the American flap in "thirty") | the model has only the American R |
/// | θ | TH ; ð → DH ; h x ç → HH | |
/// | ɡ g | G ; other consonants map to their ARPAbet letter | |
///
/// Length (ː, Italian double consonants), stress marks (ˈ ˌ), syllable dots, ties and the glottal
/// stop are dropped: the model has no geminates and stress is not a phone. eSpeak writes some
/// double consonants as two letters instead ("avvia" avvˈia, "prossimo" ss): a repeated phone
/// becomes one too. Measured neutral (the same commands on audio-fixtures/commands and on a
/// set made with `--seed 2`); it makes the 10 words it touches follow the rule the rest follow.
///
/// The accuracy of this table against alternatives is in docs/recognizer-measurements.md.
public enum IPAPhoneMap {
    /// The en-us model's phones (the cmudict inventory, without SIL).
    public static let englishPhones: Set<String> = [
        "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH", "IH",
        "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH", "UW", "V",
        "W", "Y", "Z", "ZH",
    ]

    /// Symbols that carry no phone.
    static let ignored: Set<Character> = ["ˈ", "ˌ", "ː", "ˑ", ".", "‿", "͡", "ʔ", " ", "-", "'", "_", "|", "\u{0303}", "\u{032A}", "\u{0329}"]

    /// The shared table: IPA (one or two symbols) → phones.
    static let table: [String: [String]] = [
        // Diphthongs first (two symbols, matched greedily).
        "aɪ": ["AY"], "aj": ["AY"], "aʊ": ["AW"], "eɪ": ["EY"], "ej": ["EY"], "oʊ": ["OW"], "əʊ": ["OW"],
        "ɔɪ": ["OY"], "oj": ["OY"], "ɔj": ["OY"],
        "tʃ": ["CH"], "dʒ": ["JH"], "ts": ["T", "S"], "dz": ["D", "Z"],
        // Vowels.
        "a": ["AA"], "ɑ": ["AA"], "ɒ": ["AA"], "æ": ["AE"], "e": ["EY"], "ɛ": ["EH"], "i": ["IY"], "ɪ": ["IH"],
        "ᵻ": ["IH"], "o": ["OW"], "ɔ": ["AO"], "u": ["UW"], "ʊ": ["UH"], "ə": ["AH"], "ɐ": ["AH"], "ʌ": ["AH"],
        "ɜ": ["ER"], "ɚ": ["ER"], "ɝ": ["ER"], "y": ["UW"], "ø": ["ER"], "œ": ["ER"], "ɨ": ["IH"],
        // Consonants.
        "p": ["P"], "b": ["B"], "t": ["T"], "d": ["D"], "k": ["K"], "g": ["G"], "ɡ": ["G"], "f": ["F"],
        "v": ["V"], "s": ["S"], "z": ["Z"], "ʃ": ["SH"], "ʒ": ["ZH"], "θ": ["TH"], "ð": ["DH"], "h": ["HH"],
        "x": ["HH"], "ç": ["HH"], "m": ["M"], "n": ["N"], "ŋ": ["NG"], "ɲ": ["N", "Y"], "l": ["L"], "ɫ": ["L"],
        "ʎ": ["L", "Y"], "r": ["R"], "ɹ": ["R"], "ɾ": ["T"], "j": ["Y"], "w": ["W"], "ʍ": ["W"], "c": ["K"],
        "q": ["K"], "ɣ": ["G"], "β": ["B"], "ʋ": ["V"], "ɱ": ["M"],
    ]

    /// Per-language differences from `table` (see the table in the type's docs).
    static let overrides: [Language: [String: [String]]] = [
        .italian: ["ɪ": ["IY"], "ʊ": ["UW"], "ɾ": ["R"]],
    ]

    /// Second pronunciations added per language (only with `CatalogCompiler.variants`): the
    /// Italian r is often a single tap, closer to the American D than to its R. Neither this nor
    /// e/o the other way (EY → EH, OW → AO) gained on DEV (recognizer-measurements.md).
    static let variants: [Language: [String: [String]]] = [
        .italian: ["r": ["D"], "ɾ": ["D"]],
    ]

    /// The main pronunciation and, where the language has one, a variant (distinct, main first).
    public static func pronunciations(forIPA ipa: String, language: Language) throws -> [[String]] {
        let main = try phones(forIPA: ipa, language: language)
        guard let variant = variants[language] else { return [main] }
        let other = try phones(forIPA: ipa, language: language, extra: (overrides[language] ?? [:]).merging(variant) { _, v in v })
        return other == main ? [main] : [main, other]
    }

    /// Phones for `ipa` as spoken in `language`; throws naming the first symbol with no mapping.
    public static func phones(forIPA ipa: String, language: Language) throws -> [String] {
        try phones(forIPA: ipa, language: language, extra: overrides[language] ?? [:])
    }

    static func phones(forIPA ipa: String, language: Language, extra: [String: [String]]) throws -> [String] {
        // Combining marks (dental d̪, nasal ẽ, syllabic n̩) join their letter into one Character:
        // drop them as scalars, so "d̪" reads as d (Italian "d'" is /d̪ˈiː/).
        let marks = ignored.compactMap { $0.unicodeScalars.count == 1 && $0.unicodeScalars.first!.properties.generalCategory == .nonspacingMark ? $0.unicodeScalars.first! : nil }
        let bare = String(String.UnicodeScalarView(ipa.unicodeScalars.filter { !marks.contains($0) }))
        let chars = Array(bare).filter { !ignored.contains($0) }
        var out: [String] = []
        var i = 0
        while i < chars.count {
            if i + 1 < chars.count {
                let two = String(chars[i...i + 1])
                if let p = extra[two] ?? table[two] { out += p; i += 2; continue }
            }
            let one = String(chars[i])
            guard let p = extra[one] ?? table[one] else {
                throw IPAMappingError(symbol: one, ipa: ipa)
            }
            out += p
            i += 1
        }
        // eSpeak writes some Italian double consonants twice ("avvia" avv, "passa" ss) and
        // others with a length mark ("metti" tː): one phone either way.
        return out.enumerated().filter { $0.offset == 0 || $0.element != out[$0.offset - 1] }.map(\.element)
    }
}

/// An IPA symbol the table does not cover (reported with the word by the compiler).
public struct IPAMappingError: Error, Equatable {
    public var symbol: String
    public var ipa: String
}
