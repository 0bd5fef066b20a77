import CSndFile
import Foundation

/// A sink writing 16-bit mono WAV through libsndfile; what is written counts as heard at once.
///
/// Owns the `SNDFILE*` and closes it (finalising the header) in `close()` or `deinit`.
public final class WAVFileSink: SpeechSink, @unchecked Sendable {
    public let sampleRate: Int
    public let path: String
    private var handle: OpaquePointer?
    private var frames = 0

    public init(path: String, sampleRate: Int = 22050) throws {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        guard let h = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw SpeechError(.sinkFailed, "cannot create \(path): \(String(cString: sf_strerror(nil)))")
        }
        handle = h
        self.path = path
        self.sampleRate = sampleRate
    }

    deinit { close() }

    public func write(_ samples: [Int16]) throws {
        guard let handle else { throw SpeechError(.sinkFailed, "\(path) is already closed") }
        let n = samples.withUnsafeBufferPointer { sf_write_short(handle, $0.baseAddress, sf_count_t($0.count)) }
        guard n == samples.count else {
            throw SpeechError(.sinkFailed, "cannot write \(path): \(String(cString: sf_strerror(handle)))")
        }
        frames += samples.count
    }

    public var playedFrames: Int { frames }
    public var writtenFrames: Int { frames }
    public func pause() throws {}
    public func resume() throws {}
    /// Nothing is pending in a file: written is heard.
    public func flush() throws {}
    public func drain() throws { if let handle { sf_write_sync(handle) } }

    /// Finalises the WAV header; further writes fail.
    public func close() {
        if let handle { sf_close(handle) }
        handle = nil
    }
}
