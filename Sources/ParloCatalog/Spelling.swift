/// How catalog words are spelled in the grammar and dictionary.
///
/// PocketSphinx's dictionary is byte-exact, so grammar words are lower-case ASCII where
/// possible: accents are folded (più → piu) and typographic apostrophes become `'`.
/// The matcher folds typed text the same way, so both sides meet.
public enum Spelling {
    /// The grammar spelling of a word as written in a catalog.
    public static func grammarWord(_ word: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(word.unicodeScalars.count)
        for s in word.lowercased().unicodeScalars {
            if let folded = fold[s] { out.unicodeScalars.append(folded) } else { out.unicodeScalars.append(s) }
        }
        return out
    }

    /// Accented Latin letters and apostrophe variants → their plain form.
    public static let fold: [Unicode.Scalar: Unicode.Scalar] = {
        var m: [Unicode.Scalar: Unicode.Scalar] = [:]
        let groups: [(String, Unicode.Scalar)] = [
            ("àáâãäåā", "a"), ("èéêëē", "e"), ("ìíîïī", "i"), ("òóôõöō", "o"), ("ùúûüū", "u"),
            ("ÀÁÂÃÄÅĀ", "a"), ("ÈÉÊËĒ", "e"), ("ÌÍÎÏĪ", "i"), ("ÒÓÔÕÖŌ", "o"), ("ÙÚÛÜŪ", "u"),
            ("çÇ", "c"), ("ñÑ", "n"), ("’‘`´ʼ", "'"),
        ]
        for (letters, plain) in groups { for s in letters.unicodeScalars { m[s] = plain } }
        return m
    }()
}
