import ArgumentParser
import ParloAudio

/// How to read headerless PCM files (`.raw`, `.pcm`), which carry no format of their own.
struct RawAudioOptions: ParsableArguments {
    @Option(name: .customLong("raw-rate"), help: "Sample rate of headerless PCM input, in Hz.")
    var rawRate: Int?

    @Option(name: .customLong("raw-format"), help: "Sample format of headerless PCM input: s8, u8, s16le, s16be, s24le, s32le, f32le, f64le, ulaw, alaw (default s16le).")
    var rawFormat: String?

    @Option(name: .customLong("raw-channels"), help: "Channels of headerless PCM input (default 1).")
    var rawChannels: Int = 1

    /// Rates libsndfile and the resampler handle; beyond them a value is a typo (and past
    /// Int32 it would trap when handed to libsndfile).
    static let rates = 1_000...384_000
    static let channelCounts = 1...32

    func validate() throws {
        if let rawRate, !Self.rates.contains(rawRate) {
            throw ValidationError("--raw-rate takes a sample rate from \(Self.rates.lowerBound) to \(Self.rates.upperBound) Hz (e.g. 16000), got \(rawRate)")
        }
        if !Self.channelCounts.contains(rawChannels) {
            throw ValidationError("--raw-channels takes \(Self.channelCounts.lowerBound) to \(Self.channelCounts.upperBound) channels (e.g. 1), got \(rawChannels)")
        }
    }

    /// The raw format to apply, or nil when input files carry headers.
    func format() throws -> RawFormat? {
        guard rawRate != nil || rawFormat != nil else { return nil }
        guard let rate = rawRate else { throw ValidationError("--raw-format needs --raw-rate too") }
        let encoding = try rawFormat.map { try RawFormat.encoding(named: $0) } ?? .s16le
        return RawFormat(encoding: encoding, sampleRate: rate, channels: rawChannels)
    }
}
