/// Tells speech from noise, window by window, from the audio itself rather than from its level.
///
/// An energy threshold cannot tell a loud fan from a soft voice: in steady room noise at 10 dB
/// SNR and below it merges utterances or loses them. A classifier that looks at the spectrum
/// (WebRTC's, in ParloVoiceActivity) keeps the endpointer's decisions right there; the endpointer
/// stays a pure state machine by taking the classifier's verdicts as input.
///
/// Streaming contract: `classify` is fed consecutive audio from the stream's first sample and
/// calls `each` once per completed window of `windowSamples`, in order, the same windows as the
/// level meter's. Not thread-safe: one per stream.
public protocol VoiceActivityClassifier: AnyObject {
    /// Samples per verdict (the level meter's window: 320 at 16 kHz).
    var windowSamples: Int { get }
    /// Classifies the completed windows of `samples` (buffering a partial one).
    func classify(_ samples: UnsafeBufferPointer<Int16>, each: (Bool) throws -> Void) rethrows
    /// Forgets the stream (adaptation and buffered samples).
    func reset()
}
