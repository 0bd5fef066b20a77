import Foundation
import ParloCore

/// How far an utterance stood above the room, as the microphone heard it: its signal-to-noise
/// ratio, for telling a user why commands are missed.
///
/// Recognition falls with the ratio (docs/listening.md: 85 % of commands and more are right at
/// 15 dB and above, about half at 5 dB), and a user cannot hear it: a fan or a running tap is easy
/// to talk over for a person, not for the model. The ratio is measured on the input before any
/// noise suppression, as the evaluation sets define theirs: the power of the utterance's active
/// windows (more than 3 dB over the room) less the room's, over the room's, where the room is
/// the median 20 ms level of the `roomSeconds` before the utterance that no other utterance took.
/// A fixed ring of levels: adding audio never allocates (measuring an utterance does, once).
public struct SpeechToNoise: Sendable {
    private let windowSamples = LevelMeter().windowSamples
    private var sumSquares = 0.0
    private var inWindow = 0
    private var levels: [Float]
    /// Windows measured so far (the ring holds the newest `levels.count`).
    private var windows = 0
    private let windowSeconds: Double
    /// The last utterances measured, as window indices: not the room.
    private var spans = [Range<Int>](repeating: 0..<0, count: 16)
    private var spanCount = 0
    /// Seconds of room before an utterance that set the room's level.
    public let roomSeconds: Double
    /// How far over the room's level a window must be to count as the utterance's speech, dB.
    public static let activeMarginDB: Float = 3

    /// The room's level is taken as no quieter than 16-bit audio's own resolution, dBFS: digital
    /// silence (an edited file) would otherwise put any speech 100 dB over it.
    public static let quietestRoomDB: Float = -96

    /// - Parameter seconds: how much audio is kept: the longest utterance plus `roomSeconds`.
    public init(seconds: Double = 30, roomSeconds: Double = 4) {
        windowSeconds = Double(windowSamples) / Double(SpeechFormat.sampleRate)
        self.roomSeconds = roomSeconds
        levels = [Float](repeating: -120, count: max(2, Int((seconds / windowSeconds).rounded())))
    }

    /// Measures the input (before any cleaning), in stream order from its first sample.
    public mutating func add(_ samples: UnsafeBufferPointer<Int16>) {
        for s in samples {
            sumSquares += Double(Int32(s) * Int32(s))
            inWindow += 1
            guard inWindow == windowSamples else { continue }
            let power = sumSquares / Double(windowSamples) / (32768 * 32768)
            levels[windows % levels.count] = power > 0 ? Float(10 * log10(power)) : -120
            windows += 1
            sumSquares = 0; inWindow = 0
        }
    }

    /// The ratio, dB, of the speech between `from` and `to` (stream seconds) over the room, then
    /// remembers that span as speech; nil when no window of it stands out from the room, or when
    /// no room was heard before it (an utterance from the stream's first moment). The room is the
    /// median level of the last `roomSeconds` before `from` that no utterance measured here took:
    /// commands often come a second apart, and the last one would otherwise count as the room.
    public mutating func ratio(from: Double, to: Double) -> Double? {
        let oldest = max(0, windows - levels.count)
        let first = max(oldest, Int((from / windowSeconds).rounded(.down)))
        let last = min(windows, Int((to / windowSeconds).rounded(.up)))
        guard last > first else { return nil }
        defer {
            spans[spanCount % spans.count] = first..<last
            spanCount += 1
        }
        let wanted = Int((roomSeconds / windowSeconds).rounded())
        var room: [Float] = []
        room.reserveCapacity(wanted)
        var i = first - 1
        while i >= oldest && room.count < wanted {
            if !spans.contains(where: { $0.contains(i) }) { room.append(levels[i % levels.count]) }
            i -= 1
        }
        return Self.ratio(room: room, speech: (first..<last).map { levels[$0 % levels.count] })
    }

    /// The ratio, dB, of a recording's speech (`speech`: a range of its 20 ms windows, e.g. a
    /// `SpeechSpan`) over the rest of it, from the window levels `LevelMeter.levels(of:)` gives;
    /// nil when the speech fills the recording or none of it stands out.
    public static func ratio(levels: [Float], speech: Range<Int>) -> Double? {
        let speech = speech.clamped(to: levels.indices)
        return ratio(room: Array(levels[..<speech.lowerBound] + levels[speech.upperBound...]), speech: Array(levels[speech]))
    }

    /// The power of the `speech` levels standing `activeMarginDB` over the room (the median of
    /// `room`), less the room's, over the room's, dB.
    private static func ratio(room: [Float], speech: [Float]) -> Double? {
        guard !room.isEmpty else { return nil }
        let roomDB = max(room.sorted()[room.count / 2], quietestRoomDB)
        let active = speech.filter { $0 > roomDB + activeMarginDB }
        guard !active.isEmpty else { return nil }
        let power = active.reduce(0.0) { $0 + pow(10, Double($1) / 10) } / Double(active.count)
        let roomPower = pow(10, Double(roomDB) / 10)
        return 10 * log10(max(power - roomPower, 1e-12) / roomPower)
    }
}
