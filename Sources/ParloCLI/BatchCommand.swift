import ArgumentParser
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "batch", abstract: "Decode audio files and report accuracy.")
}
