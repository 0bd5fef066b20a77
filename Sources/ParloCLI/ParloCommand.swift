import ArgumentParser

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
