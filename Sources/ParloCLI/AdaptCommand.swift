import ArgumentParser
import Foundation
import Parlo

/// `parlo adapt`: adapt the acoustic model to the user's voice, microphone and room from
/// recordings of sentences whose words are known.
struct AdaptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adapt",
        abstract: "Adapt recognition to your voice, microphone and room from recordings of known sentences.",
        discussion: """
        `parlo adapt --record 20` shows 20 sentences of the catalog one by one and records each from the \
        microphone (--device) for --prompt-seconds; or give recordings of your own, one file each, with each \
        file's words in a manifest (--expect, as `parlo batch` reads) or in NAME.txt beside it. Record at your \
        desk, with the microphone you use. `parlo adapt` estimates a transform of the en-us model (MLLR, with \
        SphinxTrain) and writes it where `listen`, `study` and `batch` find it; `--adaptation none` uses the \
        model as shipped. Words come from the catalog (Italian ones included) or cmudict.
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var acoustic: ModelOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var output: OutputOptions
    @Option(name: .long, help: ArgumentHelp("JSON Lines manifest with \"audio\" and \"text\" per recording (default: NAME.txt beside each file).", valueName: "FILE"))
    var expect: String?
    @Option(name: .long, help: ArgumentHelp("Where to write the adaptation (default: ~/.config/parlo/adaptation.mllr, where the other commands look).", valueName: "FILE"))
    var out: String?
    @Option(name: .long, help: ArgumentHelp("Show this many sentences of the catalog and record each from the microphone (or --input).", valueName: "N"))
    var record: Int?
    @Option(name: .long, help: "With --record: seconds recorded per sentence.")
    var promptSeconds: Double = 4
    @Option(name: .long, help: "With --record: the prompts' language, en or it (default: both in turn).")
    var language: String?
    @Option(name: .long, help: ArgumentHelp("With --record: also save the recordings and their manifest in this folder.", valueName: "FOLDER"))
    var keep: String?
    @Flag(name: .long, help: "With --record: print the sentences and stop (to record them with another program).")
    var promptsOnly = false
    @OptionGroup var capture: CaptureOptions
    @Argument(help: "Recordings (audio files or folders).")
    var paths: [String] = []

    func validate() throws {
        if let record {
            if record < ModelAdaptation.minimumUtterances { throw ValidationError("--record needs at least \(ModelAdaptation.minimumUtterances) sentences") }
            if !paths.isEmpty { throw ValidationError("give recordings or --record N, not both") }
            if promptSeconds < 1 || promptSeconds > 30 { throw ValidationError("--prompt-seconds takes 1 to 30") }
            if let language, Language(code: language) == nil { throw ValidationError("--language takes en or it, got '\(language)'") }
        } else if paths.isEmpty {
            throw ValidationError("give the recordings to adapt on (files or folders), or --record N")
        }
        if record == nil && (keep != nil || promptsOnly) { throw ValidationError("--keep and --prompts-only go with --record N") }
    }

    func run() async throws {
        let logger = global.bootstrap()
        do {
            // The shipped model: a transform is estimated against it, never on top of another.
            let model = try acoustic.locate()
            let destination = out ?? DataLocator().userPath(.adaptation)
            try Self.checkWritable(destination)                 // before the student records anything
            if let keep { try Self.checkKeep(keep) }
            let compiled = try CatalogCompiler(model: model).compile(loadCatalog(catalog.grammar, fixtures: catalog.fixtures))
            let utterances: [ModelAdaptation.Utterance]
            if let record {
                let prompts = try Self.prompts(compiled.catalog, count: record, language: language.flatMap(Language.init(code:)))
                if promptsOnly {
                    for (i, p) in prompts.enumerated() { print(output.asJSON ? try Self.promptLine(p, index: i, total: prompts.count) : p.text) }
                    return
                }
                utterances = try await self.record(prompts, from: capture.makeSource(logger: logger),
                                                   retries: capture.input == nil ? Self.promptRetries : 0)
                if let keep { try Self.keep(utterances, prompts: prompts, in: keep) }
            } else {
                utterances = try loadRecordings()
            }
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-adapt-\(UUID().uuidString)").path
            defer { if !global.verbose { try? FileManager.default.removeItem(atPath: work) } }
            let (spoken, silent) = Self.withoutSilence(utterances)
            if !silent.isEmpty {
                printError("no speech heard in \(silent.count) recording(s), left out: \(silent.prefix(3).joined(separator: ", "))\(silent.count > 3 ? ", …" : "")")
            }
            let summary = try ModelAdaptation(model: model).estimate(spoken, dictionary: compiled.dictionary,
                                                                     writingTo: destination, work: work)
            if output.asJSON {
                print(try JSONLinesEncoder().line(TaggedEvent(type: "adaptation", payload: AdaptationEvent(
                    file: destination, utterances: utterances.count, aligned: summary.aligned, audio_s: summary.seconds))))
            } else {
                print("adapted on \(summary.aligned) of \(utterances.count) recordings (\(String(format: "%.0f", summary.seconds)) s); wrote \(destination)")
                if out == nil { print("listen, study and batch use it from now on (--adaptation none to leave it out)") }
            }
            if global.verbose { printError("work folder kept: \(work)") }
        } catch { throw fail(error) }
    }

    /// How many times a prompt with no speech heard is shown again (microphones only).
    static let promptRetries = 2

    /// Makes the folder of `destination` if missing and checks that the file can be written, so
    /// a bad --out fails in one line before anything is recorded or estimated.
    static func checkWritable(_ destination: String) throws {
        let folder = (destination as NSString).deletingLastPathComponent
        if let problem = FileProblem.writingFolder(folder.isEmpty ? "." : folder) { throw CLIError("\(destination) (--out): \(problem)") }
        try? FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
        if let problem = FileProblem.writing(destination) { throw CLIError("\(destination) (--out): \(problem)") }
    }

    /// Recordings whose loud moments stand less than `minimumSpreadDB` above their quiet ones hold
    /// no speech (a prompt the student let pass): SphinxTrain would still align the words with
    /// the noise, and teach the model that noise is speech. Speech at 5 dB SNR stands 10 dB and
    /// more above (`NoiseSuppressor.levelSpread`).
    static let minimumSpreadDB = 6.0

    /// Whether `samples` hold speech by that rule.
    static func heardSpeech(_ samples: [Int16]) -> Bool { NoiseSuppressor.levelSpread(samples) >= minimumSpreadDB }

    /// `utterances` split into those with speech and the names of those without.
    static func withoutSilence(_ utterances: [ModelAdaptation.Utterance]) -> ([ModelAdaptation.Utterance], [String]) {
        let spoken = utterances.map { heardSpeech($0.samples) }
        return (zip(utterances, spoken).filter(\.1).map(\.0), zip(utterances, spoken).filter { !$0.1 }.map(\.0.name))
    }

    /// Each recording at 16 kHz with its transcript's words; a file without a transcript, or
    /// one that cannot be read, stops the run before anything is estimated.
    private func loadRecordings() throws -> [ModelAdaptation.Utterance] {
        let (files, missing) = AudioFiles.expand(paths)
        guard missing.isEmpty else { throw CLIError("\(missing.joined(separator: ", ")): no such file or folder") }
        let expectations = try expect.map { try ExpectationSet(manifest: $0) } ?? ExpectationSet()
        let untranscribed = files.filter { expectations.expectation(for: $0) == nil }
        guard untranscribed.isEmpty else {
            throw CLIError("no transcript for \(untranscribed.prefix(3).joined(separator: ", "))\(untranscribed.count > 3 ? " and \(untranscribed.count - 3) more" : "") — list each file's words in --expect MANIFEST or in NAME.txt beside it")
        }
        return try files.map { path in
            // A file that cannot be read is named by the reader's own error.
            ModelAdaptation.Utterance(name: path, samples: try AudioFileReader(path: path).readAll(),
                                      words: transcriptWords(expectations.expectation(for: path)!.text))
        }
    }
}

/// The `adaptation` event: what `parlo adapt` wrote and from how much speech.
struct AdaptationEvent: Encodable {
    /// The transform written (nil for `batch --self-adapt`, whose transform lives only for the run).
    var file: String?
    var utterances: Int
    var aligned: Int
    var audio_s: Double
}
