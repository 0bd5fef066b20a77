import Logging
import ParloCore
import ParloCapture
import ParloCatalog
import ParloGrammar
import ParloCommands
import ParloEcho
import ParloListen
import ParloMeter
import ParloRecognizer
import ParloVoiceActivity

/// Drives a study session from audio: capture stream → two `ListenPipeline`s → session.
///
/// Both pipelines hear every chunk; which one may act depends on whether Parlo is speaking
/// (the session's `SpeakingGate`). When Parlo is silent, the full catalog decodes commands. While
/// it speaks, a second decoder with only the reading controls and a phone loop (garbage) decides:
/// Parlo's own sentences reaching the microphone decode as garbage and are rejected, where the
/// full grammar (which must map every utterance to some command) turned a read sentence into
/// "next one". Commands are handed to the session right after each chunk, so a reading control
/// acts within one capture period (barge-in).
///
/// With an `echo` filter, every chunk first loses the echo of what Parlo played at the same
/// stream time, and both decoders hear the cleaned audio: the phone loop alone rejects Parlo's
/// words but also drowns a student's "stop" said *over* them; with the echo removed the stop
/// stands out (`StudyEchoBargeInTests`).
public final class StudyListener {
    public let session: StudySession
    /// Decodes commands while Parlo is silent.
    public let pipeline: ListenPipeline
    /// Decodes reading controls while Parlo speaks (nil: `pipeline` serves both, gated).
    public let bargeIn: ListenPipeline?
    /// Wait for speech to end after each command before reading more audio: for recorded input
    /// played faster than real time with file output, where nothing else paces the two.
    public var waitForSpeech = false
    /// Removes Parlo's own voice from the capture before decoding (nil: audio goes in as is).
    public var echo: CaptureEchoFilter?
    /// Hears the microphone only while a talk button is held (nil: hands-free, always).
    public var pushToTalk: PushToTalk?
    /// A clock moved by the audio itself, one chunk's duration per chunk: give the session the
    /// same clock when a recording is played faster than real time (`--input --fast`), so a
    /// focus timer set in it ends after the recording's minutes, not the wall clock's.
    public var streamClock: ManualStudyClock?
    /// Stream time at which the full catalog's current utterance began.
    private var utteranceStart = 0.0
    /// Stream time at which the reading controls' current utterance began.
    private var controlStart = 0.0
    /// A reading control heard while Parlo speaks is Parlo's own voice when echo cancellation
    /// removed more than this many dB of the utterance (nil: never judged so). The student
    /// talking over Parlo keeps most of an utterance's energy (1.5 dB removed in the echo
    /// barge-in room); Parlo's voice alone loses 23–35 dB once the canceller has learnt the room,
    /// and the residue of its first reply came back as "basta" (stop) in 2 of 60 sessions
    /// without this check (docs/speech.md, `make eval-echo`). At 12 dB a student 6 dB quieter
    /// than Parlo at the microphone (who loses about 7 dB) still counts. Before the canceller
    /// has learnt the room (the first second or two of Parlo's speech) it removes too little for
    /// this to tell.
    public var ownVoiceRemovedDB: Double? = 12
    /// The reading controls' phone loop once the echo canceller has learnt the room (nil: always
    /// `whileSpeakingRejection`'s 0.08). That loop keeps Parlo's own voice from decoding as a
    /// control, and also drowns a student quieter than Parlo at the microphone: such a "stop"
    /// acted in 8 of 30 sessions (docs/speech.md, `make eval-echo`). Once cancellation removes
    /// `learntRoomDB` of Parlo's voice, what is left of it is faint, and what of it still decodes
    /// as a control the own-voice check rejects (24–33 dB removed, against its 12), so the
    /// cheaper loop lets the quieter "stop" through: 27 of 30. Before that (a session's first
    /// seconds, or after the room changed) the loop stays 0.08: a cheaper loop from the start
    /// let Parlo's first reply fire "help" while the canceller was still learning.
    public var learntRoomLoop: Double? = StudyListener.learntRoomLoopDefault
    public static let learntRoomLoopDefault = 0.005
    /// How much of Parlo's voice cancellation must lately remove (the median over its last 2 s
    /// of playback, `CancelledEnergy.removedWhilePlayingDB`) for `learntRoomLoop` to apply: the
    /// own-voice check's 12 dB and 6 dB to spare, since half of Parlo's utterances lose less
    /// than the median. Learnt rooms measured 23–38 dB; the first reply reaches 18 dB after
    /// about 3 s.
    public var learntRoomDB = 18.0

