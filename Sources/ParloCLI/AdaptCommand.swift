import ArgumentParser
import Foundation
import Parlo

/// `parlo adapt`: adapt the acoustic model to the user's voice, microphone and room from
/// recordings of sentences whose words are known.
struct AdaptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adapt",
        abstract: "Adapt recognition to your voice, microphone and room from recordings of known sentences.",
        discussion: """
        Record yourself saying 20 or more commands or sentences at your desk, one file each (for instance \
        `arecord -f S16_LE -r 16000 -d 3 open-math.wav`), with each file's words in a manifest (--expect, as \
        `parlo batch` reads) or in NAME.txt beside it. `parlo adapt` estimates a transform of the en-us model \
        (MLLR, with SphinxTrain) and writes it where `listen`, `study` and `batch` find it; `--adaptation none` \
        uses the model as shipped. Words come from the catalog (Italian ones included) or cmudict.
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var acoustic: ModelOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var output: OutputOptions
    @Option(name: .long, help: ArgumentHelp("JSON Lines manifest with \"audio\" and \"text\" per recording (default: NAME.txt beside each file).", valueName: "FILE"))
    var expect: String?
    @Option(name: .long, help: ArgumentHelp("Where to write the adaptation (default: ~/.config/parlo/adaptation.mllr, where the other commands look).", valueName: "FILE"))
    var out: String?
    @Argument(help: "Recordings (audio files or folders).")
    var paths: [String] = []

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give the recordings to adapt on (files or folders)") }
    }

    func run() throws {
        _ = global.bootstrap()
        do {
            // The shipped model: a transform is estimated against it, never on top of another.
            let model = try AcousticModel.locate(acoustic.model)
            let destination = out ?? DataLocator().userPath(.adaptation)
            let utterances = try loadRecordings()
            let compiled = try CatalogCompiler(model: model).compile(loadCatalog(catalog.grammar, fixtures: catalog.fixtures))
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-adapt-\(getpid())").path
            defer { if !global.verbose { try? FileManager.default.removeItem(atPath: work) } }
            try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let summary = try ModelAdaptation(model: model).estimate(utterances, dictionary: compiled.dictionary,
                                                                     writingTo: destination, work: work)
            if output.asJSON {
                print(try JSONLinesEncoder().line(TaggedEvent(type: "adaptation", payload: AdaptationEvent(
                    file: destination, utterances: summary.utterances, aligned: summary.aligned, audio_s: summary.seconds))))
            } else {
                print("adapted on \(summary.aligned) of \(summary.utterances) recordings (\(String(format: "%.0f", summary.seconds)) s); wrote \(destination)")
                if out == nil { print("listen, study and batch use it from now on (--adaptation none to leave it out)") }
            }
            if global.verbose { printError("work folder kept: \(work)") }
        } catch { throw fail(error) }
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
            let samples: [Int16]
            do { samples = try AudioFileReader(path: path).readAll() } catch { throw CLIError("\(path): \(oneLine(error))") }
            return ModelAdaptation.Utterance(name: path, samples: samples, words: transcriptWords(expectations.expectation(for: path)!.text))
        }
    }
}

/// The `adaptation` event: what `parlo adapt` wrote and from how much speech.
struct AdaptationEvent: Encodable {
    var file: String
    var utterances: Int
    var aligned: Int
    var audio_s: Double
}
