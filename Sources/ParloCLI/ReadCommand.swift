import ArgumentParser
import Foundation
import ParloCore
import ParloDocuments
import ParloSpeech

/// `parlo read`: read a text, Markdown or PDF file aloud, resuming where the student stopped.
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Read a text, Markdown or PDF file aloud.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var speech: SpeechOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .customLong("from-sentence"), help: "Start at this sentence (1-based) instead of the saved position.")
    var fromSentence: Int?

    @Flag(name: .long, help: "Start from the beginning, ignoring the saved position.")
    var restart = false

    @Flag(name: .long, help: "Treat the file as Markdown whatever its extension.")
    var markdown = false

    @Argument(help: "The file to read (.md/.markdown are read as Markdown, .pdf as PDF).")
    var file: String

    func validate() throws {
        try speech.check(output)
        if let n = fromSentence, n < 1 { throw ValidationError("--from-sentence counts from 1") }
    }

    /// Refuses, in one line, what would otherwise be read as nothing or never end: a folder, a
    /// device (/dev/zero streams forever), an empty file, binary data, another encoding than UTF-8.
    /// Only the first 64 KiB are looked at: a long book is streamed, not loaded to be checked.
    /// A PDF is opened with poppler instead, which refuses a scan, a locked or a damaged file.
    static func checkReadable(_ file: String, markdown: Bool = false) throws {
        if let problem = FileProblem.reading(file) { throw CLIError("\(file): \(problem)") }
        if !markdown, DocumentFormat(path: file) == .pdf {
            _ = try PDFReader(path: file)
            return
        }
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw CLIError("\(file): cannot be opened — check its permissions")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 65_536)) ?? Data()
        if head.isEmpty { throw CLIError("\(file): is empty, so there is nothing to read — give a file with text") }
        if let problem = TextFileCheck.problem(in: head[...], complete: head.count < 65_536) {
            throw CLIError("\(file): \(problem)")
        }
    }

    func run() async throws {
        let logger = global.bootstrap()
        try Self.checkReadable(file, markdown: markdown)
        let output = try await SpeechOutput(speech, logger: logger)
        let reader = ReadAloud(path: file, queue: output.queue, language: speech.language, markdown: markdown ? true : nil)
        reader.store = ReadingPositionStore()
        // With --out -, stdout carries the WAV and nothing else.
        let piped = self.output.asJSON && !speech.audioToStdout
        let encoder = JSONLinesEncoder()
        let start = fromSentence.map { $0 - 1 } ?? (restart ? 0 : nil)
        var words: (@Sendable (ReadingWord) -> Void)? = nil
        if piped {
            words = { w in
                if let s = try? encoder.line(w.spoken) { print(s) }
            }
        }
        let end = try await reader.run(from: start, words: words) { p in
            if piped {
                if let s = try? encoder.line(p.spoken) { print(s) }
            } else {
                let total = p.total.map(String.init) ?? "?"
                let page = p.page.map { " page \($0)" } ?? ""
                speech.note("sentence \(p.index + 1) of \(total) [\(p.language.rawValue)]\(page): \(p.text)")
            }
            fflush(nil)
        }
        try await output.finish()
        if piped {
            let t = Double(output.sink.playedFrames) / Double(output.sink.sampleRate)
            print(try encoder.line(SpokenEvent(t: t, .readingEnd(.init(sentences: end, total: reader.total)))))
        } else {
            speech.note("read \(end) sentences" + (speech.out.map { " → \($0 == "-" ? "standard output" : $0)" } ?? ""))
        }
    }
}
