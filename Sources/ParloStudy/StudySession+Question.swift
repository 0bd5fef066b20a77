import ParloCatalog
import ParloCommands
import ParloCore
import ParloSpeech

/// Asking back: a spoken command whose slot value may be wrong is repeated as a question
/// ("Ten minutes?") and waits for "yes" or "no" instead of acting on a guess.
///
/// A wrong slot costs more than a question: a timer of fifty minutes instead of fifteen runs
/// unnoticed, the wrong subject stops the reading. Commands without slots are not asked back
/// (a wrong "pause" is undone by "resume"), nor typed ones (nothing was guessed).
extension StudySession {
    /// Confidence below which a spoken command with slots is asked back (the default of
    /// `setAskBackThreshold`). Chosen on the development streams (docs/listening.md, "Asking
    /// back"): of 235 slot commands accepted there, 0.7 asks about 50, which hold 23 of the 47
    /// wrong ones (27 right ones get a "yes"); 0.8 would ask 87 to catch 29.
    public static let askBackBelow = 0.7
    /// Seconds (of the session clock) a question waits for its answer before it is dropped,
    /// silently: the student has moved on, and a late "yes" must not start a forgotten timer.
    public static let questionTimeout = 8.0

    /// A command asked back, waiting for its answer.
    struct Question {
        var command: any StudyCommand
        var match: MatchResult
        var asked: Double
    }

    /// Sets the confidence below which spoken commands with slots are asked back (0: never), for
    /// `parlo study --ask-back-below` and for tests of the pipeline rather than of asking.
    public func setAskBackThreshold(_ threshold: Double) { askBackThreshold = threshold }

    /// Whether a question is waiting for "yes" or "no".
    public var isAsking: Bool { question != nil }

    /// Spoken, unsure, with slot values, and the answers can be heard (the session's catalog
    /// has them: see `StudyAnswers.adding(to:)`).
    func shouldAskBack(_ m: MatchResult) -> Bool {
        guard source != "text", let c = confidence, c < askBackThreshold, !m.slots.isEmpty else { return false }
        return StudyAnswers.commands.isSubset(of: commands)
    }

    func askBack(_ command: any StudyCommand, _ m: MatchResult) async {
        question = Question(command: command, match: m, asked: clock.now())
        emit(.confirm(m, confidence: confidence ?? 0))
        await registry.activate(scope: Self.questionScope)
        await say(StudyReplies.askBack(m.slots), m.speechLanguage)
    }

    /// "Yes" runs the command asked about; "no" drops it and says so, in the question's language
    /// ("no" is both English and Italian). Without a question the answers' scope is off, so an
    /// answer cannot arrive here; if one does, it does nothing.
    func answer(confirmed: Bool, _ m: MatchResult) async throws {
        guard let q = question else { return }
        emit(.command(m, source: source, speaking: isSpeaking))
        question = nil
        await registry.deactivate(scope: Self.questionScope)
        if confirmed { return try await run(q.command, q.match) }
        emit(.confirmCancelled(.init(command: q.match.command ?? "", reason: "no")))
        await say(StudyReplies.cancelled, q.match.speechLanguage)
    }

    /// Drops the question once its time is up (no reply: nobody is waiting for one).
    func expireQuestion() async {
        guard let q = question, clock.now() - q.asked >= Self.questionTimeout else { return }
        await dropQuestion("timeout")
    }

    /// Drops the question without a word (another command came instead, or time ran out).
    func dropQuestion(_ reason: String) async {
        guard let q = question else { return }
        question = nil
        emit(.confirmCancelled(.init(command: q.match.command ?? "", reason: reason)))
        await registry.deactivate(scope: Self.questionScope)
    }
}
