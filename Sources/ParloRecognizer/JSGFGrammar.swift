/// A grammar for PocketSphinx as text, with the words it can produce: JSGF, or a finite-state
/// grammar in sphinxbase's FSG format (`TemplateGraph.fsg`, for catalogs JSGF cannot carry).
///
/// Parlo reads the words itself (rather than letting PocketSphinx fail on the first unknown one)
/// so that it can build a dictionary of exactly those words and name every missing one at once.
public struct JSGFGrammar: Sendable, Equatable {
    /// How `text` is written.
    public enum Format: Sendable, Equatable {
        /// JSGF, compiled by sphinxbase's `jsgf_build_fsg`.
        case jsgf
        /// sphinxbase's FSG text (`FSG_BEGIN` … `FSG_END`), read by `fsg_model_read`.
        case fsg
    }
    public var text: String
    /// Distinct words (terminals) in order of first appearance, lower-cased.
    public let words: [String]
    public let format: Format
    /// Words that are no sentence of the grammar, with their pronunciations: with a garbage loop
    /// (`Rejection.Loop`) each is offered as a whole utterance beside the sentences and as a loop
    /// word, and a result that takes one is rejected (`CatalogCompiler.compile(_:decoys:)`).
    public var decoys = PronunciationDictionary()

    public init(_ text: String) throws {
        self.text = text
        self.words = try Self.terminals(of: text)
        self.format = .jsgf
        try Self.checkCompiledSize(text)
    }

    /// A finite-state grammar in sphinxbase's FSG format, with its words (as `TemplateGraph.fsg`
    /// gives them). No size guard: an FSG is read as written, never copied rule by rule.
    public init(fsg text: String, words: [String]) {
        self.text = text; self.words = words; self.format = .fsg
    }

    /// Whether sphinxbase can compile `text` within `maxCompiledWords` (else write an FSG).
    public static func compilesWithinBounds(_ text: String) -> Bool {
        (try? checkCompiledSize(text)) != nil
    }

    /// Extracts terminals: everything in rule bodies that is not a `<rule>` reference,
    /// an operator, a `/weight/` or a `{tag}`; quoted tokens count as one word each.
    static func terminals(of text: String) throws -> [String] {
        var seen = Set<String>(), ordered: [String] = []
        let body = stripComments(text)
        var sawRule = false
        for statement in body.split(separator: ";") {
            guard let eq = statement.firstIndex(of: "=") else { continue }
            let head = statement[..<eq]
            guard head.contains("<") else { continue }
            sawRule = true
            var token = ""
            var i = statement.index(after: eq)
            func flush() {
                let w = token.lowercased()
                token = ""
                guard !w.isEmpty else { return }
                if seen.insert(w).inserted { ordered.append(w) }
            }
            while i < statement.endIndex {
                let c = statement[i]
                switch c {
                case "<": flush(); i = statement[i...].firstIndex(of: ">") ?? statement.endIndex
                case "/": flush(); i = statement[statement.index(after: i)...].firstIndex(of: "/") ?? statement.endIndex
                case "{": flush(); i = statement[i...].firstIndex(of: "}") ?? statement.endIndex
                case "\"":
                    flush()
                    let end = statement[statement.index(after: i)...].firstIndex(of: "\"") ?? statement.endIndex
                    for w in statement[statement.index(after: i)..<end].split(separator: " ") { token = String(w); flush() }
                    i = end
                case "(", ")", "[", "]", "|", "*", "+", " ", "\t", "\n", "\r": flush()
                default: token.append(c)
                }
                if i < statement.endIndex { i = statement.index(after: i) }
            }
            flush()
        }
        guard sawRule else { throw RecognizerError(.badGrammar, "the grammar defines no rule") }
        return ordered
    }

    static func stripComments(_ text: String) -> String {
        var out = "", i = text.startIndex
        while i < text.endIndex {
            if text[i...].hasPrefix("//") {
                i = text[i...].firstIndex(of: "\n") ?? text.endIndex
            } else if text[i...].hasPrefix("/*") {
                let rest = text[text.index(i, offsetBy: 2)...]
                i = rest.range(of: "*/")?.upperBound ?? text.endIndex
            } else {
                out.append(text[i]); i = text.index(after: i)
            }
        }
        // The header lines (#JSGF, grammar, import) carry no words.
        return out.split(separator: "\n").filter {
            let t = $0.trimmingCharacters(in: .whitespaces)
            return !t.hasPrefix("#JSGF") && !t.hasPrefix("grammar ") && !t.hasPrefix("import ")
        }.joined(separator: "\n")
    }
}

import Foundation
