/// Takes a recording's DC offset away (a constant or slowly drifting level under the signal, as
/// cheap microphones and sound cards add) before anything measures or hears the audio.
///
/// An offset is energy at 0 Hz: every stage that measures a level counts it. DEV's quiet files
/// with an offset of 5 % of full scale (about −26 dBFS, as loud as their speech) looked to the
/// level and noise measures like speech at 0 dB SNR; 108 of 120 commands came back right instead
/// of 112 (docs/listening.md). A first-order high-pass, y[n] = x[n] − x[n−1] + p·y[n−1], with its
/// corner near 0.5 Hz at 16 kHz: speech and the room's low rumble pass unchanged, only the
/// offset and its slow drift go. It starts as if the input had always been at the mean of its
/// first chunk, so an offset present from the start makes no click (starting from the first
/// sample instead, a noisy file began with that sample's value as a fading offset: 29 of 720
/// DEV commands lost).
public final class DCBlocker: AudioConditioner {
    /// The pole p: the corner is (1 − p)·rate / 2π ≈ 0.5 Hz at 16 kHz.
    public static let pole = 0.9998

    private var previousInput: Double?
    private var previousOutput = 0.0

    public init() {}

    public func process(_ samples: UnsafeBufferPointer<Int16>) -> [Int16] {
        guard !samples.isEmpty else { return [] }
        var x1 = previousInput ?? samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count), y1 = previousOutput
        let out = samples.map { sample -> Int16 in
            let x = Double(sample)
            y1 = x - x1 + Self.pole * y1
            x1 = x
            return Int16(clamping: Int(y1.rounded()))
        }
        previousInput = x1; previousOutput = y1
        return out
    }

    public func finish() -> [Int16] { reset(); return [] }

    public func reset() { previousInput = nil; previousOutput = 0 }
}
