import ParloCore

/// Where something was written in a catalog: file and 1-based line.
public struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) { self.file = file; self.line = line }
    public var description: String { line > 0 ? "\(file):\(line)" : file }
}

/// Why a command catalog could not be read or compiled.
///
/// Every message starts with `file:line` so editors can jump to it, says what is wrong, and
/// what to write instead.
public struct CatalogError: ParloError, Equatable {
    public enum Code: Sendable, Equatable {
        case unreadable, yamlSyntax, badStructure, unknownSlot, unknownRule, emptyAlternative,
             unbalancedBrackets, badSlot, duplicateDefinition, recursiveRule, tooManySentences,
             noPronunciation, badPronunciation, noCatalog, unsupportedLanguage
    }
    public var code: Code
    public var location: SourceLocation
    public var detail: String

    public init(_ code: Code, _ location: SourceLocation, _ detail: String) {
        self.code = code; self.location = location; self.detail = detail
    }

    public var message: String {
        let fix: String
        switch code {
        case .unreadable: fix = "check the path and permissions"
        case .yamlSyntax: fix = "fix the YAML syntax (indentation, quotes, `key: value`)"
        case .badStructure: fix = "see grammars/study.yaml for the expected layout"
        case .unknownSlot: fix = "define the slot under `slots:` or correct its name"
        case .unknownRule: fix = "define the rule under `rules:` or correct its name"
        case .emptyAlternative: fix = "remove the stray `|` or write a word in the empty alternative"
        case .unbalancedBrackets: fix = "close every (, [, { and < with ), ], } and > in the same sentence"
        case .badSlot: fix = "give a slot either `values:` or `range: {from: N, to: M}`"
        case .duplicateDefinition: fix = "rename one of them or merge them into one definition"
        case .recursiveRule: fix = "a rule or slot must not refer to itself, directly or through other rules and slots"
        case .tooManySentences: fix = "split the command or use fewer optional parts"
        case .noPronunciation: fix = "add the word to \(catalogFolder)/pronunciations.dict (`word PH1 PH2 …`, en-us phones)"
        case .badPronunciation: fix = "use only en-us phones (AA AE AH … ZH, see the model's mdef)"
        case .noCatalog: fix = "create grammars/*.yaml or pass --grammar DIR"
        case .unsupportedLanguage:
            fix = "write sentences under \(Language.supported.map { "`\($0):`" }.joined(separator: " or ")), the languages Parlo supports"
        }
        return "\(location): \(escapingLineBreaks(detail)) — \(fix)"
    }

    /// The folder of the catalog file concerned (a user's catalog is not always grammars/).
    var catalogFolder: String {
        let file = location.file
        guard file.hasSuffix(".yaml") || file.hasSuffix(".yml") || file.hasSuffix(".dict") else { return "grammars" }
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return file[..<slash].isEmpty ? "/" : String(file[..<slash])
    }
}

/// Something in a catalog that loads but will not work as its author expects (a command that
/// can never be heard, a sentence nobody can pronounce): printed, never fatal.
public struct CatalogWarning: Sendable, Equatable, CustomStringConvertible {
    public var location: SourceLocation
    public var detail: String
    public init(_ location: SourceLocation, _ detail: String) { self.location = location; self.detail = detail }
    public var description: String { "\(location): warning: \(escapingLineBreaks(detail))" }
}

/// `text` with line breaks written as `\n`: messages quote the catalog's own text (a sentence
/// may be a multi-line YAML scalar) and must stay one line, as written in the file.
func escapingLineBreaks(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    return text.unicodeScalars.map { s -> String in
        switch s {
        case "\n": return "\\n"
        case "\r": return "\\r"
        default: return Character(s).isNewline ? "\\u{\(String(s.value, radix: 16))}" : String(s)
        }
    }.joined()
}
