import ArgumentParser
import Logging
import ParloALSA
import ParloRecognizer

/// Options every subcommand shares: logging and where the acoustic model is.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Show Parlo's debug log and the C libraries' own logs on stderr.")
    var verbose = false

    @Option(name: .long, help: "PocketSphinx acoustic model folder (default: $PARLO_MODEL, else /usr/share/pocketsphinx/model/en-us).")
    var model: String?

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
