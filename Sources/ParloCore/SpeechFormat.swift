/// The one format every recognizer stage consumes: 16 kHz, mono, signed 16-bit samples.
///
/// Sources (files, ALSA) convert to this at their edge so that the rest of the pipeline never
/// deals with rates or channel layouts.
public enum SpeechFormat {
    /// Samples per second.
    public static let sampleRate = 16_000
    /// Samples in a 20 ms window, the pipeline's unit of time for meters and endpointing.
    public static let samplesPer20ms = sampleRate / 50

    /// Seconds covered by `count` samples.
    public static func seconds(_ count: Int) -> Double { Double(count) / Double(sampleRate) }
}
