import ArgumentParser
import Foundation
import Parlo

/// `parlo fixtures synth`: regenerate the synthetic test set from a catalog.
struct FixturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixtures",
        abstract: "Generate audio test sets from the command catalog.",
        subcommands: [FixturesSynthCommand.self]
    )
}

struct FixturesSynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Synthesise every command (eSpeak NG voices and rates, clean and with noise) plus out-of-grammar speech, with a manifest.",
        discussion: """
        Deterministic: the same catalog, options and eSpeak NG version give the same files. \
        Writes <out>/manifest.jsonl (audio, text, language, command, slots, voice, rate, snr_db, rejected), \
        usable with `parlo batch --expect`. Prints a progress line on a terminal, one JSON line per file when piped.
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var catalog: CatalogOptions
    @Option(name: .long, help: "Output folder (created; files of a previous manifest there are replaced).")
    var out: String = "audio-fixtures/commands"
    @Option(name: .long, help: "Sentences per command and language (more when slot values need covering).")
    var perCommand: Int = 3
    @Option(name: .long, help: "Seed for sentence choice and noise.")
    var seed: UInt64 = 1
    @Option(name: .long, parsing: .upToNextOption, help: "Noise levels in dB SNR; each command file is also written at each.")
    var snr: [Int] = [15, 5]
    @Option(name: .long, help: "Seconds of silence before each utterance.")
    var leadingSilence: Double = 0.25
    @Option(name: .long, help: "SNR in dB of a faint noise floor under the clean files (default: none, digital silence).")
    var cleanFloor: Double?
    @Flag(name: .long, help: "Write 16-bit WAV instead of FLAC.")
    var wav = false
    @Flag(name: .long, help: "Leave out the out-of-grammar sentences.")
    var noOutOfGrammar = false

    func validate() throws {
        guard perCommand >= 1 else { throw ValidationError("--per-command must be at least 1") }
    }

    func run() throws {
        let logger = global.bootstrap()
        do {
            if let problem = FileProblem.writingFolder(out) { throw CLIError("\(out) (--out): \(problem)") }
            let loaded = try loadCatalog(catalog.grammar, fixtures: catalog.fixtures)
            var options = FixtureGenerator.Options()
            options.perCommand = perCommand
            options.seed = seed
            options.snrs = snr
            options.flac = !wav
            options.leadingSilence = leadingSilence
            options.cleanFloorSNR = cleanFloor
            options.includeOutOfGrammar = !noOutOfGrammar
            let generator = FixtureGenerator(catalog: loaded, options: options, logger: logger)
            let terminal = Terminal.stdoutIsTerminal
            let bar = terminal ? ProgressBar(total: try generator.fileCount()) : nil
            let encoder = JSONLinesEncoder()
            let entries = try generator.generate(into: out) { p in
                if let bar { bar.update(done: p.done, file: p.entry.audio) } else if let line = try? encoder.line(TaggedEvent(type: "fixture", payload: p.entry)) {
                    print(line)
                    fflush(nil)
                }
            }
            bar?.clear()
            if terminal {
                let commands = entries.filter { !$0.rejected }.count
                print("wrote \(entries.count) files (\(commands) commands, \(entries.count - commands) out of grammar) and \(FixtureGenerator.manifestName) to \(out)")
            }
        } catch { throw fail(error) }
    }
}
