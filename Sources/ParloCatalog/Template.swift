import Foundation

/// One sentence template: `(a|b)` alternatives, `[optional]` parts, `{slot}` and `<rule>` references.
///
/// The syntax follows Home Assistant's hassil and Rhasspy's sentences.ini so people who wrote
/// those recognise it. Words are kept as written (lower-cased, accents kept) because the
/// Italian phonemizer needs the accents; `Spelling.grammarWord` folds them for the grammar.
public indirect enum Template: Sendable, Equatable {
    case word(String)
    case sequence([Template])
    case alternatives([Template])
    case optional(Template)
    case slot(String)
    case rule(String)

    /// Slot names referred to anywhere in the template.
    public var slotNames: [String] {
        switch self {
        case .slot(let n): return [n]
        case .sequence(let xs), .alternatives(let xs): return xs.flatMap(\.slotNames)
        case .optional(let x): return x.slotNames
        case .word, .rule: return []
        }
    }

    /// Rule names referred to anywhere in the template.
    public var ruleNames: [String] {
        switch self {
        case .rule(let n): return [n]
        case .sequence(let xs), .alternatives(let xs): return xs.flatMap(\.ruleNames)
        case .optional(let x): return x.ruleNames
        case .word, .slot: return []
        }
    }

    /// Every word the template can produce.
    public var words: [String] {
        switch self {
        case .word(let w): return [w]
        case .sequence(let xs), .alternatives(let xs): return xs.flatMap(\.words)
        case .optional(let x): return x.words
        case .slot, .rule: return []
        }
    }

    /// Parses `text`; errors name `location` and the character position.
    public static func parse(_ text: String, at location: SourceLocation) throws -> Template {
        var parser = TemplateParser(text: text, location: location)
        return try parser.parseAll()
    }
}

/// Recursive-descent parser for `Template`; positions are 1-based characters for messages.
struct TemplateParser {
    let chars: [Character]
    let text: String
    let location: SourceLocation
    var i = 0

    init(text: String, location: SourceLocation) {
        self.text = text; self.chars = Array(text); self.location = location
    }

    static let specials: Set<Character> = ["(", ")", "[", "]", "{", "}", "<", ">", "|"]
    /// Punctuation dropped from words: sentences may be written as people write them.
    static let punctuation: Set<Character> = [",", ".", "?", "!", ";", ":", "\"", "¿", "¡"]

    func fail(_ code: CatalogError.Code, _ what: String) -> CatalogError {
        CatalogError(code, location, "\(what) in \"\(text)\" at character \(min(i, chars.count) + 1)")
    }

    mutating func parseAll() throws -> Template {
        let t = try parseAlternatives(closing: nil)
        if i < chars.count { throw fail(.unbalancedBrackets, "unexpected '\(chars[i])'") }
        if case .sequence(let xs) = t, xs.isEmpty { throw fail(.emptyAlternative, "empty sentence") }
        return t
    }

    /// alternatives := sequence ('|' sequence)*, up to `closing` (not consumed).
    mutating func parseAlternatives(closing: Character?) throws -> Template {
        var alternatives: [Template] = []
        while true {
            let seq = try parseSequence(closing: closing)
            if case .sequence(let xs) = seq, xs.isEmpty {
                throw fail(.emptyAlternative, "empty alternative")
            }
            alternatives.append(seq)
            if i < chars.count, chars[i] == "|" { i += 1; continue }
            break
        }
        return alternatives.count == 1 ? alternatives[0] : .alternatives(alternatives)
    }

    mutating func parseSequence(closing: Character?) throws -> Template {
        var items: [Template] = []
        while i < chars.count {
            let c = chars[i]
            if c == "|" { break }
            if let closing, c == closing { break }
            // Every kind of space separates words (a no-break space pasted from a document too):
            // one the word loop below does not take would never be consumed.
            if c.isWhitespace { i += 1; continue }
            switch c {
            case "(":
                let open = i; i += 1
                let inner = try parseAlternatives(closing: ")")
                try expect(")", openedAt: open)
                items.append(inner)
            case "[":
                let open = i; i += 1
                let inner = try parseAlternatives(closing: "]")
                try expect("]", openedAt: open)
                items.append(.optional(inner))
            case "{", "<":
                let close: Character = c == "{" ? "}" : ">"
                let open = i; i += 1
                var name = ""
                while i < chars.count, chars[i] != close, !Self.specials.contains(chars[i]) { name.append(chars[i]); i += 1 }
                try expect(close, openedAt: open)
                name = name.trimmingCharacters(in: .whitespaces)
                // hassil allows `{slot:alias}`; the alias is not needed here.
                if let colon = name.firstIndex(of: ":") { name = String(name[..<colon]) }
                if name.isEmpty { i = open; throw fail(.unbalancedBrackets, "empty \(c)\(close) reference") }
                items.append(c == "{" ? .slot(name) : .rule(name))
            case ")", "]", "}", ">":
                throw fail(.unbalancedBrackets, "'\(c)' without a matching opening bracket")
            default:
                var word = ""
                while i < chars.count, !Self.specials.contains(chars[i]), !chars[i].isWhitespace {
                    if !Self.punctuation.contains(chars[i]) { word.append(chars[i]) }
                    i += 1
                }
                if !word.isEmpty { items.append(.word(word.lowercased())) }
            }
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    mutating func expect(_ close: Character, openedAt open: Int) throws {
        guard i < chars.count, chars[i] == close else {
            let opened = chars[open]
            i = open
            throw fail(.unbalancedBrackets, "'\(opened)' is never closed with '\(close)'")
        }
        i += 1
    }
}
