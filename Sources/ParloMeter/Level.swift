import Foundation

/// The level of one 20 ms window of audio, as a UI draws it.
///
/// Fixed-size (the 8 bars are a `SIMD8`), so producing one never allocates.
public struct Level: Sendable, Equatable {
    /// Stream time (seconds of audio consumed) at the end of the window.
    public var t: Double
    /// RMS in dBFS, clamped at the meter's floor.
    public var rmsDB: Float
    /// Peak in dBFS, clamped at the meter's floor.
    public var peakDB: Float
    /// RMS mapped to 0…1: 0 at the floor (−60 dBFS by default), 1 at full scale.
    public var level: Float
    /// A sample reached full scale in this window.
    public var clipping: Bool
    /// The last 8 `level` values, oldest first (the study app's 8-bar waveform).
    public var bars: SIMD8<Float>

    public init(t: Double, rmsDB: Float, peakDB: Float, level: Float, clipping: Bool, bars: SIMD8<Float>) {
        self.t = t; self.rmsDB = rmsDB; self.peakDB = peakDB; self.level = level
        self.clipping = clipping; self.bars = bars
    }

    /// The bars as an array (for printing; allocates).
    public var barArray: [Float] { (0..<8).map { bars[$0] } }

    /// Eight block characters for a terminal line.
    public var barText: String {
        let glyphs: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        return String((0..<8).map { glyphs[Int((max(0, min(1, bars[$0])) * 8).rounded())] })
    }
}

extension Level: Encodable {
    private enum Keys: String, CodingKey { case type, t, rms_db, peak_db, level, clipping, bars }

    /// `{"type":"level","t","rms_db","peak_db","level","clipping","bars":[8 numbers]}`, rounded
    /// to what a UI can show (ms, 0.01 dB, 0.001 level) so lines stay short and stable.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode("level", forKey: .type)
        try c.encode(Self.round(t, 1000), forKey: .t)
        try c.encode(Self.round(Double(rmsDB), 100), forKey: .rms_db)
        try c.encode(Self.round(Double(peakDB), 100), forKey: .peak_db)
        try c.encode(Self.round(Double(level), 1000), forKey: .level)
        try c.encode(clipping, forKey: .clipping)
        try c.encode(barArray.map { Self.round(Double($0), 1000) }, forKey: .bars)
    }

    static func round(_ x: Double, _ scale: Double) -> Double { (x * scale).rounded() / scale }
}
