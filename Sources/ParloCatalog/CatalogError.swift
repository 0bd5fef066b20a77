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
             noPronunciation, badPronunciation, noCatalog
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
        case .recursiveRule: fix = "a rule must not refer to itself, directly or through other rules"
        case .tooManySentences: fix = "split the command or use fewer optional parts"
        case .noPronunciation: fix = "add the word to grammars/pronunciations.dict (`word PH1 PH2 …`, en-us phones)"
        case .badPronunciation: fix = "use only en-us phones (AA AE AH … ZH, see the model's mdef)"
        case .noCatalog: fix = "create grammars/*.yaml or pass --grammar DIR"
        }
        return "\(location): \(detail) — \(fix)"
    }
}
