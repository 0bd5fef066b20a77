import ArgumentParser
import Logging
import ParloALSA
import ParloCore
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
/// model's phones (batch, listen, study, grammar, adapt), so `say`, `match` … do not offer an
/// option they would ignore.
struct ModelOptions: ParsableArguments {
    @Option(name: .long, help: "PocketSphinx acoustic model folder (default: $PARLO_MODEL, else /usr/share/pocketsphinx/model/en-us).")
    var model: String?

    /// The model folder as shipped: --model, else $PARLO_MODEL, else Debian's en-us model.
    func locate() throws -> AcousticModel { try AcousticModel.locate(model) }
}

/// The model and the user's adaptation of it: for the subcommands that recognise speech
/// (batch, listen, study); `grammar` needs only the phones, `adapt` estimates against the
/// model as shipped.
struct RecognitionModelOptions: ParsableArguments {
    @OptionGroup var shipped: ModelOptions

    @Option(name: .long, help: ArgumentHelp("The model's adaptation to your voice and room, written by `parlo adapt` (default: $PARLO_ADAPTATION, else ~/.config/parlo/adaptation.mllr when it exists), or 'none' for the model as shipped.", valueName: "FILE"))
    var adaptation: String?

    /// The model with the user's adaptation, if any.
    func locate() throws -> AcousticModel { try shipped.locate().adapted(with: adaptationPath()) }

    /// --adaptation, else $PARLO_ADAPTATION, else the one `parlo adapt` wrote; nil for 'none'.
    func adaptationPath(locator: DataLocator = DataLocator()) throws -> String? {
        let chosen = adaptation ?? locator.environment[DataLocator.Item.adaptation.variable]
        if chosen == "none" { return nil }
        return try locator.find(.adaptation, option: chosen)
    }
}
