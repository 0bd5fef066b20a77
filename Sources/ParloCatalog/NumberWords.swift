/// Numbers spoken as words, per language, for number-range slots (0…999).
///
/// The first phrase of each list is the canonical spoken form; the others are variants people
/// say too (Italian "un" before a noun, "ventun" before a plural noun). Multi-word phrases use
/// single spaces so that each word is a grammar word with its own pronunciation.
public enum NumberWords {
    /// Languages whose numbers Parlo can speak as words.
    public static let languages: Set<Language> = [.english, .italian]

    /// Spoken forms of `n` in `language`, canonical first; nil outside 0…999 or for other languages.
    public static func phrases(_ n: Int, in language: Language) -> [String]? {
        guard (0...999).contains(n) else { return nil }
        switch language {
        case .english: return [english(n)]
        case .italian: return italian(n)
        default: return nil
        }
    }

    // MARK: English

    static let englishOnes = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                              "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                              "seventeen", "eighteen", "nineteen"]
    static let englishTens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// "twenty five", "one hundred five": words separated by spaces, no hyphens (cmudict has none).
    static func english(_ n: Int) -> String {
        if n < 20 { return englishOnes[n] }
        if n < 100 {
            let t = englishTens[n / 10], u = n % 10
            return u == 0 ? t : "\(t) \(englishOnes[u])"
        }
        let h = "\(englishOnes[n / 100]) hundred"
        return n % 100 == 0 ? h : "\(h) \(english(n % 100))"
    }

    // MARK: Italian

    static let italianOnes = ["zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove",
                              "dieci", "undici", "dodici", "tredici", "quattordici", "quindici", "sedici",
                              "diciassette", "diciotto", "diciannove"]
    static let italianTens = ["", "", "venti", "trenta", "quaranta", "cinquanta", "sessanta", "settanta", "ottanta", "novanta"]

    /// Italian numbers are one word: tens drop their final vowel before "uno" and "otto"
    /// (ventuno, trentotto), "tre" at the end is stressed (ventitré). 1 is "uno", or "un" before
    /// a noun ("un minuto"); 21, 31 … also "ventun" ("ventun minuti").
    static func italian(_ n: Int) -> [String] {
        if n == 1 { return ["uno", "un"] }
        let main = italianWord(n)
        if n > 20, n % 10 == 1, n % 100 != 11 { return [main, String(main.dropLast())] }
        return [main]
    }

    static func italianWord(_ n: Int) -> String {
        if n < 20 { return italianOnes[n] }
        if n < 100 {
            let tens = italianTens[n / 10], u = n % 10
            switch u {
            case 0: return tens
            case 1, 8: return String(tens.dropLast()) + italianOnes[u]
            case 3: return tens + "tré"
            default: return tens + italianOnes[u]
            }
        }
        let hundreds = n / 100 == 1 ? "cento" : italianOnes[n / 100] + "cento"
        let rest = n % 100
        if rest == 0 { return hundreds }
        // "centotto" (cento + otto elides); "centouno" keeps both vowels.
        if rest == 8 || (rest >= 80 && rest < 90) { return String(hundreds.dropLast()) + italianWord(rest) }
        return hundreds + italianWord(rest)
    }

    /// Every spoken word (after `Spelling.grammarWord`) → value, for numbers 0…999 in all
    /// languages; multi-word English numbers are composed by the reader (tens + unit, hundreds).
    public static func wordValues() -> [String: Int] {
        var table: [String: Int] = [:]
        for n in 0...999 {
            for p in italian(n) { table[Spelling.grammarWord(p)] = n }
        }
        for (i, w) in englishOnes.enumerated() { table[w] = i }
        for (i, w) in englishTens.enumerated() where !w.isEmpty { table[w] = i * 10 }
        return table
    }
}
