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
    /// Recognition confidence below which a spoken command with slots is asked back (the default
    /// of `askBackThreshold`). A starting point: tune it on the development set
    /// (`scripts/fit-confidence --report`), trading questions on right commands against wrong
    /// slot values acted on. The demo session's right "usa la voce di mia" came at 0.73.
    public static let askBackBelow = 0.8
    /// Seconds (of the session clock) a question waits for its answer before it is dropped,
    /// silently: the student has moved on, and a late "yes" must not start a forgotten timer.
    public static let questionTimeout = 8.0

    /// A command asked back, waiting for its answer.
    struct Question {
        var name: String
        var match: MatchResult
        var asked: Double
    }

    /// Sets the confidence below which spoken commands with slots are asked back (0: never), for
    /// tuning (`parlo study --ask-back-below`) and for tests of the pipeline rather than of asking.
    public func setAskBackThreshold(_ threshold: Double) { askBackThreshold = threshold }

    /// Whether a question is waiting for "yes" or "no".
    public var isAsking: Bool { question != nil }

    /// The registry's handler for every command: answers go to the pending question, unsure
    /// spoken commands with slots are asked back, everything else runs.
    func perform(_ name: String, _ m: MatchResult) async throws {
        if StudyAnswers.commands.contains(name) { return try await answer(confirmed: name == StudyAnswers.confirm, m) }
        if question != nil { await dropQuestion("another command") }
        if shouldAskBack(m) { return await askBack(name, m) }
        try await run(name, m)
    }

    /// Spoken, unsure, with slot values, and the answers can be heard (the session's catalog
    /// has them: see `StudyAnswers.adding(to:)`).
    func shouldAskBack(_ m: MatchResult) -> Bool {
        guard source != "text", let c = confidence, c < askBackThreshold, !m.slots.isEmpty else { return false }
        return StudyAnswers.commands.isSubset(of: commands)
    }

    func askBack(_ name: String, _ m: MatchResult) async {
        question = Question(name: name, match: m, asked: clock.now())
        var fields = StudyEvent.command(m, source: source, speaking: isSpeaking).fields
        fields["confidence"] = .number(((confidence ?? 0) * 1000).rounded() / 1000)
        fields["match_confidence"] = .number((m.confidence * 1000).rounded() / 1000)
        emit(StudyEvent("confirm", fields))
        await setQuestionScope()
        await say(StudyReplies.askBack(m.slots), m.speechLanguage)
    }

    /// "Yes" runs the command asked about; "no" drops it and says so, in the question's language
    /// ("no" is both English and Italian). Without a question the answers' scope is off, so an
    /// answer cannot arrive here; if one does, it does nothing.
    func answer(confirmed: Bool, _ m: MatchResult) async throws {
        guard let q = question else { return }
        emit(.command(m, source: source, speaking: isSpeaking))
        question = nil
        await setQuestionScope()
        if confirmed { return try await run(q.name, q.match) }
        emit(StudyEvent("confirm_cancelled", ["command": .string(q.name), "reason": .string("no")]))
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
        emit(StudyEvent("confirm_cancelled", ["command": .string(q.name), "reason": .string(reason)]))
        await setQuestionScope()
    }

    /// The answers can match only while a question is pending (registry and voice gate).
    private func setQuestionScope() async {
        if question == nil { await registry.deactivate(scope: Self.questionScope) } else { await registry.activate(scope: Self.questionScope) }
        refreshGate()
    }
}
