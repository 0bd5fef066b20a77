import Foundation
import ParloCore
import ParloMeter

/// Where the speech is in a short recording, so that a file is decoded with the same little
/// room noise around its words however much the recording holds.
///
/// A whole-file decode has to account for every frame: in a noisy room the margins before and
/// after a command are noise that the search must place on silence or on the garbage loop, and
/// the more of it there is, the more often the loop takes the whole utterance or the floors
/// reject it. DEV's 10 and 5 dB commands with 1 s of noise either side instead of the sets'
/// 0.3 s: 155 → 138 of 240 right (docs/recognizer-measurements.md). Recordings made by people
/// have such margins; the evaluation sets have short ones.
///
/// Offline, the whole file is known, so the room's level is a percentile of the file's own
/// levels rather than of the past few seconds as live listening has it: a 20 ms window is speech
/// when WebRTC's detector calls it voiced and its level (averaged over `smoothingWindows`)
/// stands `aboveNoiseDB` over that percentile. The span runs from the first run of
/// `minimumRunWindows` such windows to the last, widened by `margin` on each side. Where nothing
/// stands out (babble, a TV, speech throughout), the span is the whole file: nothing is lost
/// that a whole-file decode would have heard.
public struct SpeechSpan: Sendable, Equatable {
    /// Seconds kept on either side of the speech found. DEV (six conditions, 720 commands and
    /// 318 non-commands; the sets' own 0.3 s margins): 0 s 517 right / 20 firing, 0.05 s 543 / 19,
    /// **0.1 s 560 / 33**, 0.15 s 555 / 44, untrimmed 536 / 52. `audio-fixtures/commands` (not
    /// tuned on): 0.05 s lost 6 of 352, 0.1 s one.
    public var margin = 0.1
    /// How far a window's level must stand above the file's noise level, dB.
    public var aboveNoiseDB: Float = 6
    /// The percentile of the file's window levels taken as its noise level.
    public var noisePercentile = 0.1
    /// Windows averaged (centred, as energy) for a window's level, so that a word's short dips
    /// between sounds stay speech.
    public var smoothingWindows = 5
    /// Consecutive speech windows that begin or end the span: a click alone does not.
    public var minimumRunWindows = 3
    /// How far below the file's loudest voiced speech (its loudest smoothed voiced window) a
    /// window may fall and still begin or end the span; nil: any window over the noise level.
    /// The speaker at the microphone is the loudest voice in a recording of a command: another
    /// person talking in the room, quieter, around the command is no part of it, and a span that
    /// takes it in leaves the search to explain that speech, which the garbage loop does better
    /// than any command (a real voice with another talking at 12 dB: docs/recognizer-measurements.md).
    public var belowLoudestDB: Float? = nil

    /// How far below the loudest voiced speech a second look's span reaches (`loudestSpan`), dB:
    /// DEV with a talker at 12 dB 9 → 62 of 120 commands right per file, DEV's own six conditions
    /// 558 → 562 of 720, non-commands firing 18 of 318 either way (session 56; 15 dB was not swept).
    public static let secondLookBelowLoudestDB: Float = 10
    /// How much shorter than the first span the loudest must be for a second look, seconds.
    public static let secondLookShorterBy = 0.3

    public init() {}

    /// The span of the words within `db` dB of the loudest voiced speech (`belowLoudestDB`), when
    /// it leaves out at least `seconds` of `first`, the span decoded first; nil otherwise. What a
    /// second look decodes when the first decode was rejected: another person talking around a
    /// command is speech the first span takes in and only the garbage loop explains.
    public func loudestSpan(in samples: [Int16], within db: Float, shorterThan first: Range<Int>,
                            by seconds: Double = secondLookShorterBy) throws -> Range<Int>? {
        var loud = self
        loud.belowLoudestDB = db
        guard let range = try loud.range(in: samples),
              first.count - range.count >= Int(seconds * Double(SpeechFormat.sampleRate)) else { return nil }
        return range
    }

    /// For live listening's second look (`CatalogRecognizer.loudestSpeech`): an utterance's words
    /// within `db` dB of its loudest, when they leave out at least `secondLookShorterBy` seconds of
    /// its plain span (the whole utterance where nothing stands out), as `parlo batch` looks again
    /// at a rejected file.
    public static func secondLook(within db: Float = secondLookBelowLoudestDB) -> @Sendable ([Int16]) -> Range<Int>? {
        { samples in
            let span = SpeechSpan()
            guard let plain = try? span.range(in: samples) ?? samples.indices else { return nil }
            return try? span.loudestSpan(in: samples, within: db, shorterThan: plain)
        }
    }

    /// The sample range from `margin` before the first run of speech windows to `margin` after
    /// the last; nil when there are none, or the audio is shorter than 10 windows.
    public func range(in samples: [Int16]) throws -> Range<Int>? {
        let speech = try speechWindows(samples)
        guard speech.count >= 10,
              let first = firstRun(in: speech.indices, of: speech),
              let last = firstRun(in: speech.indices.reversed(), of: speech), first <= last else { return nil }
        let window = LevelMeter().windowSamples, pad = Int(margin * Double(SpeechFormat.sampleRate))
        return max(0, first * window - pad)..<min(samples.count, (last + 1) * window + pad)
    }

    /// Per 20 ms window: voiced, and loud enough above the file's noise level.
    func speechWindows(_ samples: [Int16]) throws -> [Bool] {
        let levels = LevelMeter.levels(of: samples), window = LevelMeter().windowSamples
        guard !levels.isEmpty else { return [] }
        let vad = try WebRTCVoiceActivity(windowSamples: window)
        var voiced: [Bool] = []
        voiced.reserveCapacity(levels.count)
        samples.withUnsafeBufferPointer { vad.classify(UnsafeBufferPointer(rebasing: $0[..<(levels.count * window)])) { voiced.append($0) } }
        let smoothed = Self.centredMean(levels, windows: smoothingWindows)
        let sorted = smoothed.sorted()
        let noise = sorted[Int(noisePercentile * Double(sorted.count - 1))]
        let speech = smoothed.indices.map { voiced[$0] && smoothed[$0] >= noise + aboveNoiseDB }
        guard let belowLoudestDB, let loudest = smoothed.indices.filter({ speech[$0] }).map({ smoothed[$0] }).max() else { return speech }
        return smoothed.indices.map { speech[$0] && smoothed[$0] >= loudest - belowLoudestDB }
    }

    /// The window, in `order`, where the first run of `minimumRunWindows` speech windows begins.
    private func firstRun<S: Sequence>(in order: S, of speech: [Bool]) -> Int? where S.Element == Int {
        var run = 0, start = 0
        for i in order {
            guard speech[i] else { run = 0; continue }
            if run == 0 { start = i }
            run += 1
            if run == minimumRunWindows { return start }
        }
        return nil
    }

    /// Each level replaced by the mean energy of the `windows` around it, in dB.
    static func centredMean(_ db: [Float], windows: Int) -> [Float] {
        let energy = db.map { pow(10, $0 / 10) }, half = max(0, windows / 2)
        return db.indices.map { i in
            let lo = max(0, i - half), hi = min(db.count - 1, i + half)
            return 10 * log10(energy[lo...hi].reduce(0, +) / Float(hi - lo + 1))
        }
    }
}
