/// The knobs of the energy voice-activity detector, in dB and seconds of stream time.
public struct EndpointerConfiguration: Sendable, Equatable {
    /// A window this far above the noise floor may start speech.
    public var startMarginDB: Float = 12
    /// Speech continues while windows stay this far above the floor (lower than the start
    /// margin: hysteresis keeps soft word endings inside the utterance).
    public var continueMarginDB: Float = 6
    /// Windows quieter than this (dBFS) never count as speech, however quiet the room.
    public var minimumSpeechDB: Float = -50
    /// Loud audio must last this long before speech is declared (rejects clicks and taps).
    public var minimumSpeech: Double = 0.1
    /// Quiet this long after speech ends the utterance (short pauses between words don't).
    public var hangover: Double = 0.2
    /// Quiet this long ends an utterance whose words so far are the start of a command but not
    /// a whole one (`Endpointer.awaitingMore`): a speaker who pauses inside a command ("front …
    /// centre") is not cut in two. Once per utterance (`Endpointer`). Nil: `hangover` always.
    public var unfinishedHangover: Double?
    /// Audio kept from before the detected onset and fed to the recognizer with the utterance,
    /// so soft word onsets ("f", "s", "h") are not cut.
    public var preRoll: Double = 0.3
    /// An utterance (pre-roll included) is ended after this long even if the room never goes quiet.
    public var maximumUtterance: Double = 10
    /// Noise floor at the start, dBFS, until calibration replaces it.
    public var initialFloorDB: Float = -60
    /// The first this-many seconds only measure the room (no speech is detected): the floor
    /// starts at their quietest window instead of a guess, so a noisy room does not open a
    /// first utterance at once. 0 disables calibration.
    public var calibration: Double = 0.2
    /// Per-window smoothing of the floor toward quieter windows (fast) and louder ones (slow),
    /// and toward any window while speech is in progress (very slow).
    public var floorFallRate: Float = 0.2
    public var floorRiseRate: Float = 0.02
    public var floorRiseRateInSpeech: Float = 0.0002
    /// Duration of one window, seconds (the meter's window).
    public var window: Double = 0.02

    // With a voice activity classifier's verdicts (`Endpointer.process(rmsDB:voiced:at:)`):
    // a classifier calls babble (other voices) speech too, so a window must also stand out from
    // the room's level. Swept on the development streams (eSpeak NG commands under pink noise,
    // a fan and eSpeak babble, quiet to 0 dB): 220 merged utterances with the verdicts alone,
    // 12 with these margins over a percentile floor, none lost.

    /// A voiced window this far above the room's level may start speech.
    public var voicedStartMarginDB: Float = 6
    /// Speech continues while voiced windows stay this far above the room's level.
    public var voicedContinueMarginDB: Float = 2
    /// Windows whose energy is averaged into the level the margins compare (100 ms): babble
    /// and denoising leave short bursts that single windows would follow.
    public var voicedSmoothingWindows = 5
    /// The room's level: this percentile of the smoothed levels of the last `roomSeconds`,
    /// speech included (utterances are short beside the pauses between them).
    public var roomPercentile: Double = 0.3
    public var roomSeconds: Double = 4
    /// With verdicts: windows whose levels over the last `steadySeconds` all lie within this many
    /// dB of each other are steady noise, not speech (nil: not used).
    public var steadySpreadDB: Float? = nil
    public var steadySeconds: Double = 0.6
    /// With verdicts: speech must hold its own level `voicedStartMarginDB` over the room's for
    /// this many windows in a row to open an utterance or to resume one that was ending. A knock,
    /// a chop on a board or a keystroke is voiced to the classifier and, averaged over 100 ms, as
    /// loud as a syllable, but it decays below the margin within one or two windows; a vowel
    /// holds. A knock that resumed an utterance does not restart its hangover. 1: not used.
    public var sustainedWindows = 1
    /// With verdicts and the caller's vowel flags (`Endpointer.process(rmsDB:voiced:vocalic:at:)`):
    /// only a window with a vowel's spectrum opens an utterance, and an utterance ends at the
    /// latest this many seconds past the hangover after its last window with a vowel, however
    /// voiced the sound that follows. Voice detectors call a running tap or a hiss voiced; a
    /// voice's vowels put their energy below 1 kHz, those noises do not. Any voiced sound still
    /// holds an utterance open and resumes it within that time, so a pause before a consonant
    /// (the "t" of "timer") does not split a command. nil: not used.
    public var vowelGrace: Double? = nil
    /// With a decoder (`ListenPipeline`): an utterance whose best path has not changed for this
    /// many seconds while it names a whole command ends, however loud the room still is. A
    /// noise that starts after the words (babble, a room's echo) is not speech to the decoder:
    /// its path stays on the command, or the silence after it, while the levels hold the
    /// utterance open. A speaker who goes on changes the path (a word of a command or of the
    /// garbage loop) within a word's length. nil: not used.
    public var settledPath: Double? = nil

    public init() {}
}
