import Foundation

/// What the rejection check measured on one utterance.
public struct RejectionEvidence: Sendable, Equatable, Codable {
    /// Mean acoustic score per 10 ms frame along the best path, silences included
    /// (PocketSphinx's scaled log domain, relative to the best active state in each frame, so
    /// 0 is a perfect fit). Clean commands: about −10…−42; speech forced onto a command: −25…−50.
    public var scorePerFrame: Double
    /// The lowest score per frame of any one word of 5 frames or more: a single word forced
    /// onto unrelated sound (commands: ≥ −80; "thank you very much" read as "start a two
    /// minute timer": −96).
    public var worstWordScorePerFrame: Double
    /// Share (0…1) of the utterance's loud frames (below 1 kHz: `FrameEnergy`) that no word
    /// covers, counting only runs of at least 0.1 s: speech the decoder explained as silence.
    /// Commands: ≤ 0.25; speech that merely contains a command word ("leggi questa pagina" →
    /// "repeat"): 0.3…0.8. nil when the decoder's frames cannot be matched with the audio.
    public var uncoveredSpeech: Double?
    /// Words on the best path (fillers and silences not counted): short commands are held to
    /// `Rejection.minimumShortScorePerFrame`. nil in results written before it was measured.
    public var words: Int?
    /// The largest share (0…1) of one word's frames (words of 5 frames or more) that are vocalic:
    /// loud below 1 kHz, as `uncoveredSpeech` counts them, with at least half as much energy there
    /// as above (`FrameEnergy.vowelLike`). A spoken word has a vowel: DEV's commands mostly 0.3…1.
    /// A clink of cutlery or a chop that the decoder took for "pause": 0. nil when the decoder's
    /// frames cannot be matched with the audio, or in results written before it was measured.
    public var voicedWord: Double?
    /// Whether the result is not what the search was settling on: its best path in the last
    /// searched frame was no whole sentence of the grammar (or another one) and the result is the
    /// best path that ends one, or, streamed, the last partial hypothesis (`Recognizer.partial`,
    /// every 0.2 s) was something else. A command heard as it was said ends where the search
    /// already was; a guess forced to a sentence's end, or one still changing, does not. nil in
    /// results written before it was measured.
    public var unfinished: Bool?
    /// The frequency warp the result was heard at (`CatalogRecognizer.warps`); nil: unwarped.
    public var warp: Double?

    public init(scorePerFrame: Double, worstWordScorePerFrame: Double, uncoveredSpeech: Double?, words: Int? = nil,
                voicedWord: Double? = nil, unfinished: Bool? = nil) {
        self.scorePerFrame = scorePerFrame; self.worstWordScorePerFrame = worstWordScorePerFrame
        self.uncoveredSpeech = uncoveredSpeech; self.words = words; self.voicedWord = voicedWord
        self.unfinished = unfinished
    }

    enum CodingKeys: String, CodingKey {
        case scorePerFrame = "score_per_frame", worstWordScorePerFrame = "worst_word_score_per_frame"
        case uncoveredSpeech = "uncovered_speech", words, voicedWord = "voiced_word", unfinished, warp
    }
}

/// A segment of the best path: a word, silence or filler, with its frames and acoustic score.
struct PathSegment: Equatable {
    var word: String
    var startFrame: Int
    var endFrame: Int          // inclusive
    var acousticScore: Int
    var isWord: Bool
    var frames: Int { endFrame - startFrame + 1 }
}

extension Rejection {
    /// Shortest run of uncovered loud frames (10 ms each) that counts as missed speech: a word
    /// edge or a plosive release the segmentation cut short is not.
    static let minimumUncoveredRun = 10
    /// Frames either side of a word that still count as covered (word edges are approximate).
    static let coverageMargin = 3

    /// Measures the best path against itself and against the loudness of the audio.
    func evidence(path: [PathSegment], energy: FrameEnergy, decodedFrames: Int) -> RejectionEvidence {
        let frames = path.reduce(0) { $0 + $1.frames }
        let perFrame = frames > 0 ? Double(path.reduce(0) { $0 + $1.acousticScore }) / Double(frames) : 0
        let worstWord = path.filter { $0.isWord && $0.frames >= 5 }
            .map { Double($0.acousticScore) / Double($0.frames) }.min() ?? perFrame
        let loud = energy.loudFrames()
        let vocalic = zip(loud, energy.vowelLike).map { $0 && $1 }
        let best = Self.alignments(loud, decodedFrames: decodedFrames)
            .map { (frames: $0, uncovered: Self.uncoveredShare(loud: Array(loud[$0]), path: path, wordTail: wordTail)) }
            .min { $0.uncovered < $1.uncovered }
        return RejectionEvidence(scorePerFrame: perFrame, worstWordScorePerFrame: worstWord, uncoveredSpeech: best?.uncovered,
                                 words: path.filter(\.isWord).count,
                                 voicedWord: best.flatMap { Self.voicedWord(vocalic: Array(vocalic[$0.frames]), path: path) })
    }

    /// The largest share of vocalic frames within one word of 5 frames or more (nil: no such word).
    /// A word with fewer than `minimumVowelFrames` of them counts 0.
    static func voicedWord(vocalic: [Bool], path: [PathSegment]) -> Double? {
        path.filter { $0.isWord && $0.frames >= 5 }.map { s in
            let lo = max(0, s.startFrame), hi = min(vocalic.count - 1, s.endFrame)
            let count = lo <= hi ? vocalic[lo...hi].filter { $0 }.count : 0
            return count >= minimumVowelFrames ? Double(count) / Double(s.frames) : 0
        }.max()
    }

