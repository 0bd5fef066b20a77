extension MatchResult {
    /// How sure the decoder must be of a command heard in the other language than the one the
    /// speaker set (`parlo listen --language`, `parlo batch --language`).
    ///
    /// Speech of one language forced onto a command of the other is a third of the wrong
    /// results that pass live listening's 0.5 on DEV ("che ore sono" → "read slower", "my
    /// brother plays football" → "vai a italiano per favore"). Chosen on DEV (docs/listening.md,
    /// "Session language"): at 0.8, live, 28 of those 33 go and no right result; per file, the
    /// non-commands firing fall from 52 to 39 of 318 and every right command stays.
    public static let otherLanguageConfidence = 0.8

    /// This match, or a rejection when it is a command in another language than `session`
    /// heard with less than `threshold` confidence (the decoder's). A nil `session` accepts
    /// both languages alike. Match with `CommandMatcher.match(_:filter:preferring:)` first, so
    /// a sentence both languages share counts as the speaker's.
    public func spoken(in session: Language?, confidence: Double,
                       threshold: Double = MatchResult.otherLanguageConfidence) -> MatchResult {
        guard let session, !rejected, command != nil, let heard = language, heard != session,
              confidence < threshold else { return self }
        let sure = (confidence * 1000).rounded() / 1000
        return .rejection(text, reason: "a command in \(heard), not the speaker's \(session), heard with confidence \(sure) below \(threshold)")
    }
}
