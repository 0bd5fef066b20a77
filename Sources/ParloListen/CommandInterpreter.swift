import Foundation
import ParloCommands
import ParloCore
import ParloRecognizer

/// Whether Parlo is speaking, readable from the listening task without an actor hop.
///
/// The pipeline's interpreter is synchronous (it runs inside `ListenPipeline.process`), so the
/// session publishes its speaking state here under a lock; the commands active now are the
/// registry's (`VoiceCommandRegistry.activeSet`), kept in one place.
// @unchecked Sendable: `_speaking` is read and written only under `lock`.
public final class SpeakingGate: @unchecked Sendable {
    private let lock = NSLock()
    private var _speaking = false

    public init() {}

    public func set(speaking: Bool) { lock.withLock { _speaking = speaking } }
    public var speaking: Bool { lock.withLock { _speaking } }
}

/// Turns a recognised utterance into a command of the active set, stricter while Parlo speaks
/// (`parlo listen` uses it with no gate: every command, always).
///
/// While speech output runs, the microphone also hears Parlo. Only the registry's active commands
/// (the reading controls) can match then, and two more checks guard against Parlo's own words:
/// the text must match a catalog sentence almost exactly (`strictConfidence`), and the utterance
/// must be short (`maxSecondsWhileSpeaking`): a reading control is one or two words, while leaked
/// speech runs on until the endpointer cuts it.
public struct CommandInterpreter: HypothesisInterpreter {
    /// When this interpreter may act: with two decoders, each owns one state of the gate.
    public enum Role: Sendable { case always, whenSilent, whileSpeaking }
    public let matcher: CommandMatcher
    /// Nil: Parlo never speaks over this listener and every command is active (`parlo listen`).
    public let gate: SpeakingGate?
    /// Whose active commands may match; nil: all of them.
    public let registry: VoiceCommandRegistry?
    public let role: Role
    /// Match confidence needed when Parlo is silent (the matcher's own threshold).
    public var confidence = 0.65
    /// Match confidence needed while Parlo speaks.
    public var strictConfidence = 0.9
    public var maxSecondsWhileSpeaking = 2.5
    /// The language the speaker uses; nil: English and Italian alike. A command heard in the
    /// other language counts only when the decoder is `MatchResult.otherLanguageConfidence` sure.
    public var language: Language?
    /// Measures each slot value of a spoken command (`MatchResult.slotConfidence`); nil: none.
    public var slots: SlotConfidence?

    public init(matcher: CommandMatcher, gate: SpeakingGate? = nil, registry: VoiceCommandRegistry? = nil, role: Role = .always) {
        self.matcher = matcher; self.gate = gate; self.registry = registry; self.role = role
    }

    /// Words heard so far that match no command yet, or not surely enough: "set a timer for",
    /// "apri la". They come from the decoder's partial hypothesis, so they are catalog words on
    /// a command's path; nothing heard (the garbage loop's words are not words here) awaits nothing.
    public func awaitsMore(after words: String) -> Bool {
        guard !words.isEmpty else { return false }
        let match = matcher.match(words, filter: registry.map { matcher.filter(allowing: $0.activeSet) }, preferring: language)
        return match.rejected || match.command == nil || match.confidence < confidence
    }

    public func interpret(_ r: Recognition) -> MatchResult {
        guard !r.text.isEmpty, !r.rejected else { return .rejection(r.text, reason: "nothing recognised") }
        let speaking = gate?.speaking ?? false
        if role == .whenSilent && speaking { return .rejection(r.text, reason: "Parlo is speaking: only reading controls count") }
        if role == .whileSpeaking && !speaking { return .rejection(r.text, reason: "Parlo is silent: the full catalog decides") }
        let match = matcher.match(r.text, filter: registry.map { matcher.filter(allowing: $0.activeSet) }, preferring: language)
        guard !match.rejected, match.command != nil else { return match }
        let needed = speaking ? strictConfidence : confidence
        if match.confidence < needed {
            return .rejection(r.text, reason: "confidence \(match.confidence) below \(needed)\(speaking ? " while speaking" : "")")
        }
        if speaking, r.audioSeconds > maxSecondsWhileSpeaking {
            return .rejection(r.text, reason: "utterance of \(r.audioSeconds) s too long for a reading control while speaking")
        }
        var spoken = match.spoken(in: language, confidence: r.confidence)
        if let slots, !spoken.rejected, !spoken.slots.isEmpty {
            let values = slots.values(of: spoken, words: r.words, resultConfidence: r.confidence)
            spoken.slotConfidence = values.mapValues(\.confidence)
            spoken.slotEvidence = values.compactMapValues(\.wordScorePerFrame)
        }
        return spoken
    }
}
