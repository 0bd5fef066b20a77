import ParloCore

/// Why an audio file could not be turned into speech samples.
public struct AudioError: ParloError, Equatable {
    /// `.cannotOpen`: a readable regular file libsndfile could not parse (not audio, or a
    /// format it lacks); `.inaccessible`: no file to parse at all (missing, a folder, a device,
    /// no permission, a link loop), `detail` says which and what to do; `.cannotWrite`: an
    /// output file libsndfile could not create.
    public enum Code: Sendable, Equatable {
        case cannotOpen, inaccessible, cannotWrite, empty, truncated, unsupported, readFailed, badRawFormat, resampler
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
        let name = path.isEmpty ? "" : "\(path): "
        let hint: String
        switch code {
        // `FileProblem` already says what to do about a missing file, a folder, a device…
        case .inaccessible: return "\(name)\(detail)"
        case .cannotOpen: hint = "convert it to WAV, FLAC, OGG or AIFF; for headerless PCM, parlo batch takes --raw-rate and --raw-format"
        case .cannotWrite: hint = "check the path is writable and the disk not full"
        case .empty: hint = "the file holds no samples; re-record or remove it"
        case .truncated: hint = "the file ends before its header says; re-export or re-record it"
        case .unsupported: hint = "convert it to 16-bit WAV (e.g. `sox IN -b 16 OUT.wav`)"
        case .readFailed: hint = "the data could not be decoded; check the file is not corrupt"
        case .badRawFormat: hint = "use --raw-format s8|u8|s16le|s16be|s24le|s32le|f32le|f64le|ulaw|alaw and a --raw-rate in Hz"
        case .resampler: hint = "this is a libsoxr failure; report it with the file"
        }
        return "\(name)\(detail) — \(hint)"
    }
}
