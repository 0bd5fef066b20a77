import ArgumentParser
import Foundation
import Logging
import ParloCore
import ParloSpeech

/// Options shared by `say` and `read`: who speaks, in which language, to where.
struct SpeechOptions: ParsableArguments {
    @Option(name: .long, help: "Character to speak as: adam, eva, max or mia (see `parlo voices`).")
    var character = "eva"

    @Option(name: .long, help: "Language: en, it, or auto (detected per clause or paragraph).")
    var lang = "auto"

    @Option(name: .long, help: "Write the speech to this WAV file (22050 Hz mono) instead of the speakers; - writes it to standard output (`parlo say --out - hi | aplay`).")
    var out: String?

    @Option(name: .long, help: "ALSA playback device to speak on when there is no --out (`parlo devices` lists them).")
    var device = "default"

    @Option(name: .long, help: "Speaking-rate multiplier (0.3–3).")
    var rate: Double = 1

    @Option(name: .long, help: "YAML file overriding character voices (default: $PARLO_CHARACTERS, else $XDG_CONFIG_HOME/parlo/characters.yaml if present, else the built-in voices).")
    var characters: String?

    func validate() throws {
        guard ["auto", "en", "it"].contains(lang) else { throw ValidationError("--lang must be en, it or auto") }
        guard (0.3...3).contains(rate) else { throw ValidationError("--rate must be between 0.3 and 3") }
        if audioToStdout && Terminal.stdoutIsTerminal {
            throw ValidationError("--out - writes WAV audio to standard output, which is a terminal: pipe it into a player (`parlo say --out - hi | aplay`) or give a file name")
        }
    }

    /// Whether the audio goes to standard output (`--out -`): lines for people then go to stderr.
    var audioToStdout: Bool { out == "-" }

    /// Refuses `--json` with `--out -`: both would be written to standard output.
    func check(_ output: OutputOptions) throws {
        if audioToStdout && output.json {
            throw ValidationError("--json and --out - both write to standard output: drop --json, or write the audio to a file")
        }
    }

    /// Prints a line for people: on stdout, or on stderr when stdout carries the audio.
    func note(_ line: String) {
        if audioToStdout { FileHandleOutput.stderr(line + "\n") } else { print(line) }
    }

    /// The forced language, or nil for auto.
    var language: Language? { Language(code: lang) }

    func catalog() throws -> CharacterCatalog { try Self.catalog(path: characters) }

    /// The voices from `path`, else from the characters.yaml `DataLocator` finds, else the built-in ones.
    static func catalog(path: String?) throws -> CharacterCatalog {
        try CharacterCatalog.load(path: DataLocator().find(.characters, option: path))
    }

    /// The sink: the WAV file when --out is given, else the speakers.
    func sink() throws -> any SpeechSink {
        if audioToStdout {
            // A player that stops reading must end in a write error (one line), not a silent SIGPIPE death.
            signal(SIGPIPE, SIG_IGN)
            return try WAVStreamSink()
        }
        if let out { return try WAVFileSink(path: out) }
        return try ALSASpeechSink(device: device)
    }
}

/// A speech queue playing into the chosen sink, its clock ticking until `finish`.
struct SpeechOutput {
    let sink: any SpeechSink
    let queue: SpeechQueue
    let character: SpeechCharacter
    private let ticker: Task<Void, Never>

    init(_ options: SpeechOptions, logger: Logger) async throws {
        character = try options.catalog().character(named: options.character)
        sink = try options.sink()
        // A failing sink is reported once, by `finish()`, as the command's one error line; the
        // queue's own log line would say it twice (it stays with --verbose).
        var queueLogger = logger
        if queueLogger.logLevel > .debug { queueLogger.logLevel = .critical }
        queue = SpeechQueue(sink: sink, character: character, logger: queueLogger)
        await queue.setRate(options.rate)
        let queue = self.queue
        ticker = Task { await queue.run() }
    }

    /// Waits until everything is heard, closes a WAV, and reports a failure of the queue.
    func finish() async throws {
        defer { ticker.cancel() }
        try sink.drain()
        (sink as? WAVFileSink)?.close()
        if let error = await queue.lastError { throw error }
    }
}
