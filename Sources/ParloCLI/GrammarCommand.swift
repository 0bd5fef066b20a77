import ArgumentParser
import Foundation
import Logging
import Parlo

/// `parlo grammar check|compile`: inspect and compile the command catalog.
struct GrammarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grammar",
        abstract: "Check or compile the command catalog (grammars/*.yaml).",
        subcommands: [GrammarCheckCommand.self, GrammarCompileCommand.self]
    )
}

/// Options shared by the catalog commands.
struct CatalogOptions: ParsableArguments {
    @Option(name: .long, help: "Catalog folder with *.yaml files and an optional pronunciations.dict (default: $PARLO_GRAMMARS, else grammars/ in ~/.config/parlo, the install's share/parlo or the checkout).")
    var grammar: String?

    @Option(name: .long, help: "Entity lists (names, areas, floors) for hassil / Home Assistant intents, in Home Assistant's test _fixtures.yaml format.")
    var fixtures: String?

    /// The catalog folder: --grammar, else where `DataLocator` finds one.
    func folder() throws -> String { try DataLocator().require(.grammars, option: grammar) }
}

/// Loads the catalog in `folder` (nil: found by `DataLocator`) and prints its warnings (one
/// `parlo: file:line: warning: …` line each): every command that reads a catalog goes through
/// here, so none stays silent.
func loadCatalog(_ folder: String?, fixtures: String? = nil) throws -> Catalog {
    let catalog = try CatalogLoader.load(folder: DataLocator().require(.grammars, option: folder), fixtures: fixtures)
    for w in catalog.warnings { printError(w.description) }
    return catalog
}


struct GrammarCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "List commands, sentence counts, word pronunciations, duplicates and confusable pairs.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var acoustic: ModelOptions
    @OptionGroup var catalog: CatalogOptions
    @Option(name: .long, help: "Report sentence pairs of different commands whose phone distance (0–1) is below this.")
    var threshold: Double = 0.2
    @Flag(name: .long, help: "Leave out the word list.")
    var noWords = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        let logger = global.bootstrap()
        do {
            let model = try acoustic.locate()
            let compiled = try CatalogCompiler(model: model, logger: logger).compile(loadCatalog(catalog.grammar, fixtures: catalog.fixtures))
            let report = CatalogReport(compiled, threshold: threshold)
            if output.asJSON {
                for line in try CatalogReportEvents.lines(report, showWords: !noWords) { print(line) }
            } else {
                print(report.render(showWords: !noWords))
            }
            if report.duplicates.contains(where: \.isConflict) { throw ExitCode(2) }
        } catch let e as ExitCode { throw e } catch { throw fail(error) }
    }
}

struct GrammarCompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Write the catalog as JSGF (.gram; .fsg when JSGF cannot carry it) and dictionary (.dict) for PocketSphinx tools.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var acoustic: ModelOptions
    @OptionGroup var catalog: CatalogOptions
    @Option(name: .long, help: "Output folder (created if needed).")
    var out: String = "."
    @Option(name: .long, help: "Base name of the files written (NAME.gram or NAME.fsg, NAME.dict).")
    var name: String = "parlo"

    func validate() throws {
        if name.isEmpty || name.contains("/") { throw ValidationError("--name takes a file name without '/' (e.g. parlo), got '\(name)'") }
    }

    func run() throws {
        let logger = global.bootstrap()
        do {
            // Foundation reports an --out that is a file as an NSError dump: check it first, in words.
            if let problem = FileProblem.writingFolder(out) { throw CLIError("\(out) (--out): \(problem)") }
            let model = try acoustic.locate()
            let compiled = try CatalogCompiler(model: model, logger: logger).compile(loadCatalog(catalog.grammar, fixtures: catalog.fixtures))
            let paths: (grammar: String, dictionary: String)
            do { paths = try compiled.write(to: out, name: name) } catch {
                throw CLIError("\(out): cannot write \(name).\(compiled.grammarExtension) and \(name).dict there (\(Self.reason(error))) — give a writable folder with --out")
            }
            print("wrote \(paths.grammar) (\(Int(min(compiled.sentenceCount, 9e18))) sentences) and \(paths.dictionary) (\(compiled.dictionary.entries.count) words)")
            let flag = compiled.grammar.format == .fsg ? "-fsg" : "-jsgf"
            print("try: pocketsphinx_continuous -hmm \(model.directory) \(flag) \(paths.grammar) -dict \(paths.dictionary) -infile FILE.wav")
        } catch { throw fail(error) }
    }

    /// The POSIX reason under a Foundation error, not its NSError dump.
    static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}
