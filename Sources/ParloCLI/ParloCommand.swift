import ArgumentParser

/// The `parlo` command: one root, a subcommand per job.
@main
struct ParloCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlo",
        abstract: "Offline voice commands and speech for study apps (PocketSphinx + eSpeak NG).",
        subcommands: [
            BatchCommand.self,
            GrammarCommand.self,
            MatchCommand.self,
        ]
    )
}
