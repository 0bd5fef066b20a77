import ArgumentParser
import Foundation
import Logging
import Parlo
import ParloDesk
import ParloStudy

/// `parlo study`: the hands-free study session (voice, recorded audio or typed commands).
struct StudyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "study",
        abstract: "A hands-free study session: open subjects, read materials aloud, timers, by voice in English or Italian.",
        discussion: "FOLDER holds one folder per subject (math/, storia/, …) of .md/.txt files; without it ~/Study when it exists, else the bundled sample ($PARLO_SAMPLE, else sample/ in ~/.config/parlo, the install's share/parlo or the checkout). Commands come from the microphone (default), a recorded file (--input FILE, same pipeline) or stdin (--text, one command per line). Replies go to the speakers or to --out FILE.wav. On a terminal: coloured lines; piped or with --json: JSON Lines events (command, reply, subject_opened, reading, timer_started, timer_ended, character_changed, confirm when an unsure spoken command is asked back, …).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var acoustic: RecognitionModelOptions
    @OptionGroup var capture: CaptureOptions
    @OptionGroup var level: InputLevelOptions
    @OptionGroup var catalog: CatalogOptions

    @Argument(help: "Study folder (default: ~/Study when it exists, else the bundled sample materials).")
    var folder: String?

    @Flag(name: .long, help: "Read typed commands from stdin, one per line, instead of listening.")
    var text = false

    @Option(name: .long, help: "Write the spoken replies to this WAV file (22050 Hz mono) instead of the speakers.")
    var out: String?

    @Option(name: .long, help: "ALSA playback device for the replies when there is no --out.")
    var speaker = "default"

    @Flag(name: .long, help: "Print the replies without speaking them (typed sessions then need no sound card).")
    var mute = false

    @OptionGroup var output: OutputOptions
    @OptionGroup var desk: DeskOptions

    @Option(name: .long, help: "Character to speak as: adam, eva, max or mia.")
    var character = "eva"

    @Option(name: .customLong("hangover-ms"), help: "Silence that ends a spoken command, in milliseconds (default: 250 when Parlo is silent, 300 for the reading controls while it speaks).")
    var hangoverMs: Int?

    @Option(name: .customLong("ask-back-below"), help: "Confidence (0-1) below which a spoken command with a slot value (minutes, subject, voice) is asked back (\"Ten minutes?\") instead of performed; 0 never asks.")
    var askBackBelow = StudySession.askBackBelow

    @OptionGroup var spoken: SpeakerLanguageOptions

    @OptionGroup var warping: WarpOptions

    @OptionGroup var loudestLook: LoudestLookOptions

    @Flag(name: .customLong("no-echo-cancel"), help: "Do not remove Parlo's own voice from the microphone (echo cancellation runs when listening to a microphone with replies on the speakers).")
    var noEchoCancel = false

    /// Echo cancellation pays off only when the microphone can hear the speakers: live capture
    /// with replies played aloud (a recorded --input never contains Parlo's replies).
    private var cancelsEcho: Bool { !noEchoCancel && !text && out == nil && capture.input == nil }

    /// Where replies go: --mute prints only, --out writes a WAV, else the speakers. Typed commands
    /// need no sound card: without one, replies are printed, with a one-line note.
    private func replySink() throws -> any SpeechSink {
        if mute { return SilentSink() }
        if let out { return try WAVFileSink(path: out) }
        do { return try ALSASpeechSink(device: speaker) } catch where text {
            printError("note: no playback device '\(speaker)' (\(oneLine(error))): replies are printed, not spoken (--mute)")
            return SilentSink()
        }
    }

    func validate() throws {
        if text && capture.input != nil { throw ValidationError("--text and --input are exclusive") }
        if text && desk.pushToTalk { throw ValidationError("--push-to-talk is for voice input, not --text") }
        if !(0...1).contains(askBackBelow) { throw ValidationError("--ask-back-below must be between 0 and 1, not \(askBackBelow)") }
    }

    func run() async throws {
        let logger = global.bootstrap()
        let asJSON = output.asJSON
        let printer = StudyPrinter(json: asJSON)
        let server: DeskServer?
        do { server = try await startDesk(logger: logger) } catch { throw fail(error) }
        let hub = server?.hub
        let parts: (session: StudySession, queue: SpeechQueue, sink: any SpeechSink, commands: Catalog)
        let echo = cancelsEcho ? EchoReference(timing: .wallClock) : nil
        // A recording played faster than real time keeps time by its own audio.
        let streamClock = capture.input != nil && capture.fast ? ManualStudyClock() : nil
        do {
            // With the answers to Parlo's questions ("yes", "no"), which only the study session hears.
            let commands = try StudyAnswers.adding(to: loadCatalog(catalog.grammar, fixtures: catalog.fixtures))
            let folder = try studyFolder()
            if let problem = FileProblem.readingFolder(folder) { throw CLIError("\(folder): \(problem)") }
            let library = try StudyLibrary(root: folder)
            for skipped in library.skipped { printError("warning: \(skipped)") }
            let characters = try SpeechOptions.catalog(path: nil)
            let voice = try characters.character(named: character)
            var sink = try replySink()
            if let echo { sink = try EchoReferenceSink(sink, reference: echo) }
            let queue = SpeechQueue(sink: sink, character: voice, eventBuffer: 1, logger: logger)
            let registry = VoiceCommandRegistry(matcher: try CommandMatcher(catalog: commands), logger: logger)
            let session = try StudySession(library: library, catalog: commands, registry: registry, queue: queue,
                                           characters: characters, character: voice, clock: streamClock ?? SystemStudyClock(),
                                           logger: logger) { printer.show($0); hub?.send(event: $0) }
            parts = (session, queue, sink, commands)
        } catch {
            await server?.stop()
            throw fail(error)
        }
        let (session, queue, sink, commands) = parts
        await session.start()
        await session.setAskBackThreshold(askBackBelow)
        let ticker = Task { await queue.run() }
        let timer = Task { while !Task.isCancelled { await session.checkTimer(); try? await Task.sleep(for: .milliseconds(250)) } }
        defer { ticker.cancel(); timer.cancel() }
        let talk = desk.pushToTalk ? PushToTalk() : nil
        let requests = server.map { follow($0, session: session, talk: talk) }
        // Typed sessions keep Ctrl-C's default (it ends them) unless the page is to stay up.
        let stop = server != nil && (!text || desk.keepServing) ? SessionStop() : nil
        if desk.waitForPage, let server {
            FileHandleOutput.stderr("Waiting for the page to connect…\n")
            stop?.onStop { server.hub.stopWaiting() }
            await server.hub.waitForPage()
        }
        do {
            if text {
                // A prompt for a person typing; none for a pipe or a UI reading JSON.
                let prompt = !asJSON && isatty(STDIN_FILENO) == 1
                while true {
                    if prompt { FileHandleOutput.stdout("› ") }
                    guard let line = readLine() else { break }
                    guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                    await session.handle(text: line)
                    if out != nil { await session.waitUntilQuiet() }
                }
            } else {
                try await listen(session, commands, echo: echo, clock: streamClock, printer: printer, hub: hub, talk: talk,
                                 stop: stop, logger: logger)
            }
            if desk.keepServing, let stop { await untilInterrupted(stop) }
            await session.waitUntilQuiet()
            try sink.drain()
            (sink as? WAVFileSink)?.close()
        } catch {
            requests?.cancel()
            await server?.stop()
            throw fail(error)
        }
        requests?.cancel()
        await server?.stop()
    }

    /// The folder to study: the argument, else the student's ~/Study when there is one (said in
    /// one stderr line, so a session on unexpected materials is explained), else the sample.
    private func studyFolder() throws -> String {
        if let folder { return folder }
        let locator = DataLocator()
        if let home = locator.homeStudyFolder {
            printError("studying ~/Study (give a folder to study another: parlo study FOLDER)")
            return home
        }
        return try locator.require(.sample)
    }

    /// Voice input: the catalog grammar on the microphone or a recorded file.
    private func listen(_ session: StudySession, _ commands: Catalog, echo: EchoReference?, clock: ManualStudyClock?,
                        printer: StudyPrinter, hub: DeskHub?, talk: PushToTalk?, stop: SessionStop?, logger: Logger) async throws {
        releasePhasePages("the session", logger: logger)
        let model = try acoustic.locate()
        var options = ListenPipeline.Options()
        options.endpointer.hangover = Double(hangoverMs ?? 300) / 1000
        // The page's level meter is fed from the decoder's own meter (the audio it hears).
        options.emitLevels = hub != nil
        let listener = try StudyListener(session: session, catalog: commands, model: model, options: options,
                                         noiseFloor: capture.noiseFloor,
                                         roomHangover: hangoverMs.map { Double($0) / 1000 }, language: spoken.speaker,
                                         decoys: spoken.decoyLanguages, warps: warping.factors,
                                         loudestSecondLook: try loudestLook.belowLoudestDB(), logger: logger)
        listener.waitForSpeech = capture.fast
        listener.streamClock = clock
        listener.pushToTalk = talk
        if let echo { listener.echo = CaptureEchoFilter(canceller: try EchoCanceller(), reference: echo) }
        defer {
            if let filter = listener.echo {
                logger.debug("echo cancellation: \(filter.cpuMillisecondsPerSecond) ms of CPU per second of audio")
            }
        }
        let source = try capture.makeSource(logger: logger, level: level)
        await releaseStartupPages(logger: logger)    // eSpeak NG's pages that replies use come back with the first
        if !printer.json { FileHandleOutput.stderr("Listening on \(source.description). Say \"help\" or \"aiuto\". Ctrl-C stops.\n") }
        let stream = source.start()
        // Served, the session's one handler stops the stream (a second one would never fire).
        let interrupt = stop == nil ? InterruptHandler { stream.stop() } : nil
        stop?.onStop { stream.stop() }
        defer { withExtendedLifetime(interrupt) {} }
        var noisyRoom = NoisyRoomNotice()
        try await listener.run(stream) { event in
            printer.heard(event)
            if !printer.json, let snr = noisyRoom.notice(after: event) {
                FileHandleOutput.stderr("  (" + NoisyRoomNotice.message(snrDB: snr, quieter: "--push-to-talk") + ")\n")
            }
            if let hub, StudyCommand.forDesk(event) { hub.send(event: event) }
        }
    }
}

