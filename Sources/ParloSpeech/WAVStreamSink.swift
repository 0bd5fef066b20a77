#if canImport(Glibc)
import Glibc
#endif

/// A sink writing 16-bit mono WAV to a pipe, standard output by default:
/// `parlo say --out - hi | aplay`. What is written counts as heard at once, as with a file.
///
/// A pipe cannot seek back to fill in the sizes when the speech ends, so the header is written
/// first with both sizes 0xFFFFFFFF, the "length unknown" of streamed WAV (ffmpeg writes it to
/// pipes): aplay and sox play to the end of the stream and libsndfile reads the frames that
/// are there. A size of 0, the other choice, makes aplay play nothing (checked with aplay
/// 1.2.8 and libsndfile 1.2.0).
// @unchecked Sendable: `frames` changes only in `write`, which the owning SpeechQueue actor calls one at a time.
public final class WAVStreamSink: ClocklessSpeechSink, @unchecked Sendable {
    public let sampleRate: Int
    private let fd: Int32
    private let name: String
    private var frames = 0

    /// Writes the header to `fileDescriptor` at once, so even nothing spoken is a valid WAV.
    /// `name` says in errors where the audio went ("standard output").
    public init(fileDescriptor: Int32 = STDOUT_FILENO, name: String = "standard output", sampleRate: Int = 22050) throws {
        self.fd = fileDescriptor
        self.name = name
        self.sampleRate = sampleRate
        try put(Self.header(sampleRate: sampleRate))
    }

    /// The 44-byte header of a mono 16-bit PCM WAV whose length is not known yet.
    public static func header(sampleRate: Int) -> [UInt8] {
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
        let unknown: UInt32 = 0xFFFF_FFFF, rate = UInt32(sampleRate)
        return Array("RIFF".utf8) + le32(unknown) + Array("WAVEfmt ".utf8) + le32(16)
            + le16(1) + le16(1) + le32(rate) + le32(rate * 2) + le16(2) + le16(16)
            + Array("data".utf8) + le32(unknown)
    }

    public func write(_ samples: [Int16]) throws {
        var bytes = [UInt8](repeating: 0, count: samples.count * 2)
        for (i, s) in samples.enumerated() {
            bytes[2 * i] = UInt8(truncatingIfNeeded: s)
            bytes[2 * i + 1] = UInt8(truncatingIfNeeded: s >> 8)
        }
        try put(bytes)
        frames += samples.count
    }

    /// Writes all of `bytes`; a reader that went away (EPIPE, with SIGPIPE ignored) is an error.
    private func put(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    if errno == EPIPE { throw SpeechError(.readerGone, "\(name) was closed before the speech ended") }
                    throw SpeechError(.sinkFailed, "cannot write the speech to \(name): \(String(cString: strerror(errno)))")
                }
                offset += n
            }
        }
    }

    /// Frames written to the pipe: nothing there can be taken back, so written is heard.
    public var writtenFrames: Int { frames }
}
