import ParloAudio

/// A sink writing 16-bit mono WAV; what is written counts as heard at once.
///
/// Closes the file (finalising the header) in `close()` or when released.
// @unchecked Sendable: `writer` and `frames` are used only by SpeechSink methods, which the owning SpeechQueue actor calls one at a time; `close()` is called after the queue has drained.
public final class WAVFileSink: ClocklessSpeechSink, @unchecked Sendable {
    public let sampleRate: Int
    public let path: String
    private let writer: SoundFileWriter
    private var frames = 0

    public init(path: String, sampleRate: Int = 22050) throws {
        do {
            writer = try SoundFileWriter(path: path, sampleRate: sampleRate, format: .wav16)
            // An interrupted say/read/study keeps a readable file of what was spoken.
            writer.updateHeaderOnEveryWrite()
        } catch let error as AudioError {
            throw error     // already one line naming the path, what is wrong and what to do
        } catch {
            throw SpeechError(.sinkFailed, "cannot create \(path): \(error)")
        }
        self.path = path
        self.sampleRate = sampleRate
    }

    public func write(_ samples: [Int16]) throws {
        do { try writer.write(samples) } catch {
            throw SpeechError(.sinkFailed, "cannot write \(path): \(error)")
        }
        frames += samples.count
    }

    public var writtenFrames: Int { frames }
    public func drain() throws { writer.sync() }

    /// Finalises the WAV header; further writes fail.
    public func close() { writer.close() }
}
