import ArgumentParser
import Foundation
import Logging
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
        With a catalog a file is right when it triggers the expected command with its slots, or \
        nothing for speech that is none, whatever the words (the manifest's "command", else what \
        its "text" triggers); the transcript is scored on its own. \
        A room's late reverberation is taken out of each file first (--dereverb), and noisy files \
        are cleaned with libspeexdsp's noise suppressor (--denoise) before recognition. \
        On a terminal: a progress bar and a report. Piped or with --json: one JSON object per file, \
        then a {"type":"summary"} object. More: docs/batch.md.
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var acoustic: RecognitionModelOptions

    @Option(help: "JSGF grammar file to recognise against (instead of a command catalog).")
    var jsgf: String?

    @Option(help: "Command catalog folder (*.yaml): adds command, slots, language to each result (default: $PARLO_GRAMMARS, else grammars/ in ~/.config/parlo, the install's share/parlo or the checkout).")
    var grammar: String?

    @Option(name: .long, help: "Entity lists (names, areas, floors) for hassil / Home Assistant intents, in Home Assistant's test _fixtures.yaml format.")
    var fixtures: String?

    @Flag(name: .customLong("no-reject"), help: "With a catalog: keep the closest command even for speech that fits none.")
    var noReject = false

    @Option(help: "Worker threads, each with its own decoder (default: the number of cores).")
    var jobs: Int?

    /// `--jobs`, else one worker per core.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    @OptionGroup var output: OutputOptions

    @Option(help: "Also write each result to this JSON Lines file as soon as it is known.")
    var out: String?

    @Flag(help: "With --out: skip files already in it and score them from it.")
    var resume = false

    @Option(help: ArgumentHelp("Decode only part K of N of the files (1 ≤ K ≤ N), for N jobs on one or more machines; `parlo report` merges their --out files into one report. A file's part depends only on its path below the folder named.", valueName: "K/N"))
    var shard: String?

    /// `--shard` parsed (checked in `validate`).
    var shardValue: Shard? { shard.flatMap(Shard.init) }

    @Option(help: "Manifest (JSON Lines) with the expected text (and command, slots, language, condition) of each audio file.")
    var expect: String?

    @OptionGroup var raw: RawAudioOptions

    @Flag(help: "Reject speech that fits no sentence of the grammar (tuned defaults; the --reject-* options adjust them).")
    var reject = false

    // Scores and levels are negative numbers: `.unconditional` takes the next word as the value
    // even when it starts with '-', so `--noise-floor -55` works as the README writes it.
    @Option(name: .customLong("reject-score"), parsing: .unconditional, help: "With --reject: lowest acoustic score per frame a command of three words or more may have (default \(Self.both(\.minimumScorePerFrame))).")
    var rejectScore: Double?

    @Option(name: .customLong("reject-short-score"), parsing: .unconditional, help: "With --reject: the same for results of one or two words (default \(Self.both(\.minimumShortScorePerFrame))).")
    var rejectShortScore: Double?

    @Option(name: .customLong("reject-word-score"), parsing: .unconditional, help: "With --reject: lowest acoustic score per frame of any word (default \(Self.both(\.minimumWordScorePerFrame))).")
    var rejectWordScore: Double?

    @Option(name: .customLong("reject-uncovered"), help: "With --reject: highest share (0-1) of loud frames a command may leave unexplained (default \(Self.both(\.maximumUncoveredSpeech))).")
    var rejectUncovered: Double?

    @Option(name: .customLong("reject-loop"), help: ArgumentHelp("With --reject: a garbage loop beside the grammar with this probability per loop word, 0 for none (default: \(Rejection.catalog.loop.map { "\($0.unitProbability)" } ?? "none") with a catalog, none with --jsgf).", valueName: "P"))
    var rejectLoop: Double?

    @Option(name: .customLong("min-confidence"), help: "Reject results whose confidence is below this (0-1) instead of by the floors; 0 keeps every result the decoder found (default: the floors decide, and a result they pass below 0.3 is rejected too; a file over 30 s is judged as live listening judges, below 0.5 rejected).")
    var minConfidence: Double?

    @OptionGroup var spoken: SpeakerLanguageOptions

    @Option(name: .customLong("reject-entry"), help: "With --reject-loop: probability of entering the loop (default 1).")
    var rejectEntry: Double?

    @Option(name: .customLong("reject-loop-units"), help: ArgumentHelp("With --reject-loop: what the loop is made of: 'words' (the grammar's own words, the default), 'phones' (20 broad phone classes), 'all-phones' (39), or phones separated by spaces.", valueName: "UNITS"))
    var rejectLoopUnits: String?

    @Option(name: .customLong("noise-floor"), parsing: .unconditional, help: ArgumentHelp("Faint pink noise laid under every file, in dBFS RMS, as a microphone's own noise would be: generated and edited audio is digitally silent between words, which the en-us model never heard ('off' for none).", valueName: "DB"))
    var noiseFloor: String = "\(Int(Recognizer.fileNoiseFloorDB))"

    @Flag(name: .customLong("agc"), inversion: .prefixedNo, help: "Bring each file's speech within 6 dB of -26 dBFS (at most 30 dB louder) before recognition, as a microphone's automatic gain control would: results do not depend on the recording's level.")
    var agc = true

    @Flag(name: .customLong("dereverb"), inversion: .prefixedNo, help: "Take the room's late reverberation out of each file of up to 30 s before anything else hears it (weighted prediction error).")
    var dereverb = true

    @Flag(name: .customLong("trim"), inversion: .prefixedNo, help: "Decode each file of up to 30 s from 0.1 s before its first words to 0.1 s after its last, so that the room noise around them does not decide the result.")
    var trim = true

    @Option(name: .customLong("trim-below-loudest"), parsing: .unconditional, help: ArgumentHelp("With --trim: words that begin or end the span stand within this many dB of the file's loudest voiced speech, so that quieter speech around a command (another person in the room) is left out, or 'off'.", valueName: "DB"))
    var trimBelowLoudest: String = "off"

    @OptionGroup var loudestLook: LoudestLookOptions

    @Option(name: .customLong("denoise"), parsing: .unconditional, help: ArgumentHelp("Suppress steady background noise in noisy files before recognition, by at most this many dB (libspeexdsp), or 'off'.", valueName: "DB"))
    var denoise: String = "\(-BatchCommand.defaultSuppression.suppressDB)"

    @Option(name: .customLong("denoise-frame"), help: ArgumentHelp("With --denoise: the suppressor's frame, in samples at 16 kHz: 160 or 320.", valueName: "N"))
    var denoiseFrame: Int = BatchCommand.defaultSuppression.frameSize

    @Flag(name: .customLong("denoise-learn"), inversion: .prefixedNo, help: "With --denoise: run each file (of a long one, its first 2 s) through once to learn its noise before cleaning it.")
    var denoiseLearn = BatchCommand.defaultSuppression.learnFirst

    @Option(name: .customLong("denoise-below"), parsing: .unconditional, help: ArgumentHelp("With --denoise: clean only files whose loud frames (of a long one: in its first 2 s) stand less than this many dB above their quiet ones, i.e. noisy ones (16.5: about 10 dB SNR), or 'always'.", valueName: "DB"))
    var denoiseBelow: String = BatchCommand.defaultSuppression.maximumSpreadDB.map { "\($0)" } ?? "always"

    @Flag(name: .customLong("self-adapt"), help: "Decode twice: first as usual, then with the model adapted (MLLR, as `parlo adapt` does) to this batch's own audio, learnt from its first results of confidence 0.8 or more (at least 20). For many files of one room, microphone or set of voices; needs a catalog (docs/batch.md).")
    var selfAdapt = false

    @OptionGroup var warping: WarpOptions

    @OptionGroup var pocketSphinx: DecoderOptions

    @Argument(help: "Audio files or folders.")
    var paths: [String]

    /// "X; Y with a catalog" for a rejection setting's help: `.default` (with --jsgf) and `.catalog`.
    static func both(_ value: KeyPath<Rejection, Double>) -> String {
        String(format: "%g; %g with a catalog", Rejection.default[keyPath: value], Rejection.catalog[keyPath: value])
    }

    /// The `--noise-floor` level (nil: off).
    var floorLevel: Double? { noiseFloor == "off" ? nil : Double(noiseFloor) }

    /// What `parlo batch` cleans files with unless told otherwise (measured on
    /// audio-fixtures/commands, see `--denoise`): 10 ms frames follow the noise better than 20 ms
    /// ones, and learning each file's noise first cleans its first words too; clean files are
    /// left alone, where speex's gain curve only dents quiet sounds.
    static let defaultSuppression = NoiseSuppressor.Options(suppressDB: -15, frameSize: 160, learnFirst: true, maximumSpreadDB: 16.5)

    /// The `--denoise` settings (nil: off).
    var suppression: NoiseSuppressor.Options? {
        guard denoise != "off", let db = Int32(denoise) else { return nil }
        return .init(suppressDB: -abs(db), frameSize: denoiseFrame, learnFirst: denoiseLearn, maximumSpreadDB: Double(denoiseBelow))
    }

    func validate() throws {
        if let c = minConfidence, !(0...1).contains(c) { throw ValidationError("--min-confidence must be between 0 and 1") }
        if denoise != "off" && !(Int32(denoise).map { (1...60).contains(abs($0)) } ?? false) {
            throw ValidationError("--denoise takes a suppression of 1 to 60 dB (e.g. 15) or 'off', got '\(denoise)'")
        }
        if denoiseBelow != "always" && Double(denoiseBelow) == nil {
            throw ValidationError("--denoise-below takes a level difference in dB (e.g. 16) or 'always', got '\(denoiseBelow)'")
        }
        if ![160, 320].contains(denoiseFrame) { throw ValidationError("--denoise-frame takes 160 or 320 samples, got \(denoiseFrame)") }
        if noiseFloor != "off" && Double(noiseFloor) == nil { throw ValidationError("--noise-floor takes a level in dBFS (e.g. -55) or 'off', got '\(noiseFloor)'") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard takes K/N, part K of N with 1 ≤ K ≤ N (e.g. 2/8), got '\(shard)'")
        }
        if resume && out == nil { throw ValidationError("--resume needs --out FILE to resume from") }
        if jsgf != nil && grammar != nil { throw ValidationError("give either --jsgf FILE or --grammar FOLDER, not both") }
        if selfAdapt && (jsgf != nil || resume || shard != nil) {
            throw ValidationError("--self-adapt learns from the whole batch with a catalog: it cannot be combined with --jsgf, --resume or --shard")
        }
    }

    func run() throws {
        let log = global.bootstrap()
        let start = Date()
        let (inputs, missing) = AudioFiles.expandInputs(paths)
        // Missing, a link loop, a folder of its path not searchable: say which.
        for m in missing { printError("\(m): \(FileProblem.reading(m) ?? "no such file or folder")") }
        let files = inputs.filter { input in shardValue.map { $0.contains(key: input.key) } ?? true }.map(\.path)

        let expectations = try expect.map { try ExpectationSet(manifest: $0) } ?? ExpectationSet()
        let model = try acoustic.locate()
        let options = try pocketSphinx.parsed()
        let rawFormat = try raw.format()
        if let warning = raw.ignoredWarning(for: files) { printError(warning) }
        if let warning = SoundFile.narrowbandWarning(files, raw: rawFormat) { printError(warning) }
        var prepared = try prepare(model: model, options: options, raw: rawFormat, logger: log)
        let info = BatchRunInfo(shard: shardValue, inputs: inputs.count, files: files.count,
                                settings: try settings(model: model, options: options, raw: rawFormat, prepared: prepared))
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-batch-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: work) }
        if selfAdapt, let adapted = try adapted(model, on: files, prepared: prepared, raw: rawFormat, work: work) {
            prepared = try prepare(model: adapted, options: options, raw: rawFormat, logger: log)
        }

        var session = try BatchSession(outPath: out, resume: resume, run: info, expectations: expectations,
                                       interpret: prepared.interpret, json: output.asJSON, total: files.count)
        let todo = files.filter { !session.isDone($0) }
        log.debug("batch", metadata: ["files": "\(files.count)", "todo": "\(todo.count)", "jobs": "\(workers)"])
        try prepared.runner.run(todo) { _, result in session.record(result) }
        let summary = session.finish(wallSeconds: Date().timeIntervalSince(start), jobs: min(workers, max(1, todo.count)))
        // A shard may be empty (few files, many shards): only an empty input is an error.
        if summary.failed > 0 || !missing.isEmpty || inputs.isEmpty {
            // A path already reported missing explains the empty batch: one line, not two.
            if inputs.isEmpty && missing.isEmpty { printError("no audio files found in \(paths.joined(separator: " "))") }
            throw ExitCode(1)
        }
    }
}