/// Prints study events: JSON Lines, or one readable line each in the character's colour.
struct StudyPrinter: Sendable {
    let json: Bool

    func show(_ e: StudyEvent) {
        if json {
            if let line = try? JSONLinesEncoder().line(e) { FileHandleOutput.stdout(line + "\n") }
            return
        }
        switch e.kind {
        case .command(let c):
            FileHandleOutput.stdout("» \(c.text) → \(c.command) (\(c.language))\n")
        case .reply(let r):
            let colour = Self.colour(r.color)
            FileHandleOutput.stdout("\(colour)\(r.character.capitalized): \(r.text)\(colour.isEmpty ? "" : "\u{1B}[0m")\n")
        case .sentence(let s):
            FileHandleOutput.stdout("  [\(s.index + 1)/\(s.total)] \(s.text)\n")
        case .listening: break
        default:
            if let line = Self.describe(e.kind) { FileHandleOutput.stdout("  · \(line)\n") }
        }
    }

    /// A readable line for the other events (colour and JSON are for replies and UIs).
    static func describe(_ kind: StudyEvent.Kind) -> String? {
        switch kind {
        case .rejected(let r): return "not a command: \"\(r.text)\""
        case .error(let e): return "\"\(e.text)\" failed: \(e.reason)"
        case .subjectOpened(let o): return "\(o.subject): \(o.materials.joined(separator: ", "))"
        case .material(let m):
            return "material \(m.index + 1): \(m.title) (\(m.sentences) sentences)" + (m.page.map { ", page \($0) of \(m.pages ?? $0)" } ?? "")
        case .readingStarted(let r): return "reading \(r.title)" + (r.page.map { ", page \($0)" } ?? "") + ", \(r.sentences) sentences"
        case .readingPaused(let p): return "paused at sentence \(p.index + 1) of \(p.total)"
        case .readingResumed(let p): return "resumed at sentence \(p.index + 1) of \(p.total)"
        case .readingFinished: return "reading finished"
        case .readingStopped(let p): return "reading stopped at sentence \(p.index + 1) of \(p.total)"
        case .readingControl(let c): return c.control
        case .rate(let r): return "reading rate × \(r.rate)"
        case .mindMap(let m): return "\(m.title): \(m.headings.joined(separator: " · "))"
        case .timerStarted(let t): return "timer: \(t.minutes) min"
        case .timerEnded(let t): return "timer of \(t.minutes) min is over"
        case .characterChanged(let c): return "voice: \(c.character)"
        case .help(let h): return "you can say: \(h.examples.joined(separator: " · "))"
        case .confirm(let c): return "asking back \(c.command) (confidence \(c.confidence)): answer yes or no"
        case .confirmCancelled(let c): return "\(c.command) not done (\(c.reason))"
        case .command, .reply, .sentence, .word, .listening: return nil
        }
    }

    /// What the pipeline heard (recognized/rejected), for following a voice session.
    func heard(_ e: ListenEvent) {
        guard case .rejected = e else { return }
        if json, let line = try? JSONLinesEncoder().line(e) { FileHandleOutput.stdout(line + "\n") }
        else if case .rejected(_, let text, let reason, _) = e, !text.isEmpty { FileHandleOutput.stderr("  (ignored \"\(text)\": \(reason))\n") }
    }

    /// ANSI 24-bit colour for "#RRGGBB"; none when NO_COLOR is set (no-color.org).
    static func colour(_ hex: String?) -> String {
        guard !Terminal.noColor, let hex, hex.count == 7, let v = Int(hex.dropFirst(), radix: 16) else { return "" }
        return "\u{1B}[38;2;\(v >> 16);\((v >> 8) & 255);\(v & 255)m"
    }
}
