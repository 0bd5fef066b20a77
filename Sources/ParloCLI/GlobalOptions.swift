import ArgumentParser
import Logging
import ParloALSA
import ParloRecognizer

/// Options every subcommand shares: logging.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Show Parlo's debug log and the C libraries' own logs on stderr.")
    var verbose = false

    /// Applies the logging choice process-wide; call once at the start of `run()`.
    func bootstrap() -> Logger {
        let level: Logger.Level = verbose ? .debug : .warning
        LoggingSystem.bootstrap { label in
            var h = StreamLogHandler.standardError(label: label)
            h.logLevel = level
            return h
        }
        PocketSphinxLog.setVerbose(verbose)
        ALSALog.setVerbose(verbose)
        return Logger(label: "parlo")
    }
}

/// Where the acoustic model is: only for the subcommands that recognise speech or need the
/// model's phones (batch, listen, study, grammar), so `say`, `match` … do not offer an option
/// they would ignore.
struct ModelOptions: ParsableArguments {
    @Option(name: .long, help: "PocketSphinx acoustic model folder (default: $PARLO_MODEL, else /usr/share/pocketsphinx/model/en-us).")
    var model: String?

    /// The model folder: --model, else $PARLO_MODEL, else Debian's en-us model.
    func locate() throws -> AcousticModel { try AcousticModel.locate(model) }
}
