import Foundation

/// hassil's template syntax read into a `Template`: what Parlo's own syntax lacks is rewritten.
///
/// hassil reads templates character by character, so a group glued to a word is part of it:
/// `fan[s]` is "fan" or "fans", `auto[matic]` "auto" or "automatic". Parlo's words are whole,
/// so each glued run is spelled out as alternatives of whole words (a few each). Permutations
/// `(a;b;c)` become the alternatives of every order, `{list:slot}` keeps the slot name after
/// the colon (the list is named in `HassilLoader`), and the skip words of the language stay
/// where they are written (the matcher drops them from text and templates alike).
enum HassilTemplate {
    /// A parsed piece: whole words and groups, with whether it was glued to the piece before.
    indirect enum Piece {
        case text(String)
        /// Pieces written without a space between them.
        case glued([Piece])
        case group([[Piece]], optional: Bool, permutation: Bool)
        case list(String)
        case rule(String)
    }

    struct ParseError: Error { var message: String }

    static func parse(_ text: String) throws -> Template {
        var p = Parser(chars: Array(text))
        let alts = try p.alternatives(closing: nil)
        if p.i < p.chars.count { throw ParseError(message: "unexpected '\(p.chars[p.i])' at character \(p.i + 1)") }
        return try template(.group(alts, optional: false, permutation: p.lastWasPermutation))
    }

    /// Character-level parser; a sequence is a list of runs (pieces glued together).
    struct Parser {
        let chars: [Character]
        var i = 0
        var lastWasPermutation = false

        mutating func alternatives(closing: Character?) throws -> [[Piece]] {
            var alts: [[Piece]] = []
            var permutation = false
            while true {
                alts.append(try sequence(closing: closing))
                if i < chars.count, chars[i] == "|" || chars[i] == ";" {
                    if chars[i] == ";" { permutation = true }
                    i += 1; continue
                }
                break
            }
            lastWasPermutation = permutation
            return alts
        }

        /// A sequence as runs: `[[glued pieces], [glued pieces], …]` flattened with run markers.
        mutating func sequence(closing: Character?) throws -> [Piece] {
            var runs: [[Piece]] = [[]]
            var word = ""
            let start = i
            func flushWord() { if !word.isEmpty { runs[runs.count - 1].append(.text(word)); word = "" } }
            while i < chars.count {
                let c = chars[i]
                if c == "|" || c == ";" { break }
                if let closing, c == closing { break }
                if c.isWhitespace {
                    flushWord()
                    if !(runs.last?.isEmpty ?? true) { runs.append([]) }
                    i += 1; continue
                }
                switch c {
                case "(", "[":
                    flushWord()
                    let close: Character = c == "(" ? ")" : "]"
                    i += 1
                    let inner = try alternatives(closing: close)
                    let perm = lastWasPermutation
                    guard i < chars.count, chars[i] == close else { throw ParseError(message: "'\(c)' is never closed with '\(close)'") }
                    i += 1
                    runs[runs.count - 1].append(.group(inner, optional: c == "[", permutation: perm))
                case "{", "<":
                    flushWord()
                    let close: Character = c == "{" ? "}" : ">"
                    i += 1
                    var name = ""
                    while i < chars.count, chars[i] != close { name.append(chars[i]); i += 1 }
                    guard i < chars.count else { throw ParseError(message: "'\(c)' is never closed with '\(close)'") }
                    i += 1
                    runs[runs.count - 1].append(c == "{" ? .list(name) : .rule(name))
                case ")", "]", "}", ">":
                    throw ParseError(message: "'\(c)' without a matching opening bracket")
                default:
                    word.append(c); i += 1
                }
            }
            flushWord()
            var pieces = runs.filter { !$0.isEmpty }.map { $0.count == 1 ? $0[0] : .glued($0) }
            // Spaces at either end of a group's alternative separate it from the word it is glued
            // to: "[vai avanti al ]prossimo" is "… al prossimo", "(a|su)(l[ mio])" "al mio".
            if start < i, chars[start].isWhitespace { pieces.insert(.text(" "), at: 0) }
            if start < i, chars[i - 1].isWhitespace, !pieces.isEmpty { pieces.append(.text(" ")) }
            return pieces
        }
    }

