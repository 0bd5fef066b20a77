/// Finds where utterances start and end in a stream of window levels: an energy voice-activity
/// detector with an adaptive noise floor, a minimum speech duration and a hangover.
///
/// A pure value-type state machine over injected stream time: feed it one RMS value per window
/// with the window's end time and act on what it returns. No clock, no audio, no devices, so
/// every timing rule is unit-tested directly.
public struct Endpointer: Sendable {
    /// Where the machine is.
    public enum State: Sendable, Equatable {
        /// No speech.
        case waiting
        /// Loud since `onset`, not yet long enough to be speech.
        case onset(since: Double)
        /// In an utterance that started (audio-wise) at `start`.
        case hearing(start: Double)
        /// In an utterance, quiet since `quietSince`; ends when the hangover passes.
        case deciding(start: Double, quietSince: Double)
    }

    /// What the caller should do after a window.
    public enum Action: Sendable, Equatable {
        /// Speech confirmed at `t`; feed the recognizer from `audioFrom` (onset minus pre-roll).
        case speechStart(t: Double, audioFrom: Double)
        /// The utterance ended: decided at `t`, the last speech window ended at `speechEndedAt`.
        case speechEnd(t: Double, speechEndedAt: Double)
    }

    /// The three states a UI shows.
    public enum Phase: String, Sendable { case waiting, hearing, deciding }

    public let configuration: EndpointerConfiguration
    public private(set) var state: State = .waiting
    /// The current noise-floor estimate, dBFS.
    public private(set) var noiseFloorDB: Float
    private var calibrationFloor: Float = .infinity
    /// With verdicts: the room's level from the recent smoothed levels (see the configuration).
    private var room: RoomLevel
    /// The last `steadySeconds` of window levels (with `steadySpreadDB`).
    private var steady: SteadyLevel
    /// With verdicts: consecutive windows whose own level stands `voicedStartMarginDB` over the
    /// room's (see `sustainedWindows`).
    private var loudRun = 0
    /// Whether the onset in progress has held loud for `sustainedWindows` yet.
    private var onsetSustained = false
    /// While speech that resumed an utterance has not yet held loud for `sustainedWindows`: the
    /// quiet it interrupted, which goes on if it turns out to be a knock.
    private var resumedFrom: Double?
    /// Set by the caller from what the recognizer has heard so far: the words are the start of a
    /// command, not yet a whole one, so a pause waits `unfinishedHangover` instead of `hangover`.
    /// Kept through a knock that interrupts the pause (the same pause goes on); cleared when the
    /// utterance ends.
    public var awaitingMore = false
    /// Whether speech already resumed after a pause that only the unfinished hangover kept open:
    /// later pauses of the utterance get the usual hangover (noise that keeps resuming a wait
    /// would otherwise chain utterances together).
    private var waitedOnce = false
    /// With `vowelGrace`: the end of the utterance's last window with a vowel in it.
    private var lastVowel = 0.0
    /// With `vowelGrace`: the unfinished hangover, set when speech resumes a pause that only it
    /// kept open, cleared at the next vowel. That pause's wait, not the usual hangover, bounds the
    /// wait for the vowel: the "s" of "front … center" resumes it, and "center"'s vowel comes
    /// later than the usual bound allows.
    private var resumedWait: Double?
    /// After `cut`: the loudest the sound that held the cut utterance open was in its last
    /// 0.5 s. While it goes on it opens no new utterance; a window that is no longer speech ends
    /// it, and a voice `voicedStartMarginDB` louder than it (the next command) opens one.
    private var heldLevel: Float?

    public init(configuration: EndpointerConfiguration = .init()) {
        self.configuration = configuration
        noiseFloorDB = configuration.initialFloorDB
        room = RoomLevel(configuration)
        steady = SteadyLevel(configuration)
    }

    public var phase: Phase {
        switch state {
        case .waiting, .onset: .waiting
        case .hearing: .hearing
        case .deciding: .deciding
        }
    }

    /// Whether an utterance is in progress (between speechStart and speechEnd).
    public var inUtterance: Bool {
        switch state { case .hearing, .deciding: true; default: false }
    }

