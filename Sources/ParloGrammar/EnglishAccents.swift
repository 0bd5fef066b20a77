import ParloRecognizer

/// Second pronunciations of English words in the accents of Britain and the Caribbean, which
/// cmudict (General American) leaves out.
///
/// The en-us model serves every English speaker, but the catalog's words came with cmudict's
/// pronunciations only. eSpeak NG's British and Caribbean voices saying "go faster" were never
/// heard as the command: the garbage loop's Italian "basta" (B AA S T AH) fit their "fˈastə" /
/// "fˈɑːstɐ" better than F AE S T ER did, so the file was rejected or, worse, heard as the
/// Italian "stop". Two regular differences, added as variants after cmudict's own:
///
/// - **Non-rhotic**: most of England and Wales, Australia, New Zealand, South Africa and much of
///   the Caribbean say no r that no vowel follows, so an unstressed final "-er" is a schwa (AH):
///   "faster" F AE S T AH, "numbers" N AH M B AH Z. Only an ER that ends the word (or comes
///   before a final Z or D) after another vowel: a lone ER is the stressed vowel of "her",
///   "first", "were", which these accents keep.
/// - **Broad BATH**: southern England says "a" before f or s and a consonant (or at the end of
///   the word) as the long "ɑː" (AA): "faster", "last", "after", "class"; Scottish English has
///   one open "a" nearer AA than AE. Not before "th": "math(s)" keeps its short "a" in Britain.
///   A rule, not a word list, so "gas" gets the long "a" too: a path the search may take, not
///   one it must.
///
/// Measured in docs/recognizer-measurements.md ("English accents").
public enum EnglishAccents {
    static let vowels: Set<Substring> = ["AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW"]

    /// The other pronunciations of `phones` (a cmudict pronunciation, phones separated by
    /// spaces): non-rhotic, broad BATH, and both, as far as they differ from it.
    public static func variants(of phones: String) -> [String] {
        let p = phones.split(separator: " "), schwa = nonRhotic(p)
        var found: [String] = []
        for v in [schwa, broadBath(p), schwa.flatMap(broadBath)].compactMap({ $0 }) {
            let text = v.joined(separator: " ")
            if text != phones, !found.contains(text) { found.append(text) }
        }
        return found
    }

    /// `p` with its unstressed final ER as AH, or nil when it has none.
    static func nonRhotic(_ p: [Substring]) -> [Substring]? {
        guard let i = p.lastIndex(of: "ER"), i == p.count - 1 || (i == p.count - 2 && ["Z", "D"].contains(p[i + 1])),
              p[..<i].contains(where: vowels.contains) else { return nil }
        var v = p
        v[i] = "AH"
        return v
    }

    /// `p` with every AE before F or S that ends the word or meets a consonant as AA, or nil when
    /// it has none.
    static func broadBath(_ p: [Substring]) -> [Substring]? {
        var v = p, changed = false
        for i in p.indices.dropLast() where p[i] == "AE" && ["F", "S"].contains(p[i + 1]) {
            if i + 2 == p.count || !vowels.contains(p[i + 2]) { v[i] = "AA"; changed = true }
        }
        return changed ? v : nil
    }

    /// `dictionary` with every pronunciation's variants added after the pronunciations of its
    /// word (the first stays the decoder's `word`, the variants become `word(2)` and later).
    public static func adding(to dictionary: PronunciationDictionary) -> PronunciationDictionary {
        var all = dictionary
        for (word, list) in dictionary.entries {   // each word's list keeps its own order
            for phones in list { for v in variants(of: phones) { all.add(word, v) } }
        }
        return all
    }
}
