import Foundation
import ParloCore

/// Measures RMS, peak and clipping per 20 ms window of 16-bit audio.
///
/// A value type with fixed-size state: `process` accumulates across buffers of any size and
/// reports each completed window through a closure, so metering never allocates. The same meter
/// serves the microphone and speech output.
public struct LevelMeter: Sendable {
    /// dBFS mapped to level 0 (and the lowest dB value reported).
    public let floorDB: Float
    /// Samples per window.
    public let windowSamples: Int
    public let sampleRate: Int

    private var sumSquares: Double = 0
    private var peak: Int32 = 0
    private var count = 0
    private var clipped = false
    private var consumed: Int64 = 0
    private var bars = SIMD8<Float>(repeating: 0)

    public init(floorDB: Float = -60, sampleRate: Int = SpeechFormat.sampleRate, windowSeconds: Double = 0.02) {
        self.floorDB = floorDB
        self.sampleRate = sampleRate
        windowSamples = max(1, Int(Double(sampleRate) * windowSeconds))
    }

    /// Stream time of everything processed so far.
    public var time: Double { Double(consumed) / Double(sampleRate) }

    /// Feeds samples; calls `emit` once per completed window, in order.
    public mutating func process(_ samples: UnsafeBufferPointer<Int16>, _ emit: (Level) throws -> Void) rethrows {
        for s in samples {
            let v = Int32(s)
            sumSquares += Double(v * v)
            let a = abs(v)
            if a > peak { peak = a }
            if a >= 32767 { clipped = true }
            count += 1
            consumed += 1
            if count == windowSamples { try emit(finishWindow()) }
        }
    }

    public mutating func process(_ samples: [Int16], _ emit: (Level) throws -> Void) rethrows {
        try samples.withUnsafeBufferPointer { try process($0, emit) }
    }

    /// The RMS level, dBFS, of each whole window of `samples` (a partial last window is left
    /// out), no lower than `floorDB`: what judging a whole recording by its levels starts from.
    public static func levels(of samples: [Int16], floorDB: Float = -120) -> [Float] {
        var meter = LevelMeter(floorDB: floorDB)
        var levels: [Float] = []
        levels.reserveCapacity(samples.count / meter.windowSamples)
        meter.process(samples) { levels.append($0.rmsDB) }
        return levels
    }

    private mutating func finishWindow() -> Level {
        let rms = (sumSquares / Double(count)).squareRoot()
        let rmsDB = dB(rms)
        let level = max(0, min(1, (rmsDB - floorDB) / -floorDB))
        bars = SIMD8(bars[1], bars[2], bars[3], bars[4], bars[5], bars[6], bars[7], level)
        let result = Level(t: time, rmsDB: rmsDB, peakDB: dB(Double(peak)), level: level,
                           clipping: clipped, bars: bars)
        sumSquares = 0; peak = 0; count = 0; clipped = false
        return result
    }

    /// dBFS of a 16-bit amplitude, clamped at the floor (silence reads the floor, not −∞).
    func dB(_ amplitude: Double) -> Float {
        guard amplitude > 0 else { return floorDB }
        return max(floorDB, Float(20 * log10(amplitude / 32768)))
    }
}