    /// Feeds the RMS (dBFS) of the window ending at stream time `t`, and, when a
    /// `VoiceActivityClassifier` judged the window, its verdict: then the window is speech when
    /// the classifier says so and it is not quieter than `minimumSpeechDB` (so a silent room
    /// never opens an utterance), and the energy margins are not used.
    ///
    /// `vocalic`: whether the window has a vowel's spectrum (with `vowelGrace`; nil: unknown,
    /// taken as yes).
    public mutating func process(rmsDB db: Float, voiced: Bool? = nil, vocalic: Bool? = nil, at t: Double) -> Action? {
        let c = configuration
        if t <= c.calibration + 1e-9 {
            if voiced != nil { _ = room.add(db) }      // the room's level learns from the start too
            calibrationFloor = min(calibrationFloor, db)
            if t + c.window > c.calibration + 1e-9 { noiseFloorDB = calibrationFloor }
            return nil
        }
        let windowStart = t - c.window
        let vowel = c.vowelGrace == nil || vocalic != false
        let loud, stillSpeech, sustained: Bool
        var smoothed = db
        if let voiced {
            smoothed = room.add(db)
            let noise = steady.add(db)
            loud = voiced && !noise && db > c.minimumSpeechDB && smoothed > room.levelDB + c.voicedStartMarginDB
            stillSpeech = voiced && !noise && db > c.minimumSpeechDB - 3 && smoothed > room.levelDB + c.voicedContinueMarginDB
            loudRun = db > room.levelDB + c.voicedStartMarginDB ? loudRun + 1 : 0
            sustained = loudRun >= c.sustainedWindows
        } else {
            sustained = true
            loud = db > max(noiseFloorDB + c.startMarginDB, c.minimumSpeechDB)
            stillSpeech = db > max(noiseFloorDB + c.continueMarginDB, c.minimumSpeechDB - 3)
        }
        adaptFloor(db)
        if let grace = c.vowelGrace, inUtterance {
            if voiced != false, vowel, db > c.minimumSpeechDB - 3 { lastVowel = t; resumedWait = nil }
            if t - lastVowel >= (resumedWait ?? hangover) + grace - 1e-9 { return end(t: t, speechEndedAt: lastVowel) }
        }
        switch state {
        case .waiting:
            if let held = heldLevel {
                guard stillSpeech else { heldLevel = nil; break }
                guard smoothed > held + c.voicedStartMarginDB else { break }
                heldLevel = nil
            }
            guard loud && vowel else { break }
            state = .onset(since: windowStart)
            onsetSustained = sustained
            return confirmIfLongEnough(since: windowStart, t: t)
        case .onset(let since):
            guard stillSpeech else { state = .waiting; break }
            onsetSustained = onsetSustained || sustained
            return confirmIfLongEnough(since: since, t: t)
        case .hearing(let start):
            if t - start >= c.maximumUtterance - 1e-9 { return end(t: t, speechEndedAt: t) }
            if sustained { resumedFrom = nil }
            guard !stillSpeech else { break }
            if let quietSince = resumedFrom {     // a knock: the hangover it interrupted goes on
                state = .deciding(start: start, quietSince: quietSince)
                resumedFrom = nil
                if t - quietSince >= hangover - 1e-9 { return end(t: t, speechEndedAt: quietSince) }
            } else {
                state = .deciding(start: start, quietSince: windowStart)
            }
        case .deciding(let start, let quietSince):
            if loud {
                if t - quietSince > configuration.hangover + 1e-9 { resumedWait = hangover; waitedOnce = true }
                state = .hearing(start: start)
                resumedFrom = sustained ? nil : quietSince
                return nil
            }
            if t - quietSince >= hangover - 1e-9 { return end(t: t, speechEndedAt: quietSince) }
        }
        return nil
    }

    /// Whether the utterance in progress is pausing at `t`: quiet since its last speech window,
    /// or (with `vowelGrace`) a hangover past its last vowel, whatever sounds. Either ends it
    /// soon, so this is when the caller's `awaitingMore` counts.
    public func isPausing(at t: Double) -> Bool {
        switch state {
        case .deciding: true
        case .hearing: configuration.vowelGrace != nil && t - lastVowel >= configuration.hangover - 1e-9
        case .waiting, .onset: false
        }
    }

    /// Where the usual hangover ends an utterance quiet since `quietSince`: the end of the first
    /// window at least `hangover` after it, as `process` decides. A caller that waits longer
    /// (`awaitingMore`) can hand its decoder no more than an utterance ended then would get.
    public func usualEnd(after quietSince: Double) -> Double {
        quietSince + configuration.window * (configuration.hangover / configuration.window - 1e-9).rounded(.up)
    }

    /// The quiet that ends the utterance now.
    private var hangover: Double {
        awaitingMore && !waitedOnce ? configuration.unfinishedHangover ?? configuration.hangover : configuration.hangover
    }

    /// Ends the utterance in progress at `t`, its speech ended at `speechEndedAt`, for a caller
    /// that knows more than the levels do: the decoder has settled on a whole command while a
    /// sound holds the levels up. That sound, still going on, opens no new utterance until a
    /// window that is not speech, or a voice louder than it. Nil when no utterance is in progress.
    public mutating func cut(at t: Double, speechEndedAt: Double) -> Action? {
        guard inUtterance else { return nil }
        heldLevel = room.loudest(windows: Int((Self.heldSoundSeconds / configuration.window).rounded()))
        return end(t: t, speechEndedAt: min(t, speechEndedAt))
    }

    /// How much of the sound that held a cut utterance open measures its level: the last 0.5 s,
    /// after the words (the decoder's path had settled on them for longer).
    static let heldSoundSeconds = 0.5

    /// Ends any utterance in progress (end of stream, push-to-talk released).
    public mutating func flush(at t: Double) -> Action? {
        switch state {
        case .hearing: return end(t: t, speechEndedAt: resumedFrom ?? t)
        case .deciding(_, let quietSince): return end(t: t, speechEndedAt: quietSince)
        case .waiting, .onset: state = .waiting; return nil
        }
    }

    private mutating func confirmIfLongEnough(since: Double, t: Double) -> Action? {
        // A small epsilon absorbs the rounding of window arithmetic (5 × 0.02 ≠ 0.1 in binary).
        guard onsetSustained, t - since >= configuration.minimumSpeech - 1e-9 else { return nil }
        let from = max(0, since - configuration.preRoll)
        state = .hearing(start: from)
        lastVowel = t
        return .speechStart(t: t, audioFrom: from)
    }

    private mutating func end(t: Double, speechEndedAt: Double) -> Action {
        state = .waiting
        resumedFrom = nil
        awaitingMore = false
        waitedOnce = false
        resumedWait = nil
        return .speechEnd(t: t, speechEndedAt: speechEndedAt)
    }

    private mutating func adaptFloor(_ db: Float) {
        let c = configuration
        let rate: Float
        if db < noiseFloorDB { rate = c.floorFallRate }
        else { rate = inUtterance ? c.floorRiseRateInSpeech : c.floorRiseRate }
        noiseFloorDB += rate * (db - noiseFloorDB)
    }
}
