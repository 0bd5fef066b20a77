import ArgumentParser
import Foundation
import Logging
import Parlo

/// `parlo listen`: live recognition from a microphone or a file.
struct ListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Listen live and report speech, partial text and recognised phrases.",
        discussion: "Reads a capture device (or --input FILE through the same pipeline). On a terminal: a live line with an 8-bar meter, the state and the partial text. Piped or with --json: JSON Lines events (level, speech_start, partial, speech_end, recognized, command, rejected, wake). Ctrl-C stops cleanly.")

    enum Mode: String, ExpressibleByArgument, CaseIterable { case always, wake, ptt }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var acoustic: RecognitionModelOptions
    @OptionGroup var capture: CaptureOptions
    @OptionGroup var level: InputLevelOptions

    @Option(name: .long, help: "JSGF grammar to recognise against, instead of the command catalog.")
    var jsgf: String?

    @OptionGroup var catalog: CatalogOptions

    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: "always: every utterance; wake: only after a wake phrase; ptt: Enter starts/stops talking.")
    var mode: Mode = .always

    @Option(name: .customLong("wake-phrase"), help: "Wake phrases for --mode wake, comma-separated.")
    var wakePhrases = "hey parlo,ehi parlo"

    @Option(name: .customLong("hangover-ms"), help: "Silence that ends an utterance, in milliseconds (default: 250 with --vad webrtc, 200 with --vad energy).")
    var hangoverMs: Int?

    @Option(name: .customLong("unfinished-hangover-ms"), help: "With --vad webrtc: silence that ends an utterance whose words so far begin a command without being a whole one, in milliseconds (default: 600; 0: --hangover-ms always).")
    var unfinishedHangoverMs: Int?

    @Option(name: .customLong("settled-ms"), help: "With --vad webrtc: how long the decoder's best path must stay on a whole command, while noise holds the room loud, before the utterance ends, in milliseconds (default: 1000; 0: off).")
    var settledMs: Int?

    @Option(name: .customLong("voice-shift"), help: "With --vad webrtc: decode an utterance again whole, as a file is, when its cepstral mean lies this far from the stream's so far (a new voice or room; 30 is the median of DEV's voice-changing stream), begun while the speaker pauses (default: off; it lost commands on the held-out test set, docs/listening.md).")
    var voiceShift: Double?

    @Flag(name: .customLong("no-levels"), help: "Do not print level events in JSON output.")
    var noLevels = false

    @Option(name: .long, help: "Suppress steady room noise by up to this many dB before detecting and recognising speech (0: off).")
    var denoise = 15

    enum DenoiseWhen: String, ExpressibleByArgument, CaseIterable { case noisy, always }

    @Option(name: .customLong("denoise-when"), help: "noisy: suppress noise only while the room is noisy (speech less than about 16 dB above the noise), since suppression also takes from quiet speech; always: all the time.")
    var denoiseWhen: DenoiseWhen = .noisy

    @Flag(name: .customLong("dereverb"), inversion: .prefixedNo, help: "Take the room's late reverberation out of what the recogniser hears, as the stream goes (weighted prediction error).")
    var dereverb = true

    @Option(name: .customLong("min-confidence"), help: "With the catalog: reject results less sure than this (0-1; 0 keeps every result the decoder found).")
    var minConfidence: Double?

    @OptionGroup var spoken: SpeakerLanguageOptions

    @OptionGroup var pocketSphinx: DecoderOptions

    @OptionGroup var warping: WarpOptions

    @OptionGroup var loudestLook: LoudestLookOptions

    enum SpeechDetector: String, ExpressibleByArgument, CaseIterable { case webrtc, energy }

    @Option(name: .long, help: "What tells speech from room noise: webrtc (WebRTC's voice activity detector, robust in steady noise) or energy (a level threshold over the noise floor).")
    var vad: SpeechDetector = .webrtc

    func validate() throws {
        if let hangoverMs, hangoverMs < 20 || hangoverMs > 5000 { throw ValidationError("--hangover-ms must be between 20 and 5000") }
        if let ms = unfinishedHangoverMs, ms != 0 && (ms < 20 || ms > 5000) {
            throw ValidationError("--unfinished-hangover-ms must be 0 (off) or between 20 and 5000")
        }
        if let ms = settledMs, ms != 0 && (ms < 200 || ms > 10_000) {
            throw ValidationError("--settled-ms must be 0 (off) or between 200 and 10000")
        }
        if let v = voiceShift, !(v > 0 && v <= 1000) { throw ValidationError("--voice-shift must be above 0 and at most 1000 (30: DEV's median)") }
        if let c = minConfidence, !(0...1).contains(c) { throw ValidationError("--min-confidence must be between 0 and 1") }
        if denoise < 0 || denoise > 60 { throw ValidationError("--denoise must be between 0 (off) and 60 dB") }
        if spoken.language != nil && jsgf != nil { throw ValidationError("--language needs the command catalog, not --jsgf") }
        if spoken.decoys != nil && jsgf != nil { throw ValidationError("--decoys needs the command catalog, not --jsgf") }
    }

    func run() async throws {
        let logger = global.bootstrap()
        let pipeline: ListenPipeline
        let source: CaptureSource
        StartupMemory.useOneHeap()
        do {
            releasePhasePages("loading", logger: logger)
            let model = try acoustic.locate()
            let (recognizer, interpreter) = try recognition(model: model, logger: logger)
            releasePhasePages("the decoder", logger: logger)
            let listenMode: ListenMode
            switch mode {
            case .always: listenMode = .always
            case .ptt: listenMode = .pushToTalk
            case .wake:
                let phrases = wakePhrases.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                listenMode = .wake(try KeyphraseSpotter(model: model, phrases: phrases))
            }
            var options = ListenPipeline.Options()
            options.emitLevels = !noLevels
            if vad == .webrtc {
                options = RoomListening.options(options, hangover: hangoverMs.map { Double($0) / 1000 })
                if let ms = unfinishedHangoverMs { options.endpointer.unfinishedHangover = ms == 0 ? nil : Double(ms) / 1000 }
                if let ms = settledMs { options.endpointer.settledPath = ms == 0 ? nil : Double(ms) / 1000 }
                options.wholeDecodeVoiceShift = voiceShift
            } else {
                options.endpointer.hangover = Double(hangoverMs ?? 200) / 1000
            }
            // A file gets the floor a microphone would add before anything else hears it (the
            // recognizer then adds none of its own).
            let conditioner = try RoomListening.conditioner(fileNoiseFloorDB: capture.noiseFloor, denoiseDB: denoise, always: denoiseWhen == .always)
            let classifier = vad == .webrtc ? try RoomListening.classifier() : nil
            pipeline = ListenPipeline(recognizer: recognizer, interpreter: interpreter, mode: listenMode, options: options,
                                      conditioner: conditioner, decoderStage: RoomListening.decoderStage(dereverb: dereverb),
                                      classifier: classifier)
            source = try capture.makeSource(logger: logger, level: level)
            await releaseStartupPages(logger: logger)
        } catch {
            throw fail(error)
        }
        let asJSON = output.asJSON
        if !asJSON {
            let hint = mode == .ptt ? " Press Enter to start/stop talking." : ""
            FileHandleOutput.stderr("Listening on \(source.description) (\(mode.rawValue)).\(hint) Ctrl-C stops.\n")
        }
        if mode == .ptt { startPushToTalkReader(pipeline.pushToTalk) }
        let stream = source.start()
        let interrupt = InterruptHandler { stream.stop() }
        defer { withExtendedLifetime(interrupt) {} }
        var printer = ListenPrinter(json: asJSON)
        do {
            try await pipeline.run(stream) { event in
                try printer.show(event, phase: pipeline.phase, armed: pipeline.armed, partial: pipeline.partialText)
            }
        } catch {
            printer.finish()
            throw fail(error)
        }
        printer.finish()
        // Tearing the decoder and the pipeline down touches pages listening never needed: on top
        // of listening's own they made the process's peak (43.1 MB on the demo session, 40.6–41.2
        // with listening's handed back first).
        releasePhasePages("listening", logger: logger)
    }

    /// The decoder and, with the catalog, the interpreter that turns utterances into `command`
    /// or `rejected` events (rejection on: speech that is no command never becomes one).
    private func recognition(model: AcousticModel, logger: Logger) throws -> (any UtteranceDecoder, HypothesisInterpreter?) {
        if let jsgf {
            return (try Recognizer(model: model, grammar: JSGFGrammar(String(contentsOfFile: jsgf, encoding: .utf8)),
                                   options: pocketSphinx.parsed()), nil)
        }
        let compiled = try CatalogCompiler(model: model, logger: logger).compile(loadCatalog(catalog.folder(), fixtures: catalog.fixtures), decoys: spoken.decoyLanguages)
        ESpeakEngine.shared.release()    // it only phonemized the catalog; listening needs it no more
        releasePhasePages("the catalog", logger: logger)
        var rejection = Rejection.live
        if let minConfidence { rejection.minimumConfidence = minConfidence }
        let recognizer = try CatalogRecognizer(compiled: compiled, model: model, options: pocketSphinx.parsed(), rejection: rejection)
        recognizer.warps = warping.factors
        recognizer.loudestSpeech = try loudestLook.belowLoudestDB().map { SpeechSpan.secondLook(within: $0) }
        var interpreter = CommandInterpreter(matcher: compiled.matcher())
        interpreter.language = spoken.speaker
        interpreter.slots = SlotConfidence(catalog: compiled.catalog, model: .live)
        return (recognizer, interpreter)
    }

    /// Each line on stdin (Enter) flips the push-to-talk switch.
    private func startPushToTalkReader(_ ptt: PushToTalkSwitch) {
        let thread = Thread {
            while readLine() != nil {
                let on = ptt.toggle()
                FileHandleOutput.stderr(on ? "\r\u{1B}[K● talking — Enter to stop\n" : "\r\u{1B}[K○ stopped\n")
            }
        }
        thread.name = "parlo.ptt"
        thread.start()
    }
}

/// The pages that loading touched, handed back before a listening session that may last hours
/// (`parlo listen`, `parlo study`), once the main thread has parked, whose exit would bring 3 MB
/// of them back (`StartupMemory`). A page needed again comes back on first use.
func releaseStartupPages(logger: Logger) async {
    let kB = await StartupMemory.releaseAfterMainThreadParks()
    logger.debug("released start-up pages", metadata: ["kB": "\(kB)"])
}

/// The pages one start-up phase touched, handed back before the next piles its own on top, so
/// that the process's peak is the largest phase's, not their sum: `parlo listen --input`'s
/// start-up on the demo session peaked at 64.6 MB with loading, the catalog and the decoder
/// resident together, and at 37.8 MB with them released in turn (docs/listening.md, "Budgets").
/// What a later phase needs again comes back from the page cache (about 80 ms in all).
func releasePhasePages(_ phase: String, logger: Logger) {
    let kB = StartupMemory.release()
    logger.debug("released pages", metadata: ["after": "\(phase)", "kB": "\(kB)"])
}
