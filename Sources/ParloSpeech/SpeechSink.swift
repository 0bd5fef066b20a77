/// Where synthesised speech goes: a sound card, a WAV file, or memory in tests.
///
/// The queue never blocks on a sink for long: it writes at most a short look-ahead (≈ 200 ms)
/// beyond what has been heard and learns what the listener has heard from `playedFrames`.
/// That one number drives word highlighting, sentence progress and resume points, so a device
/// sink must report it from the device's clock (e.g. `written - snd_pcm_delay`), not from writes.
///
/// All methods are called from one task at a time (the queue's actor); implementations need
/// not be re-entrant but must be `Sendable` so the queue can hold them.
public protocol SpeechSink: AnyObject, Sendable {
    /// Rate of the samples the sink is given (eSpeak's, 22050 Hz). A device sink at another
    /// rate resamples; its frame counters stay in this rate.
    var sampleRate: Int { get }

    /// Appends mono Int16 samples after everything written so far. Must not block longer than
    /// the time it takes to play what is already pending.
    func write(_ samples: [Int16]) throws

    /// Frames the listener has heard since the sink was created. Monotonic; frames discarded by
    /// `flush` never count. Equal to `writtenFrames` for sinks with no clock (files).
    var playedFrames: Int { get }

    /// Frames accepted by `write` since the sink was created, minus those discarded by `flush`.
    var writtenFrames: Int { get }

    /// Holds playback at the current frame (device pause); pending frames are kept.
    func pause() throws

    /// Continues after `pause`.
    func resume() throws

    /// Discards every frame not yet heard, immediately; afterwards `writtenFrames == playedFrames`.
    func flush() throws

    /// Returns when every written frame has been heard (device drain, file sync).
    func drain() throws
}

/// A sink with no clock and nothing held back: a file, a pipe, or nothing at all. What is
/// written counts as heard at once, so there is nothing to pause, resume, flush or wait for;
/// such sinks implement only `write` and `writtenFrames` (and `drain` when a file must sync).
public protocol ClocklessSpeechSink: SpeechSink {}

extension ClocklessSpeechSink {
    public var playedFrames: Int { writtenFrames }
    public func pause() throws {}
    public func resume() throws {}
    public func flush() throws {}
    public func drain() throws {}
}
