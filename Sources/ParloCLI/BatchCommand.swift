import ArgumentParser
import Foundation
import Parlo

/// `parlo batch`: decode audio files, print one result per file, and score them against
/// expected transcripts when there are any.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Recognise audio files and report accuracy against expected transcripts.",
        discussion: """
        PATHs are audio files or folders (searched recursively). Expectations come from --expect \
        (JSON Lines: {"audio": "path", "text": "..."}) or from NAME.txt beside NAME.wav.
        On a terminal: a progress bar and a report. Piped or with --json: one JSON object per file, \
        then a {"type":"summary"} object.
        """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "JSGF grammar file to recognise against.")
    var jsgf: String?

    @Option(help: "Worker threads, each with its own decoder (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Print JSON Lines even on a terminal.")
    var json = false

    @Option(help: "Also write each result to this JSON Lines file as soon as it is known.")
    var out: String?

    @Flag(help: "With --out: skip files already in it and score them from it.")
    var resume = false

    @Option(help: "Manifest (JSON Lines) with the expected text of each audio file.")
    var expect: String?

    @OptionGroup var raw: RawAudioOptions

    @Option(name: .customLong("garbage-weight"), help: "Weight (0-1) of the phone-loop path that rejects speech fitting no sentence; 0 turns rejection off.")
    var garbageWeight: Double = 0

    @Option(name: .customLong("garbage-continue"), help: "Weight (0-1) of each further phone in the rejection loop.")
    var garbageContinue: Double = 0.5

    @Option(name: .customLong("ps"), help: ArgumentHelp("Extra PocketSphinx decoder option, e.g. --ps cmn=live (repeatable).", valueName: "KEY=VALUE"))
    var decoderOptions: [String] = []

    @Argument(help: "Audio files or folders.")
    var paths: [String]

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if resume && out == nil { throw ValidationError("--resume needs --out FILE to resume from") }
        if jsgf == nil { throw ValidationError("give a grammar with --jsgf FILE") }
    }

    func run() throws {
        let log = global.bootstrap()
        let start = Date()
        let (files, missing) = AudioFiles.expand(paths)
        for m in missing { printError("\(m): no such file or folder") }

        let expectations = try expect.map { try ExpectationSet(manifest: $0) } ?? ExpectationSet()
        let model = try AcousticModel.locate(global.model)
        let (grammar, extra) = garbageWeight > 0
            ? try GarbageLoop(weight: garbageWeight, continueWeight: garbageContinue).wrap(loadGrammar())
            : (try loadGrammar(), PronunciationDictionary())
        let options = try parsedDecoderOptions()
        _ = try Recognizer(model: model, grammar: grammar, pronunciations: extra, options: options)  // a bad model or grammar stops here, once
        let rawFormat = try raw.format()

        var session = try BatchSession(outPath: out, resume: resume, expectations: expectations,
                                       json: json || !Terminal.stdoutIsTerminal, total: files.count)
        let todo = files.filter { !session.isDone($0) }
        log.debug("batch", metadata: ["files": "\(files.count)", "todo": "\(todo.count)", "jobs": "\(jobs)"])
        let runner = BatchRunner(jobs: jobs, decoder: FileDecoder(raw: rawFormat)) {
            try Recognizer(model: model, grammar: grammar, pronunciations: extra, options: options)
        }
        try runner.run(todo) { _, result in session.record(result) }
        let summary = session.finish(wallSeconds: Date().timeIntervalSince(start), jobs: min(jobs, max(1, todo.count)))
        if summary.failed > 0 || !missing.isEmpty || files.isEmpty {
            if files.isEmpty { printError("no audio files found in \(paths.joined(separator: " "))") }
            throw ExitCode(1)
        }
    }

    private func parsedDecoderOptions() throws -> [String: String] {
        var options: [String: String] = [:]
        for o in decoderOptions {
            let parts = o.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--ps takes KEY=VALUE, got '\(o)'") }
            options[parts[0]] = parts[1]
        }
        return options
    }

    private func loadGrammar() throws -> JSGFGrammar {
        guard let path = jsgf else { throw ValidationError("give a grammar with --jsgf FILE") }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CLIError("\(path): cannot read the grammar file")
        }
        return try JSGFGrammar(text)
    }
}
