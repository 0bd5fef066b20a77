import ParloCore
import ParloEndpointer
import ParloListen
import ParloRecognizer
import ParloReverb
import ParloVoiceActivity

/// The stages that keep live listening right in a real room, for `parlo listen` and, with
/// `room: true`, the study listener: a file's microphone floor, noise suppression, WebRTC's
/// speech/noise verdicts for the endpointer, and the decoding choices that go with them.
///
/// Why each is there, with the development-set measurements, is in docs/listening.md.
public enum RoomListening {
    /// What a pipeline hears first: the input's DC offset taken away (`DCBlocker`: a microphone's
    /// offset is otherwise a loud steady noise to every stage after it); for audio files played as a
    /// microphone, the floor a microphone adds (`fileNoiseFloorDB`); then speexdsp's noise
    /// suppression by `denoiseDB` (0: none), while `NoisyRoomGate` finds the room noisy (or `always`).
    public static func conditioner(fileNoiseFloorDB: Double?, denoiseDB: Int, always: Bool = false) throws -> any AudioConditioner {
        var stages: [any AudioConditioner] = [DCBlocker()]
        if let floor = fileNoiseFloorDB { stages.append(PinkNoiseFloor(levelDB: floor)) }
        if denoiseDB > 0 {
            stages.append(try NoiseSuppressor(options: .init(suppressDB: -Int32(denoiseDB), roomGate: always ? nil : .init())))
        }
        return ConditionerChain(stages)
    }

    /// What the decoder alone hears after the conditioner: the room's late reverberation taken
    /// out as the stream goes (`StreamingDereverberator`), lagging 48 ms behind what the
    /// endpointer decides on; nil when `dereverb` is off.
    public static func decoderStage(dereverb: Bool) -> HeldBackConditioner? {
        dereverb ? StreamingDereverberator() : nil
    }

    /// WebRTC's voice activity detector in its most aggressive mode.
    public static func classifier() throws -> any VoiceActivityClassifier { try WebRTCVoiceActivity() }

    /// `base` with the decoding choices of room listening: the first utterances re-decoded whole
    /// (cold decoder), the streaming cepstral mean moved after each utterance (the stream's mean
    /// counting as 5 s against it: `Recognizer.adaptStreamingMean`), and the
    /// endpointer of a room (`RoomEndpointing`), its 250 ms hangover unless `hangover` says otherwise.
    public static func options(_ base: ListenPipeline.Options = .init(), hangover: Double? = nil) -> ListenPipeline.Options {
        var o = base
        o.finalPass = .batchUntilWarm
        o.cepstralAdaptationSeconds = 1
        RoomEndpointing.apply(to: &o.endpointer, hangover: hangover)
        return o
    }

    /// A pipeline with every room stage, on `recognizer`.
    public static func pipeline(recognizer: any UtteranceDecoder, interpreter: HypothesisInterpreter?,
                                mode: ListenMode = .always, options: ListenPipeline.Options,
                                fileNoiseFloorDB: Double?, denoiseDB: Int = 15, dereverb: Bool = true) throws -> ListenPipeline {
        ListenPipeline(recognizer: recognizer, interpreter: interpreter, mode: mode, options: options,
                       conditioner: try conditioner(fileNoiseFloorDB: fileNoiseFloorDB, denoiseDB: denoiseDB),
                       decoderStage: decoderStage(dereverb: dereverb), classifier: try classifier())
    }
}
