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

    public init() {}
}
