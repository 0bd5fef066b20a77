import ArgumentParser
import Foundation
import ParloCore
import ParloESpeak
import ParloSpeech

/// `parlo say`: speak a text as one of the characters.
struct SayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "say", abstract: "Speak a text in a character's voice.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var speech: SpeechOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: .long, help: "Treat the text as SSML: speak, voice, prosody, say-as, mark, s, p, sub, emphasis and break are kept; other elements (audio, …) are left out with a warning, their text kept.")
    var ssml = false

    @Argument(help: "The text to speak, or - to read it from standard input.")
    var text: String

    func validate() throws { try speech.check(output) }

    func run() async throws {
        let logger = global.bootstrap()
        let input: String
        do {
            // `readToEnd()` throws where `readDataToEndOfFile()` traps (stdin a folder, EIO).
            input = text == "-" ? String(decoding: try FileHandle.standardInput.readToEnd() ?? Data(), as: UTF8.self) : text
        } catch {
            throw CLIError("cannot read the text from standard input (\(error.localizedDescription)): pipe a text file into `parlo say -`")
        }
        let output = try await SpeechOutput(speech, logger: logger)
        let queue = output.queue
        // With --out -, stdout carries the WAV and nothing else.
        let piped = self.output.asJSON && !speech.audioToStdout
        let encoder = JSONLinesEncoder()
        var trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw CLIError("nothing to say: the text is empty — give the words to speak, or pipe them into `parlo say -`")
        }
        if ssml {
            // Only the clean rebuild reaches eSpeak; positions below refer to it.
            let document = try SSMLDocument(trimmed)
            if !document.removed.isEmpty {
                printError("warning: SSML element(s) \(document.removed.map { "<\($0)>" }.joined(separator: ", ")) not supported, left out (their text is kept)")
            }
            trimmed = document.text
        }
        let id = await queue.enqueue(trimmed, language: speech.language, ssml: ssml)
        var finished = false
        for await event in queue.events where event.id == id {
            if piped { print(try encoder.line(event.spoken(in: trimmed))) }
            if case .finished = event { finished = true }
            if event.isEnd { break }
        }
        try await output.finish()
        if !piped, let out = speech.out {
            let seconds = Double(output.sink.writtenFrames) / Double(output.sink.sampleRate)
            let target = speech.audioToStdout ? "standard output" : out
            speech.note("\(output.character.name) said \(finished ? "it" : "part of it") → \(target) (\(String(format: "%.1f", seconds)) s)")
        }
    }
}
