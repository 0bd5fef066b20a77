import ParloCore

/// Why an audio file could not be turned into speech samples.
public struct AudioError: ParloError, Equatable {
    public enum Code: Sendable, Equatable {
        case cannotOpen, empty, truncated, unsupported, readFailed, badRawFormat, resampler
    }
    public var code: Code
    /// The file concerned (or "" for stages that have none).
    public var path: String
    /// The library's own words or Parlo's explanation.
    public var detail: String

    public init(_ code: Code, path: String, _ detail: String) {
        self.code = code; self.path = path; self.detail = detail
    }

    public var message: String {
        let hint: String
        switch code {
        case .cannotOpen: hint = "is it an audio file libsndfile reads (WAV, FLAC, OGG, AIFF…)? For headerless PCM pass --raw-rate and --raw-format"
        case .empty: hint = "the file holds no samples; re-record or remove it"
        case .truncated: hint = "the file ends before its header says; re-export or re-record it"
        case .unsupported: hint = "convert it to 16-bit WAV (e.g. `sox IN -b 16 OUT.wav`)"
        case .readFailed: hint = "the data could not be decoded; check the file is not corrupt"
        case .badRawFormat: hint = "use --raw-format s8|u8|s16le|s16be|s24le|s32le|f32le|f64le|ulaw|alaw and a --raw-rate in Hz"
        case .resampler: hint = "this is a libsoxr failure; report it with the file"
        }
        let name = path.isEmpty ? "" : "\(path): "
        return "\(name)\(detail) — \(hint)"
    }
}
