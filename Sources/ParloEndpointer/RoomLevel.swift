import Foundation

/// The level of the room around a speaker, for endpointing with a voice activity classifier:
/// a percentile of the recent levels, each averaged over a few windows.
///
/// A classifier tells voices from steady noise but calls other voices (babble, a TV) speech too;
/// the speaker near the microphone is louder than they are. Percentiles of the last seconds follow
/// a room that grows louder or quieter within seconds and are not pulled up by the speaker's
/// own short utterances. Fixed-size rings: adding a window never allocates.
struct RoomLevel: Sendable {
    private var energies: [Float]
    private var energyIndex = 0
    private var recent: [Float]
    private var recentCount = 0
    private var recentIndex = 0
    private var sinceUpdate = 0
    private let percentile: Double
    /// The room's level, dBFS (the quietest possible until windows arrive).
    private(set) var levelDB: Float = -120

    init(_ c: EndpointerConfiguration) {
        energies = [Float](repeating: 0, count: max(1, c.voicedSmoothingWindows))
        recent = [Float](repeating: 0, count: max(1, Int((c.roomSeconds / c.window).rounded())))
        percentile = c.roomPercentile
    }

    /// Adds a window's level; returns its smoothed level (dBFS). The room's level is updated
    /// every 5 windows (a sort of a few hundred values).
    mutating func add(_ db: Float) -> Float {
        let energy = pow(10, db / 10)
        if recentCount == 0 { energies = energies.map { _ in energy } }   // no silence averaged in at the start
        energies[energyIndex] = energy
        energyIndex = (energyIndex + 1) % energies.count
        let mean = energies.reduce(0, +) / Float(energies.count)
        let smoothed = 10 * log10(max(mean, 1e-12))
        recent[recentIndex] = smoothed
        recentIndex = (recentIndex + 1) % recent.count
        recentCount = min(recentCount + 1, recent.count)
        sinceUpdate += 1
        if sinceUpdate >= 5 || recentCount < 10 {
            sinceUpdate = 0
            let sorted = recent[0..<recentCount].sorted()
            levelDB = sorted[min(sorted.count - 1, Int(percentile * Double(sorted.count - 1)))]
        }
        return smoothed
    }

    /// The loudest smoothed level of the last `windows` windows, dBFS.
    func loudest(windows: Int) -> Float {
        let n = min(windows, recentCount)
        guard n > 0 else { return levelDB }
        return (1...n).map { recent[(recentIndex - $0 + recent.count) % recent.count] }.max() ?? levelDB
    }
}

/// Whether the level has been steady (within `steadySpreadDB`) over the last `steadySeconds`: a
/// fan or a hum, which no voice holds that long.
struct SteadyLevel: Sendable {
    private var levels: [Float]
    private var index = 0, count = 0
    private let spread: Float?

    init(_ c: EndpointerConfiguration) {
        spread = c.steadySpreadDB
        levels = [Float](repeating: 0, count: max(2, Int((c.steadySeconds / c.window).rounded())))
    }

    mutating func add(_ db: Float) -> Bool {
        guard let spread else { return false }
        levels[index] = db
        index = (index + 1) % levels.count
        count = min(count + 1, levels.count)
        guard count == levels.count, let lo = levels.min(), let hi = levels.max() else { return false }
        return hi - lo <= spread
    }
}
