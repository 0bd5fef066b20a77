import ParloMeter

/// Tells, as a live stream goes on, whether the room is noisy enough for noise suppression to
/// help recognition: the live counterpart of `NoiseSuppressor.Options.maximumSpreadDB`, which
/// judges a whole file.
///
/// Why: speexdsp's denoiser takes more from quiet speech than it gives back. On the DEV streams
/// (docs/listening.md) it cost 3–13 points of commands right in quiet and at 15–20 dB, and gained
/// 15–28 points at 5 dB and below; at 10 dB the two were even. Batch learned the same and cleans
/// only files whose level spread is under 16.5 dB (about 10 dB SNR).
///
/// How: the room's spread is the speech level minus the noise level. The noise level is the
/// 10th percentile of the last `window` of 20 ms levels. The speech level is the 95th percentile
/// of the same window, held as a peak that sinks by `speechDecayDBPerSecond`, so a pause of a
/// minute between commands does not make a quiet room look noisy. The room is noisy below
/// `thresholdDB`, and quiet again only above `thresholdDB + hysteresisDB`. It starts noisy: no
/// speech has been heard to measure the room by.
public struct NoisyRoomGate: Sendable {
    public struct Options: Sendable, Equatable {
        public var thresholdDB: Double
        public var hysteresisDB: Double
        public var windowSeconds: Double
        public var speechDecayDBPerSecond: Double

        public init(thresholdDB: Double = 16.5, hysteresisDB: Double = 1, windowSeconds: Double = 4,
                    speechDecayDBPerSecond: Double = 0.1) {
            self.thresholdDB = thresholdDB; self.hysteresisDB = hysteresisDB
            self.windowSeconds = windowSeconds; self.speechDecayDBPerSecond = speechDecayDBPerSecond
        }
    }

    public let options: Options
    /// Whether suppression should be on now.
    public private(set) var isNoisy = true
    /// The last spread measured, dB (nil before the first 20 ms).
    public private(set) var spreadDB: Double?

    private var meter = LevelMeter(floorDB: -120)
    private var recent: [Float]
    private var next = 0, filled = 0
    private var speechDB = -Double.infinity
    private let decayPerWindow: Double

    public init(options: Options = .init()) {
        self.options = options
        let windows = max(1, Int((options.windowSeconds / meter.windowSeconds).rounded()))
        recent = [Float](repeating: 0, count: windows)
        decayPerWindow = options.speechDecayDBPerSecond * meter.windowSeconds
    }

    /// Takes in raw (unsuppressed) samples and updates the verdict for every 20 ms completed.
    public mutating func observe(_ samples: UnsafeBufferPointer<Int16>) {
        var levels: [Float] = []
        meter.process(samples) { levels.append($0.rmsDB) }
        for level in levels { update(level) }
    }

    private mutating func update(_ level: Float) {
        recent[next] = level
        next = (next + 1) % recent.count
        filled = min(filled + 1, recent.count)
        let sorted = recent[0..<filled].sorted()
        func percentile(_ p: Double) -> Double { Double(sorted[Int(p * Double(filled - 1))]) }
        speechDB = max(speechDB - decayPerWindow, percentile(0.95))
        let spread = speechDB - percentile(0.10)
        spreadDB = spread
        if isNoisy, spread > options.thresholdDB + options.hysteresisDB { isNoisy = false }
        else if !isNoisy, spread < options.thresholdDB { isNoisy = true }
    }
}

extension LevelMeter {
    /// Seconds per level window.
    var windowSeconds: Double { Double(windowSamples) / Double(sampleRate) }
}
