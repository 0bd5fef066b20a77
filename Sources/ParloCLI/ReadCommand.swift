import ArgumentParser
import Foundation
import ParloCore
import ParloSpeech

/// `parlo read`: read a text or Markdown file aloud, resuming where the student stopped.
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Read a text or Markdown file aloud.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var speech: SpeechOptions

    @Option(name: .customLong("from-sentence"), help: "Start at this sentence (1-based) instead of the saved position.")
    var fromSentence: Int?

    @Flag(name: .long, help: "Start from the beginning, ignoring the saved position.")
    var restart = false

    @Flag(name: .long, help: "Treat the file as Markdown whatever its extension.")
    var markdown = false

    @Argument(help: "The file to read (.md/.markdown are read as Markdown).")
    var file: String

    func validate() throws {
        if let n = fromSentence, n < 1 { throw ValidationError("--from-sentence counts from 1") }
    }

    struct Line: Encodable {
        var event: String
        var index: Int?
        var total: Int?
        var language: String?
        var text: String?
    }

    func run() async throws {
        let logger = global.bootstrap()
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
            throw SpeechError(.cannotReadText, "\(file) is a folder, not a text file: give a .txt or .md file inside it")
        }
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw SpeechError(.cannotReadText, "cannot read \(file)")
        }
        let output = try await SpeechOutput(speech, logger: logger)
        let reader = ReadAloud(path: file, queue: output.queue, language: speech.language, markdown: markdown ? true : nil)
        reader.store = ReadingPositionStore()
        let piped = !Terminal.stdoutIsTerminal
        let encoder = JSONLinesEncoder()
        let start = fromSentence.map { $0 - 1 } ?? (restart ? 0 : nil)
        let end = try await reader.run(from: start) { p in
            if piped {
                let line = Line(event: "sentence", index: p.index + 1, total: p.total,
                                language: p.language.rawValue, text: p.text)
                if let s = try? encoder.line(line) { print(s) }
            } else {
                let total = p.total.map(String.init) ?? "?"
                print("sentence \(p.index + 1) of \(total) [\(p.language.rawValue)]: \(p.text)")
            }
            fflush(stdout)
        }
        try await output.finish()
        if piped {
            print(try encoder.line(Line(event: "finished", index: end)))
        } else {
            print("read \(end) sentences" + (speech.out.map { " → \($0)" } ?? ""))
        }
    }
}
