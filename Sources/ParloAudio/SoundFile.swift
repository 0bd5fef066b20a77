import CSndFile
import Foundation
import ParloCore

/// An open libsndfile handle, read in blocks of mono float samples at the file's own rate.
///
/// Owns the `SNDFILE*` and closes it in `deinit`; never shared between threads.
public final class SoundFile {
    private let handle: OpaquePointer
    public let path: String
    /// Rate, channels and frame count as libsndfile reports them.
    public let sampleRate: Int
    public let channels: Int
    public let frames: Int
    private var interleaved: [Float] = []
    private(set) public var framesRead = 0

    /// Opens `path`; `raw` describes headerless PCM (required for it, ignored otherwise).
    ///
    /// A file with a header (WAV, FLAC, …) is read by its header even when `raw` is given: its
    /// own rate and format are right, and forcing the raw ones read it as noise at a wrong speed.
    public init(path: String, raw: RawFormat? = nil) throws {
        // libsndfile calls a folder "Format not recognised" and a missing file a "System error":
        // name those cases first, so its own words are kept for files it really tried to parse.
        if let problem = FileProblem.reading(path) { throw AudioError(.inaccessible, path: path, problem) }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size == 0 {
            throw AudioError(.empty, path: path, "empty file (0 bytes)")
        }
        var info = SF_INFO()
        if let raw, !Self.hasHeader(path) {
            guard raw.sampleRate > 0, raw.channels > 0 else {
                throw AudioError(.badRawFormat, path: path, "raw rate and channels must be positive")
            }
            info.samplerate = Int32(raw.sampleRate)
            info.channels = Int32(raw.channels)
            info.format = raw.sndfileFormat
        }
        guard let h = sf_open(path, Int32(SFM_READ), &info) else {
            var reason = String(cString: sf_strerror(nil))
            if reason.hasSuffix(".") { reason.removeLast() }
            throw AudioError(.cannotOpen, path: path, "not audio libsndfile can read (\(reason))")
        }
        handle = h
        self.path = path
        sampleRate = Int(info.samplerate)
        channels = Int(info.channels)
        frames = Int(info.frames)
        guard frames > 0 else {
            sf_close(h)
            throw AudioError(.empty, path: path, "no audio (0 frames)")
        }
        guard sampleRate >= 1000, channels >= 1 else {
            sf_close(h)
            throw AudioError(.unsupported, path: path, "unusable format: \(sampleRate) Hz, \(channels) channels")
        }
        if let claimed = Self.truncation(in: Self.log(of: h)) {
            sf_close(h)
            throw AudioError(.truncated, path: path, "truncated: the header promises \(claimed)")
        }
    }

    /// Extensions of headerless PCM: raw options always apply to these, whatever the bytes look like.
    public static let headerlessExtensions: Set<String> = ["raw", "pcm"]

    /// Whether `path` carries its own format: not named `.raw`/`.pcm`, and libsndfile recognises
    /// its header. Raw options apply only to files for which this is false.
    public static func hasHeader(_ path: String) -> Bool {
        guard !headerlessExtensions.contains((path as NSString).pathExtension.lowercased()) else { return false }
        // Probing a FIFO or device would consume or block on its data: only regular files have headers to find.
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return false }
        var info = SF_INFO()
        guard let h = sf_open(path, Int32(SFM_READ), &info) else { return false }
        sf_close(h)
        return true
    }

    /// libsndfile's parse log for an open file: it notes where header and data disagree.
    private static func log(of handle: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        _ = buffer.withUnsafeMutableBytes { sf_command(handle, Int32(SFC_GET_LOG_INFO), $0.baseAddress, Int32($0.count)) }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// libsndfile quietly shortens a truncated file to the data it holds; its log keeps the
    /// evidence as "data : 32000 (should be 1000)". Returns the claimed size when data is short.
    /// A size of 0xFFFFFFFF is no promise: it is streamed WAV's "length unknown" (written to a
    /// pipe, e.g. `parlo say --out -`), whose audio is whatever follows.
    static func truncation(in log: String) -> String? {
        for line in log.split(separator: "\n") where line.hasPrefix("data") || line.hasPrefix("SSND") {
            guard let open = line.range(of: "(should be "), let colon = line.firstIndex(of: ":") else { continue }
            let claimed = Int(line[line.index(after: colon)..<open.lowerBound].trimmingCharacters(in: .whitespaces)) ?? 0
            let actual = Int(line[open.upperBound...].prefix { $0.isNumber }) ?? 0
            if actual < claimed && claimed != 0xFFFF_FFFF { return "\(claimed) bytes of audio, the file holds \(actual)" }
        }
        return nil
    }

    deinit { sf_close(handle) }

    /// Reads up to `maxFrames` frames, downmixed to mono by averaging channels.
    ///
    /// Returns an empty array at the end of the data. A read that ends before the frame count
    /// the header promised is reported as `.truncated`.
    public func readMono(maxFrames: Int) throws -> [Float] {
        let wanted = min(maxFrames, frames - framesRead)
        guard wanted > 0 else { return [] }
        let needed = wanted * channels
        if interleaved.count < needed { interleaved = [Float](repeating: 0, count: needed) }
        let got = interleaved.withUnsafeMutableBufferPointer {
            Int(sf_readf_float(handle, $0.baseAddress, sf_count_t(wanted)))
        }
        if sf_error(handle) != 0 {
            throw AudioError(.readFailed, path: path, "read failed: \(String(cString: sf_strerror(handle)))")
        }
        if got == 0 {
            throw AudioError(.truncated, path: path,
                             "truncated: header promises \(frames) frames, data ends after \(framesRead)")
        }
        framesRead += got
        if channels == 1 { return Array(interleaved[0..<got]) }
        var mono = [Float](repeating: 0, count: got)
        let scale = 1 / Float(channels)
        for i in 0..<got {
            var sum: Float = 0
            for c in 0..<channels { sum += interleaved[i * channels + c] }
            mono[i] = sum * scale
        }
        return mono
    }
}
