import ParloEndpointer

/// What a `ListenPipeline` is set up with: its endpointer, how often it looks at partial
/// results, and how each utterance's final result is decoded.
extension ListenPipeline {
    public struct Options {
        public var endpointer = EndpointerConfiguration()
        /// Stream seconds between partial-hypothesis checks while speaking.
        public var partialInterval = 0.2
        /// Whether `level` events are emitted (the `levels` stream is fed either way).
        public var emitLevels = true
        /// How the final hypothesis is made once the utterance ends.
        public var finalPass = FinalPass.batchUntilWarm
        /// After each utterance, move the streaming cepstral mean towards it, the current mean
        /// counting as this many seconds of speech (nil: PocketSphinx's own update alone). With
        /// this PocketSphinx the stream's mean counts as 5 s whatever the value
        /// (`Recognizer.adaptStreamingMean`).
        public var cepstralAdaptationSeconds: Double?
        /// With `FinalPass.batch`: each utterance's whole decode blends its own cepstral mean with
        /// the running mean of the utterances before it in the stream (`streamCepstralMemorySeconds`),
        /// which counts as this many seconds of speech; nil: with the model's mean, as a file on its
        /// own is. A long recording's stream knows its speaker and room; a short utterance alone
        /// (half of "front … centre" in babble) measures its mean on little but noise.
        public var streamCepstralPriorSeconds: Double?
        /// Decode an utterance again whole, normalised as a file is (its own cepstral mean blended
        /// with the model's), when its voice lies this far from the stream's so far
        /// (`StreamingMeanState.shift`): begun when the speaker pauses, so that the hangover hides
        /// it (`ListenPipeline+WholeDecode`). Nil: never, the default: on DEV it gained 10 of 360
        /// commands of voice-changing streams, and lost 4 of 720 on the plain ones and 15 of 720
        /// on TEST (docs/listening.md, session 63).
        public var wholeDecodeVoiceShift: Double?
        public init() {}
    }

    /// Streaming decoding gives partials and an instant final result, but PocketSphinx's live
    /// cepstral mean starts from a model default and misrecognises until it has seen a few
    /// utterances ("ten of clubs" → "five ten of clubs" on a fresh decoder). Re-decoding the
    /// kept utterance in one batch normalises over the whole utterance: exact, ~30–70 ms more.
    public enum FinalPass: Sendable {
        /// Use the streaming result (lowest latency).
        case streaming
        /// Re-decode every utterance as a whole (best accuracy).
        case batch
        /// Re-decode the first `warmUtterances` utterances, then trust streaming.
        case batchUntilWarm
    }
}