    public init(session: StudySession, pipeline: ListenPipeline, bargeIn: ListenPipeline? = nil) {
        self.session = session
        self.pipeline = pipeline
        self.bargeIn = bargeIn
    }

    /// Consumes `stream` until it ends; `observe` sees the listening events of the pipeline in
    /// charge (for --json). Any sequence of chunks will do, not only a `CaptureStream`: tests
    /// move Parlo's playback clock in step with the chunks they hand over.
    public func run<Chunks: AsyncSequence>(_ stream: Chunks, observe: (ListenEvent) -> Void = { _ in }) async throws
    where Chunks.Element == AudioChunk {
        var events: [ListenEvent] = []
        var controls: [ListenEvent] = []
        let clock = ContinuousClock()
        for try await captured in stream {
            let cleaned = echo?.process(captured, capturedAt: clock.now) ?? captured
            try followCanceller()
            let chunk = pushToTalk?.gate(cleaned) ?? cleaned
            if !chunk.samples.isEmpty {
                try pipeline.process(chunk) { events.append($0) }
                try bargeIn?.process(chunk) { controls.append($0) }
            }
            await deliver(&events, &controls, observe)
            streamClock?.advance(by: SpeechFormat.seconds(captured.samples.count))
            await session.checkTimer()
        }
        if let tail = echo?.finish(), !tail.samples.isEmpty {
            try pipeline.process(tail) { events.append($0) }
            try bargeIn?.process(tail) { controls.append($0) }
        }
        try pipeline.finish { events.append($0) }
        try bargeIn?.finish { controls.append($0) }
        await deliver(&events, &controls, observe)
    }

    private func deliver(_ events: inout [ListenEvent], _ controls: inout [ListenEvent], _ observe: (ListenEvent) -> Void) async {
        // The interpreters already refuse what is not theirs; order by stream time.
        let all = (Self.withConfidence(events).map { ($0.0, false, $0.1) } + Self.withConfidence(controls).map { ($0.0, true, $0.1) })
            .sorted { $0.0.t < $1.0.t }
        let speaking = session.gate.speaking
        for (event, fromControls, confidence) in all {
            if case .speechStart(let t) = event { if fromControls { controlStart = t } else { utteranceStart = t } }
            if case .command(let t, let match, let latency) = event, !fromControls, parloWasAudible(from: utteranceStart, to: t) {
                observe(.rejected(t: t, text: match.text, reason: "Parlo was speaking during this utterance", latencyMs: latency))
                continue
            }
            if case .command(let t, let match, let latency) = event, fromControls, let removed = ownVoiceRemoved(from: controlStart, to: t) {
                observe(.rejected(t: t, text: match.text, reason: "Parlo's own voice: cancelling its echo removed \(Int(removed.rounded())) dB of this utterance",
                                  latencyMs: latency))
                continue
            }
            if case .command(_, let match, _) = event {
                observe(event)
                await session.handle(match, source: "voice", confidence: confidence)
                if waitForSpeech { await session.waitUntilQuiet() }
            } else if bargeIn == nil || speaking == fromControls {
                observe(event)
            }
        }
        events.removeAll()
        controls.removeAll()
    }

    /// Pairs each command with how sure the decoder is of it (the `.recognized` event just before
    /// it in the same pipeline's list): the session asks back unsure commands. A command with slot
    /// values gets its least sure value's confidence (`SlotConfidence.Model.live`, from the words
    /// that said it), others the recognition's. Paired before the two lists are merged, so the
    /// order of equal stream times cannot mix them.
    static func withConfidence(_ events: [ListenEvent]) -> [(ListenEvent, Double?)] {
        var last: Double?
        return events.map { event in
            if case .recognized(_, let recognition, _) = event { last = resultConfidence(recognition) }
            guard case .command(_, let match, _) = event else { return (event, nil) }
            defer { last = nil }
            guard let p = last, !match.slots.isEmpty else { return (event, last) }
            let values = match.slots.keys.map { SlotConfidence.Model.live.probability(result: p, wordScorePerFrame: match.slotEvidence?[$0]) }
            return (event, values.min())
        }
    }

