import ArgumentParser
import ParloCore

/// The `parlo` command: one root, a subcommand per job.
@main
struct ParloCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlo",
        abstract: "Offline voice commands and speech for study apps (PocketSphinx + eSpeak NG).",
        subcommands: [
            BatchCommand.self,
            ListenCommand.self,
            MeterCommand.self,
            DevicesCommand.self,
            SayCommand.self,
            ReadCommand.self,
            VoicesCommand.self,
            GrammarCommand.self,
            StudyCommand.self,
            MatchCommand.self,
            FixturesCommand.self,
        ]
    )
}

extension ParloCommand {
    /// Runs the chosen subcommand; Parlo's own errors are printed as one `parlo: …` line (the
    /// same shape as per-file errors in a batch), everything else as argument-parser does.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as any ParloError {
            printError(oneLine(error))
            exit(withError: ExitCode.failure)
        } catch {
            exit(withError: error)
        }
    }
}
