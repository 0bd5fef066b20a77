import ArgumentParser
import Foundation
import Parlo

/// `parlo match TEXT…`: what each sentence would trigger, without audio.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Show the command each sentence triggers (one per argument, else one per stdin line).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "Sentences to match; read from stdin, one per line, when none are given.")
    var text: [String] = []

    func run() throws {
        _ = global.bootstrap()
        let matcher: CommandMatcher
        do { matcher = try CommandMatcher(catalog: loadCatalog(catalog.grammar, fixtures: catalog.fixtures)) } catch { throw fail(error) }
        let asJSON = output.asJSON
        let encoder = JSONLinesEncoder()
        func emit(_ sentence: String) throws {
            let result = matcher.match(sentence)
            print(asJSON ? try encoder.line(result) : Self.describe(result))
        }
        if text.isEmpty {
            while let line = readLine() {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty { try emit(line) }
            }
        } else {
            for t in text { try emit(t) }
        }
    }

    static func describe(_ r: MatchResult) -> String {
        let conf = String(format: "%.2f", r.confidence)
        if let command = r.command {
            let slots = r.slots.keys.sorted().map { "\($0)=\(r.slots[$0]!)" }.joined(separator: " ")
            return "\"\(r.text)\" → \(command)\(slots.isEmpty ? "" : " " + slots) [\(r.language?.rawValue ?? "?")] confidence \(conf)"
        }
        let near = r.candidates.map { c in
            "\(c.command)\(c.slots.isEmpty ? "" : " " + c.slots.keys.sorted().map { "\($0)=\(c.slots[$0]!)" }.joined(separator: " ")) \"\(c.sentence)\" \(String(format: "%.2f", c.confidence))"
        }.joined(separator: "; ")
        return "\"\(r.text)\" → nothing (\(r.reason ?? "rejected"))\(near.isEmpty ? "" : "; closest: " + near)"
    }
}
