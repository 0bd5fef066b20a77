import CSndFile
import ParloCore

/// Writes audio files through libsndfile (WAV, FLAC, …); owns the `SNDFILE*`.
///
/// Used for fixtures, speech output to a file, and tests that need audio in a given format.
public final class SoundFileWriter {
    /// Containers and sample encodings Parlo writes.
    public enum Format: Sendable {
        case wav16, wav24, wavFloat, flac16

        var sndfile: Int32 {
            switch self {
            case .wav16: return Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
            case .wav24: return Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24)
            case .wavFloat: return Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
            case .flac16: return Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
            }
        }
    }

    private var handle: OpaquePointer?
    public let path: String
    public let channels: Int

    public init(path: String, sampleRate: Int, channels: Int = 1, format: Format = .wav16) throws {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = format.sndfile
        guard let h = sf_open(path, Int32(SFM_WRITE), &info) else {
            let reason = String(cString: sf_strerror(nil))
            if let problem = FileProblem.writing(path) { throw AudioError(.inaccessible, path: path, problem) }
            throw AudioError(.cannotWrite, path: path, "cannot write (\(reason))")
        }
        handle = h
        self.path = path
        self.channels = channels
    }

    deinit { close() }

    /// Rewrites the header's sizes after every write, so a process killed mid-way (SIGINT,
    /// SIGTERM, a crash) leaves a file whose header covers what was written instead of one
    /// claiming 0 bytes of data. Costs a seek and a header write per call: meant for streams
    /// written in blocks (speech), not sample by sample.
    public func updateHeaderOnEveryWrite() {
        if let handle { sf_command(handle, Int32(SFC_SET_UPDATE_HEADER_AUTO), nil, Int32(SF_TRUE)) }
    }

    /// Finalises the header and closes the file; later writes fail.
    public func close() {
        if let handle { sf_close(handle) }
        handle = nil
    }

    /// Pushes what libsndfile buffers to the file.
    public func sync() { if let handle { sf_write_sync(handle) } }

    private func open() throws -> OpaquePointer {
        guard let handle else { throw AudioError(.readFailed, path: path, "already closed") }
        return handle
    }

    /// Appends interleaved float samples in −1…1.
    public func write(_ samples: [Float]) throws {
        let handle = try open(), frames = samples.count / channels
        let written = samples.withUnsafeBufferPointer { sf_writef_float(handle, $0.baseAddress, sf_count_t(frames)) }
        guard written == frames else { throw AudioError(.readFailed, path: path, "short write") }
    }

    /// Appends interleaved 16-bit samples.
    public func write(_ samples: [Int16]) throws {
        let handle = try open(), frames = samples.count / channels
        let written = samples.withUnsafeBufferPointer { sf_writef_short(handle, $0.baseAddress, sf_count_t(frames)) }
        guard written == frames else { throw AudioError(.readFailed, path: path, "short write") }
    }
}
