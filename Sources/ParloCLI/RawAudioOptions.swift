import ArgumentParser
import ParloAudio

/// How to read headerless PCM files (`.raw`, `.pcm`), which carry no format of their own.
///
/// Files with a header (WAV, FLAC, …) keep their own format: the options would only misread them.
struct RawAudioOptions: ParsableArguments {
    @Option(name: .customLong("raw-rate"), help: "Sample rate of headerless PCM input, in Hz. Applies only to .raw/.pcm files and others libsndfile cannot identify; files with a header (WAV, FLAC, …) keep their own format (one warning).")
    var rawRate: Int?

    @Option(name: .customLong("raw-format"), help: "Sample format of headerless PCM input: s8, u8, s16le, s16be, s24le, s32le, f32le, f64le, ulaw, alaw (default s16le). Ignored for files with a header.")
    var rawFormat: String?

    @Option(name: .customLong("raw-channels"), help: "Channels of headerless PCM input. Ignored for files with a header.")
    var rawChannels: Int = 1

    /// The accepted ranges live with `RawFormat`, where the fuzz harness reaches them too.
    static let rates = RawFormat.rates
    static let channelCounts = RawFormat.channelCounts

    func validate() throws {
        if let rawRate, !Self.rates.contains(rawRate) {
            throw ValidationError("--raw-rate takes a sample rate from \(Self.rates.lowerBound) to \(Self.rates.upperBound) Hz (e.g. 16000), got \(rawRate)")
        }
        if !Self.channelCounts.contains(rawChannels) {
            throw ValidationError("--raw-channels takes \(Self.channelCounts.lowerBound) to \(Self.channelCounts.upperBound) channels (e.g. 1), got \(rawChannels)")
        }
    }

    /// One warning for the whole run naming the first of `files` that has a header (the raw
    /// options are ignored for it and any others), or nil when none has or no raw option is set.
    func ignoredWarning(for files: [String]) -> String? {
        guard rawRate != nil || rawFormat != nil else { return nil }
        let headed = files.filter(SoundFile.hasHeader)
        guard let first = headed.first else { return nil }
        let which = headed.count == 1 ? "\(first) has a header" : "\(first) and \(headed.count - 1) other file(s) have headers"
        return "warning: \(which) giving their own format, so --raw-rate/--raw-format/--raw-channels are ignored for them; they apply only to headerless files (.raw, .pcm)"
    }

    /// The raw format to apply, or nil when input files carry headers.
    func format() throws -> RawFormat? {
        guard rawRate != nil || rawFormat != nil else { return nil }
        guard let rate = rawRate else { throw ValidationError("--raw-format needs --raw-rate too") }
        let encoding = try rawFormat.map { try RawFormat.encoding(named: $0) } ?? .s16le
        return RawFormat(encoding: encoding, sampleRate: rate, channels: rawChannels)
    }
}
