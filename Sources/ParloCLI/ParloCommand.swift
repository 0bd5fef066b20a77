import ArgumentParser
import Foundation
import ParloCore

/// The `parlo` command: one root, a subcommand per job.
@main
struct ParloCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlo",
        abstract: "Offline voice commands and speech for study apps (PocketSphinx + eSpeak NG).",
        version: ParloVersion.current,
        subcommands: [
            BatchCommand.self,
            AdaptCommand.self,
            ReportCommand.self,
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
    /// A refused argument is one `parlo: …` line naming the help to read (exit 64), not
    /// argument-parser's message, usage and hint over several lines; help and `ExitCode`s pass
    /// through unchanged.
    static func exitForArgumentError(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        guard code != .success, !(error is ExitCode) else { exit(withError: error) }
        var message = message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        let words = CommandLine.arguments.dropFirst().prefix { !$0.hasPrefix("-") }.prefix(1)
        let help = (["parlo"] + words.filter { w in configuration.subcommands.contains { $0._commandName == w } }).joined(separator: " ")
        printError("\(message.split(separator: "\n").joined(separator: " ")) (see '\(help) --help')")
        Foundation.exit(code.rawValue)
    }

    /// Runs the chosen subcommand; Parlo's own errors are printed as one `parlo: …` line (the
    /// same shape as per-file errors in a batch), everything else as argument-parser does.
    static func main() async {
        do {
            var command = try parseAsRoot(DeskOptions.expandingServe(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as any ParloError {
            printError(oneLine(error))
            exit(withError: ExitCode.failure)
        } catch {
            exitForArgumentError(error)
        }
    }
}
