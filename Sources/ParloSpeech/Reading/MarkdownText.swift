/// Turns Markdown lines into text that reads naturally aloud.
///
/// Markup is dropped (emphasis, code spans, links keep their text, images their alt text,
/// HTML tags vanish); headings and list items become sentences of their own with a final
/// period, so the voice pauses after them; code blocks and rules are skipped.
public struct MarkdownText: Sendable {
    public init() {}

    /// What a line is, for grouping lines into blocks.
    public enum Line: Equatable, Sendable {
        case blank
        case heading(String)
        case item(String)
        case text(String)
        case skip
    }

    /// Classifies and cleans one line; `inCode` tracks fenced code blocks across lines.
    public func line(_ raw: Substring, inCode: inout Bool) -> Line {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inCode.toggle(); return .skip }
        if inCode { return .skip }
        if trimmed.isEmpty { return .blank }
        if trimmed.allSatisfy({ "-*_= ".contains($0) }), trimmed.count >= 3 { return .skip }
        if trimmed.hasPrefix("|"), trimmed.allSatisfy({ "|-: ".contains($0) }) { return .skip }
        var s = Substring(trimmed)
        while s.hasPrefix(">") { s = s.dropFirst().drop { $0 == " " } }
        if s.hasPrefix("#") {
            let title = s.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            return .heading(Self.sentence(inline(title[...])))
        }
        if let bullet = s.first, "-*+".contains(bullet), s.dropFirst().first == " " {
            var rest = s.dropFirst(2)
            if rest.hasPrefix("[ ] ") || rest.hasPrefix("[x] ") { rest = rest.dropFirst(4) }
            return .item(Self.sentence(inline(rest)))
        }
        let digits = s.prefix { $0.isNumber }
        if !digits.isEmpty, digits.count <= 3 {
            let after = s.dropFirst(digits.count)
            if (after.hasPrefix(". ") || after.hasPrefix(") ")) {
                return .item(digits + ". " + Self.sentence(inline(after.dropFirst(2))))
            }
        }
        if s.hasPrefix("|") {
            let cells = s.split(separator: "|").map { inline($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return .item(Self.sentence(cells.joined(separator: ", ")))
        }
        return .text(inline(s))
    }

    /// Adds a period when a heading or item has no final punctuation.
    static func sentence(_ s: String) -> String {
        let t = s.trimmingCharacters(in: .whitespaces)
        guard let last = t.last else { return t }
        return ".!?:;…".contains(last) ? t : t + "."
    }

    /// Strips inline markup from `s`.
    public func inline(_ s: Substring) -> String {
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if c == "!" || c == "[", let (text, end) = link(s, at: c == "!" ? s.index(after: i) : i) {
                out += inline(text)
                i = end
                continue
            }
            if c == "<", let close = s[i...].firstIndex(of: ">"), s[s.index(after: i)..<close].first.map({ $0.isLetter || $0 == "/" }) == true {
                i = s.index(after: close)
                continue
            }
            if "*_`~".contains(c) {
                // Markup around words, not inside them ("snake_case" keeps its underscore).
                let prev = i > s.startIndex ? s[s.index(before: i)] : " "
                let next = s.index(after: i) < s.endIndex ? s[s.index(after: i)] : " "
                if c == "*" || c == "`" || c == "~" || !prev.isLetter || !next.isLetter {
                    i = s.index(after: i)
                    continue
                }
            }
            if c == "\\", s.index(after: i) < s.endIndex {
                out.append(s[s.index(after: i)])
                i = s.index(i, offsetBy: 2)
                continue
            }
            out.append(c)
            i = s.index(after: i)
        }
        return out
    }

    /// `[text](url)` at `i`: the text and the index after the link.
    private func link(_ s: Substring, at i: String.Index) -> (Substring, String.Index)? {
        guard i < s.endIndex, s[i] == "[", let close = s[i...].firstIndex(of: "]") else { return nil }
        let afterClose = s.index(after: close)
        guard afterClose < s.endIndex, s[afterClose] == "(", let paren = s[afterClose...].firstIndex(of: ")") else { return nil }
        return (s[s.index(after: i)..<close], s.index(after: paren))
    }
}

import Foundation