    /// The probability that `recognition` is right, for asking back: `Rejection.live`'s
    /// calibrated model on the recognition's evidence (nil without evidence). With `room` it is
    /// the recognition's own confidence; without, the decoder rejects with its floors
    /// (`Rejection.streamingFloors`), whose confidence is a margin, and the model, fitted on the
    /// room pipeline's results, is an estimate (docs/listening.md, "Asking back").
    static func resultConfidence(_ recognition: Recognition) -> Double? {
        guard let evidence = recognition.evidence, let model = Rejection.live.calibration else { return nil }
        return model.probability(evidence)
    }

    /// Gives the reading controls the loop the canceller's state calls for, between their
    /// utterances (`learntRoomLoop`).
    private func followCanceller() throws {
        guard let bargeIn, bargeIn.phase == .waiting else { return }
        var learnt = false
        if learntRoomLoop != nil, let echo, echo.enabled, let removed = echo.energy.removedWhilePlayingDB() {
            learnt = removed >= learntRoomDB
        }
        try bargeIn.recognizer.useLoop(probability: learnt ? learntRoomLoop : nil)
    }

    /// How many dB of `from…to` (stream seconds) echo cancellation removed, when that is more
    /// than `ownVoiceRemovedDB`; nil otherwise or without cancellation.
    private func ownVoiceRemoved(from: Double, to: Double) -> Double? {
        guard let limit = ownVoiceRemovedDB, let echo, echo.enabled, let kept = echo.energy.keptDB(from: from, to: to),
              -kept > limit else { return nil }
        return -kept
    }

    /// Whether Parlo's own voice was playing anywhere in `from…to` (stream seconds, 0.3 s of
    /// margin before), from what the echo reference placed on the capture timeline. The
    /// speaking gate is a present-tense flag: an utterance made of the tail of Parlo's reply
    /// ends after Parlo has stopped, and the full catalog would take it for the student's
    /// ("Opening math, 3 materials" came back as "open the math please"). Without an echo
    /// reference (recorded input, replies to a file) nothing of Parlo reaches the microphone.
    private func parloWasAudible(from: Double, to: Double) -> Bool {
        guard let reference = echo?.reference else { return false }
        let rate = Double(SpeechFormat.sampleRate)
        let start = max(0, Int((from - 0.3) * rate)), end = Int(to * rate)
        guard end > start else { return false }
        // Any 20 ms window of the played audio above −50 dBFS (the level meter's windows).
        var meter = LevelMeter()
        var audible = false
        meter.process(reference.read(from: start, count: end - start)) { if $0.rmsDB > -50 { audible = true } }
        return audible
    }
}

extension StudyListener {
    /// Compiles `catalog` for listening, with the decoys of `decoys` (`CatalogCompiler.compile(_:decoys:)`).
    public static func compile(_ catalog: Catalog, model: AcousticModel, decoys: Set<Language> = [],
                               logger: Logger = Logger(label: "parlo.study")) throws -> CompiledCatalog {
        try CatalogCompiler(model: model, logger: logger).compile(catalog, decoys: decoys)
    }

    /// Rejection while Parlo speaks: the usual checks plus a phone loop beside the reading
    /// controls, so Parlo's own sentences decode as loop phones instead of a control (once an
    /// echo canceller has learnt the room, `learntRoomLoop` takes over). Without
    /// the loop (or with it at 0.01 per phone) one of Parlo's read sentences came back as
    /// "next one" and fired; at 0.05 they were rejected in the raw echo, but with echo
    /// cancellation the residual of Parlo's reading came back as "basta" in 2 of 5 full test
    /// runs (`StudyEchoBargeInTests`, borderline: never when run alone). A spoken "stop" over
    /// Parlo's voice still acts up to 0.12 and is lost at 0.2 (`StudyBargeInTests`,
    /// `StudyEchoBargeInTests`), hence 0.08, between the two.
    public static let whileSpeakingRejection: Rejection = {
        var r = Rejection.default
        r.loop = .phones(probability: 0.08)
        return r
    }()

