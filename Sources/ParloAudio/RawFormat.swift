import CSndFile

/// How to read headerless PCM: its sample encoding, rate and channel count.
public struct RawFormat: Sendable, Equatable {
    /// Sample encodings libsndfile reads from raw data, by the names `sox`/`arecord` users know.
    public enum Encoding: String, CaseIterable, Sendable {
        case s8, u8, s16le, s16be, s24le, s24be, s32le, s32be, f32le, f32be, f64le, ulaw, alaw
    }
    public var encoding: Encoding
    public var sampleRate: Int
    public var channels: Int

    /// Rates libsndfile and the resampler handle; beyond them a value is a typo (and past
    /// Int32 it would trap when handed to libsndfile).
    public static let rates = 1_000...384_000
    /// Channel counts accepted for headerless input.
    public static let channelCounts = 1...32

    public init(encoding: Encoding = .s16le, sampleRate: Int, channels: Int = 1) {
        self.encoding = encoding; self.sampleRate = sampleRate; self.channels = channels
    }

    /// Parses a `--raw-format` value, naming the accepted ones when it is not one of them.
    public static func encoding(named name: String) throws -> Encoding {
        guard let e = Encoding(rawValue: name.lowercased()) else {
            throw AudioError(.badRawFormat, path: "", "unknown raw format '\(name)'")
        }
        return e
    }

    /// The `SF_INFO.format` value libsndfile needs to open such data.
    var sndfileFormat: Int32 {
        let sub: Int32
        var endian = Int32(SF_ENDIAN_LITTLE)
        switch encoding {
        case .s8: sub = Int32(SF_FORMAT_PCM_S8)
        case .u8: sub = Int32(SF_FORMAT_PCM_U8)
        case .s16le: sub = Int32(SF_FORMAT_PCM_16)
        case .s16be: sub = Int32(SF_FORMAT_PCM_16); endian = Int32(SF_ENDIAN_BIG)
        case .s24le: sub = Int32(SF_FORMAT_PCM_24)
        case .s24be: sub = Int32(SF_FORMAT_PCM_24); endian = Int32(SF_ENDIAN_BIG)
        case .s32le: sub = Int32(SF_FORMAT_PCM_32)
        case .s32be: sub = Int32(SF_FORMAT_PCM_32); endian = Int32(SF_ENDIAN_BIG)
        case .f32le: sub = Int32(SF_FORMAT_FLOAT)
        case .f32be: sub = Int32(SF_FORMAT_FLOAT); endian = Int32(SF_ENDIAN_BIG)
        case .f64le: sub = Int32(SF_FORMAT_DOUBLE)
        case .ulaw: sub = Int32(SF_FORMAT_ULAW)
        case .alaw: sub = Int32(SF_FORMAT_ALAW)
        }
        return Int32(SF_FORMAT_RAW) | sub | endian
    }
}
