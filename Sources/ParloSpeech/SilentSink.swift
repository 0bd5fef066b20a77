/// A sink that plays nothing: replies are only printed (`parlo study --text --mute`, or no sound
/// card). Every frame counts as heard the moment it is written, so the queue's events and its
/// every-utterance-ends-once rule work as with a file, and memory stays flat however long the
/// session runs (unlike `MemorySink`, which keeps the audio).
// @unchecked Sendable: the counter is touched only by the queue's actor, one call at a time (see `SpeechSink`).
public final class SilentSink: ClocklessSpeechSink, @unchecked Sendable {
    public let sampleRate: Int
    private var frames = 0

    public init(sampleRate: Int = 22050) { self.sampleRate = sampleRate }

    public func write(_ samples: [Int16]) throws { frames += samples.count }
    public var writtenFrames: Int { frames }
}
