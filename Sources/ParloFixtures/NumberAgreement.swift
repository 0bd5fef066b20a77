import ParloCatalog

/// Whether a sentence's unit noun agrees with its number the way a student would say it.
///
/// Catalogs accept both forms after any number ("start a timer for (minute|minutes)"): a
/// student who slips still gets the timer. Fixtures should sound natural, though: "one minutes"
/// or "quattro minuto" spoken by a synthetic voice tests the recognizer on speech nobody
/// produces, and the first fixture set had 9 of its 48 timer sentences that way. Rules:
/// singular after one, plural otherwise; in English a unit before the noun it describes stays
/// singular ("a twenty five minute timer").
enum NumberAgreement {
    struct Units {
        let singular: Set<String>
        let plural: Set<String>
        /// Nouns a unit may describe (English attributive use: "minute timer").
        let heads: Set<String>
    }

    static let units: [Language: Units] = [
        .english: Units(singular: ["minute", "second"], plural: ["minutes", "seconds"], heads: ["timer", "break"]),
        .italian: Units(singular: ["minuto", "secondo"], plural: ["minuti", "secondi"], heads: []),
    ]

    /// True unless a unit noun disagrees with the sentence's number.
    static func isNatural(_ words: [String], slots: [String: SlotValue], language: Language) -> Bool {
        guard let units = units[language], let n = slots.values.compactMap(\.intValue).first else { return true }
        for (i, w) in words.enumerated() {
            let attributive = i + 1 < words.count && units.heads.contains(words[i + 1])
            if units.singular.contains(w) && n != 1 && !attributive { return false }
            if units.plural.contains(w) && (n == 1 || attributive) { return false }
        }
        return true
    }
}