    /// Words a piece can spell when glued to others: nil when it holds a list or rule.
    static func spellings(_ p: Piece) -> [String]? {
        switch p {
        case .text(let w): return [w]
        case .list, .rule: return nil
        case .glued(let run):
            var acc = [""]
            for q in run {
                guard let s = spellings(q) else { return nil }
                acc = acc.flatMap { a in s.map { a + $0 } }
                if acc.count > 64 { return nil }
            }
            return acc
        case .group(let alts, let optional, let permutation):
            guard !permutation || alts.count == 1 else { return nil }
            var out: [String] = optional ? [""] : []
            for alt in alts {
                var acc = [""]
                for q in alt {
                    guard let s = spellings(q) else { return nil }
                    // Pieces of an alternative were written apart: a space stays between them even
                    // when one spells nothing ("la [mia ]" + "musica" is "la musica").
                    acc = acc.flatMap { a in s.map { a.isEmpty ? $0 : a + " " + $0 } }
                    if acc.count > 64 { return nil }
                }
                out += acc
            }
            return out
        }
    }

    static func template(_ p: Piece) throws -> Template {
        switch p {
        case .text(let w): return words(w)
        case .list(let name): return .slot(name.trimmingCharacters(in: .whitespaces))
        case .rule(let name): return .rule(name.trimmingCharacters(in: .whitespaces))
        case .glued(let run):
            if let glued = gluedRun(run) { return glued }
            // A list or rule glued to words ("{hours}( |-)hour[s]"): the words on each side are
            // still glued among themselves ("hours", not "hour s"); the list stands alone.
            var items: [Template] = [], words: [Piece] = []
            func flush() throws {
                guard !words.isEmpty else { return }
                items.append(try gluedRun(words) ?? sequence(words)); words = []
            }
            for piece in run {
                if spellings(piece) != nil { words.append(piece); continue }
                try flush()
                items.append(try template(piece))
            }
            try flush()
            items.removeAll(where: isEmpty)
            return items.count == 1 ? items[0] : .sequence(items)
        case .group(let alts, var optional, let permutation):
            var options: [Template]
            if permutation {
                let items = try alts.map { try sequence($0) }
                options = permutations(Array(items.indices)).map { order in .sequence(order.map { items[$0] }) }
            } else {
                options = try alts.map { try sequence($0) }
            }
            // hassil's "(a|)" is "[a]": an empty alternative makes the group optional.
            if options.contains(where: isEmpty) { optional = true; options.removeAll(where: isEmpty) }
            if options.isEmpty { return .sequence([]) }
            let body: Template = options.count == 1 ? options[0] : .alternatives(options)
            return optional ? .optional(body) : body
        }
    }

    static func isEmpty(_ t: Template) -> Bool {
        switch t {
        case .sequence(let xs): return xs.allSatisfy(isEmpty)
        case .alternatives(let xs): return xs.isEmpty
        default: return false
        }
    }

    /// A run of glued pieces ("fan[s]"): every spelling as whole words, when it has no list.
    static func gluedRun(_ run: [Piece]) -> Template? {
        var acc = [""]
        for p in run {
            guard let s = spellings(p) else { return nil }
            acc = acc.flatMap { a in s.map { a + $0 } }
            if acc.count > 64 { return nil }
        }
        var seen = Set<String>()
        let spelt = acc.map { $0.trimmingCharacters(in: .whitespaces) }
        let options = spelt.filter { !$0.isEmpty && seen.insert($0).inserted }.map(words)
        guard !options.isEmpty else { return nil }
        let body: Template = options.count == 1 ? options[0] : .alternatives(options)
        // "[area ]{area}": a run that can spell nothing is optional, not one of its words.
        return spelt.contains("") ? .optional(body) : body
    }

    static func sequence(_ pieces: [Piece]) throws -> Template {
        let items = try pieces.map(template).filter { !isEmpty($0) }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// Text as Parlo words: lower case, punctuation dropped as `TemplateParser` does, and a
    /// hyphen at a word's end dropped: "{hours}( |-)hour[s]" joins a number, not a word "-hours".
    static func words(_ text: String) -> Template {
        let ws = text.split(whereSeparator: \.isWhitespace).map { w in
            String(w.filter { !TemplateParser.punctuation.contains($0) }).lowercased()
                .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        }.filter { !$0.isEmpty }
        if ws.isEmpty { return .sequence([]) }
        return ws.count == 1 ? .word(ws[0]) : .sequence(ws.map(Template.word))
    }

    static func permutations(_ xs: [Int]) -> [[Int]] {
        guard xs.count > 1 else { return [xs] }
        return xs.indices.flatMap { i -> [[Int]] in
            var rest = xs; let x = rest.remove(at: i)
            return permutations(rest).map { [x] + $0 }
        }
    }
}