    /// Builds both decoders for `session` from the command catalog: the full catalog with
    /// `Rejection.live` for when Parlo is silent (as `parlo listen`: speech that is no command
    /// fires nothing), the reading controls with a phone loop for while it speaks. `noiseFloor`:
    /// see `Recognizer.init` (for recorded input). With `room` (the default), the full catalog's
    /// pipeline is `parlo listen`'s (`RoomListening`: noise suppression in a noisy room, speech
    /// verdicts with room margins, the floor laid first, `Rejection.live`): on the DEV streams
    /// non-commands firing fell from 50 % to 6 % in quiet, and commands right at 5 dB rose from
    /// 2 % to 48–63 % (docs/listening.md). The reading controls' decoder keeps its own stages:
    /// its phone loop and floors were tuned without them, and with them Parlo's own reading
    /// fired "repeat" in the echo barge-in tests. `language`: the student's
    /// (`CommandInterpreter.language`). `roomHangover`: the silence that ends an utterance in the
    /// room pipeline (nil: `RoomListening`'s 250 ms); `options`' hangover is the other decoder's.
    /// `decoys`: the languages whose decoys the full catalog's decoder gets (the reading
    /// controls' phone loop was tuned without them). `warps`: what the room pipeline decodes a
    /// rejected utterance again at (`CatalogRecognizer.reconsider`; empty: none).
    /// `loudestSecondLook`: how far below its loudest speech a rejected utterance's second look
    /// reaches (`CatalogRecognizer.loudestSpeech`; nil: none).
    public convenience init(session: StudySession, catalog: Catalog, model: AcousticModel,
                            options: ListenPipeline.Options = .init(), noiseFloor: Double? = nil, room: Bool = true,
                            roomHangover: Double? = nil, language: Language? = nil, decoys: Set<Language> = [],
                            warps: [Double] = CatalogRecognizer.defaultWarps,
                            loudestSecondLook: Float? = SpeechSpan.secondLookBelowLoudestDB,
                            logger: Logger = Logger(label: "parlo.study")) throws {
        func pipeline(_ compiled: CompiledCatalog, _ role: CommandInterpreter.Role) throws -> ListenPipeline {
            let rejection = role == .whileSpeaking ? Self.whileSpeakingRejection : (room ? Rejection.live : Rejection.streamingFloors)
            var interpreter = CommandInterpreter(matcher: compiled.matcher(), gate: session.gate,
                                                 registry: session.registry, role: role)
            interpreter.language = language
            interpreter.slots = SlotConfidence(catalog: compiled.catalog)     // the words' evidence; see withConfidence
            guard room, role == .whenSilent else {
                let recognizer = try CatalogRecognizer(compiled: compiled, model: model, rejection: rejection, noiseFloor: noiseFloor)
                return ListenPipeline(recognizer: recognizer.primary, interpreter: interpreter, options: options)
            }
            let recognizer = try CatalogRecognizer(compiled: compiled, model: model, rejection: rejection)
            recognizer.warps = warps
            recognizer.loudestSpeech = loudestSecondLook.map { SpeechSpan.secondLook(within: $0) }
            return try RoomListening.pipeline(recognizer: recognizer, interpreter: interpreter, options: RoomListening.options(options, hangover: roomHangover),
                                              fileNoiseFloorDB: noiseFloor)
        }
        var controls = catalog
        controls.commands = catalog.commands.filter { StudySession.readingControls.contains($0.name) }
        self.init(session: session,
                  pipeline: try pipeline(try Self.compile(catalog, model: model, decoys: decoys, logger: logger), .whenSilent),
                  bargeIn: try pipeline(try Self.compile(controls, model: model, logger: logger), .whileSpeaking))
    }
}
