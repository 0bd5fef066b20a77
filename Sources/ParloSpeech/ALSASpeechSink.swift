import ParloALSA
import ParloMeter

/// Speech to a sound card: the queue's `SpeechSink` on an ALSA playback device.
///
/// `playedFrames` comes from the device clock (frames written minus `snd_pcm_delay`), so word
/// events fire when the word is heard. Every buffer also passes a level meter, so a UI can pulse
/// the speaking character's avatar from `levels`.
// @unchecked Sendable: its counters change only inside SpeechSink methods, which the SpeechQueue actor owning the sink calls one at a time (see `SpeechSink`); `player` and `levels` are `let`s.
public final class ALSASpeechSink: SpeechSink, @unchecked Sendable {
    public let sampleRate: Int
    public let player: ALSAPlayer
    /// Output levels (20 ms windows, newest only), for a speaking indicator.
    public let levels: LevelStream
    private var written = 0
    private var heardHighWater = 0
    private var paused = false

    public init(device: String = "default", sampleRate: Int = 22_050, configuration: ALSAConfiguration? = nil) throws {
        self.sampleRate = sampleRate
        player = try ALSAPlayer(device: device, sampleRate: sampleRate, configuration: configuration)
        levels = LevelStream(meter: LevelMeter(sampleRate: sampleRate))
    }

    public func write(_ samples: [Int16]) throws {
        try player.play(samples)
        written += samples.count
        samples.withUnsafeBufferPointer { levels.process($0) }
    }

    public var playedFrames: Int {
        heardHighWater = max(heardHighWater, min(written, written - player.pendingFrames))
        return heardHighWater
    }

    public var writtenFrames: Int { written }

    /// The queue pauses by flushing and resuming at the word; a device hold is not needed.
    public func pause() throws { paused = true }
    public func resume() throws { paused = false }

    public func flush() throws {
        let heard = playedFrames
        try player.stop()
        written = heard
    }

    public func drain() throws { try player.finish() }
}