    /// Vocalic frames a word needs for its share to count: one 10 ms frame is no vowel. A clink of
    /// cutlery decoded as a 10-frame "pause" had one frame ringing low enough, exactly the 0.1 share
    /// `Rejection.minimumVoicedWord` asks for, and fired. No result DEV's or the kitchen's
    /// batch accepted has a best word under 2.5 vocalic frames (session 23).
    static let minimumVowelFrames = 2

    /// Share of loud frames in runs of ≥ `minimumUncoveredRun` that no word covers; with two
    /// words or more, a run at either end of them less its first `wordTail` frames.
    static func uncoveredShare(loud: [Bool], path: [PathSegment], wordTail: Int = 0) -> Double {
        var covered = [Bool](repeating: false, count: loud.count)
        for s in path where s.isWord {
            let lo = max(0, s.startFrame - coverageMargin), hi = min(loud.count - 1, s.endFrame + coverageMargin)
            if lo <= hi { for i in lo...hi { covered[i] = true } }
        }
        let words = path.filter(\.isWord)
        let firstCovered = words.first.map { max(0, $0.startFrame - coverageMargin) }
        let lastCovered = words.last.map { min(loud.count - 1, $0.endFrame + coverageMargin) }
        var uncovered = 0, run = 0
        for i in 0...loud.count {
            if i < loud.count && loud[i] && !covered[i] { run += 1; continue }
            let atEdge = words.count > 1 && (i == firstCovered || i - run == lastCovered.map { $0 + 1 })
            if run >= minimumUncoveredRun { uncovered += atEdge ? max(0, run - wordTail) : run }
            run = 0
        }
        let loudCount = loud.filter { $0 }.count
        return loudCount > 0 ? Double(uncovered) / Double(loudCount) : 0
    }

    /// The ways the loud-frame flags can be numbered as the decoder numbered its frames.
    /// PocketSphinx's voice activity detector drops silence before and after the speech (beyond
    /// 0.2 s of pre-roll and 0.5 s of hangover); for one command those are quiet runs at the
    /// ends, but how many frames went from which end is not reported. Every split of the
    /// missing frames between the two ends that drops only quiet frames is a candidate; the
    /// caller keeps the one that fits the words best. Empty when none does.
    /// Each candidate is the range of `loud`'s indices it keeps.
    static func alignments(_ loud: [Bool], decodedFrames: Int) -> [Range<Int>] {
        let extra = loud.count - decodedFrames
        guard !loud.isEmpty, decodedFrames > 0 else { return [] }
        if abs(extra) <= 2 { return [loud.indices] }
        guard extra > 0 else { return [] }
        let firstLoud = loud.firstIndex(of: true) ?? loud.count
        let trailingQuiet = loud.count - 1 - (loud.lastIndex(of: true) ?? -1)
        return (0...extra).compactMap { head in
            head <= firstLoud && extra - head <= trailingQuiet ? head..<(loud.count - (extra - head)) : nil
        }
    }

    /// The result's confidence: the calibrated probability when there is a `calibration`, else
    /// the floors' margin.
    func confidence(_ e: RejectionEvidence) -> Double {
        calibration.map { min($0.probability(e), voicingMargin(e)) } ?? floorMargin(e)
    }

    /// 0…1, exactly 0.5 at `minimumVoicedWord`: no calibration was fitted on results without a
    /// vowel (none of DEV's commands), so this caps whatever the model says.
    func voicingMargin(_ e: RejectionEvidence) -> Double {
        guard let v = e.voicedWord else { return 1 }
        return 1 / (1 + exp(-(v - minimumVoicedWord) / 0.01))
    }

    /// Whether a result with this evidence is rejected (see `minimumConfidence`).
    func rejects(_ e: RejectionEvidence) -> Bool {
        if let minimumConfidence { return confidence(e) < minimumConfidence }
        if floorMargin(e) < 0.5 { return true }
        guard let beside = minimumConfidenceBesideFloors, calibration != nil else { return false }
        return confidence(e) < beside
    }

    /// 0…1, exactly 0.5 at the nearest threshold and falling towards 0 beyond it: the lowest of
    /// a logistic curve on each measure's margin to its threshold.
    func floorMargin(_ e: RejectionEvidence) -> Double {
        func logistic(_ x: Double) -> Double { 1 / (1 + exp(-x)) }
        let floor = (e.words ?? .max) <= Self.shortUtteranceWords ? minimumShortScorePerFrame : minimumScorePerFrame
        var c = min(logistic((e.scorePerFrame - floor) / 4),
                    logistic((e.worstWordScorePerFrame - minimumWordScorePerFrame) / 8))
        if let u = e.uncoveredSpeech { c = min(c, logistic((maximumUncoveredSpeech - u) / 0.05)) }
        return min(c, voicingMargin(e))
    }
}

extension RejectionEvidence {
    /// Both scores per frame moved by `shift`: a search with decoys scores every frame against a
    /// better best state than the floors and the confidence were measured with, so its results
    /// are read as the search without them would have scored them (`Rejection.Loop.decoyScoreShift`).
    mutating func shiftScores(by shift: Double) {
        scorePerFrame += shift; worstWordScorePerFrame += shift
    }
}
