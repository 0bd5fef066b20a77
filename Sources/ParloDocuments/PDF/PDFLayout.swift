import Foundation

/// A PDF page's lines to the blocks a voice reads: what is printed on every page for the eye
/// (running headers and footers, page numbers) dropped, lines joined into paragraphs, words
/// hyphenated at a line end joined again.
///
/// Pure Swift over `PDFPageText`, so the rules test without poppler. A line is page furniture
/// when it sits in the top or bottom `margin` of the page and either is a page number ("7",
/// "- 7 -", "Page 7 of 9", "Pagina 7", "vii") or repeats, digits aside, in the same band of a
/// nearby page (`neighbours`: two pages either side catch headers that alternate between left
/// and right pages). A one-page document keeps its header, having nothing to compare it with.
public struct PDFLayout: Sendable {
    /// The share of the page's height, at the top and at the bottom, where furniture lives.
    public var margin = 0.12
    /// A gap between lines this many times the usual line spacing starts a paragraph.
    public var paragraphGap = 1.5

    public init() {}

    /// The blocks of `page`, each tagged with its page number.
    public func blocks(of page: PDFPageText, neighbours: [PDFPageText]) -> [DocumentBlock] {
        let dropped = furniture(of: page, neighbours: neighbours)
        let body = page.lines.indices.filter { !dropped.contains($0) }.map { page.lines[$0] }
        return paragraphs(body).map { DocumentBlock($0.text, kind: $0.heading ? .heading(level: 2) : .paragraph, page: page.number) }
    }

    /// Indices of the page's lines that are running headers, footers or page numbers.
    public func furniture(of page: PDFPageText, neighbours: [PDFPageText]) -> Set<Int> {
        var dropped: Set<Int> = []
        let others = neighbours.filter { $0.number != page.number }
        for (i, band) in bands(of: page) {
            let line = page.lines[i]
            if Self.isPageNumber(line.text) { dropped.insert(i); continue }
            let key = Self.key(line.text)
            let repeated = others.contains { other in
                bands(of: other).contains { $0.band == band && Self.key(other.lines[$0.index].text) == key }
            }
            if repeated { dropped.insert(i) }
        }
        return dropped
    }

    /// The lines in the top (-1) or bottom (+1) band: by position when known, else the first
    /// and the last line.
    func bands(of page: PDFPageText) -> [(index: Int, band: Int)] {
        guard !page.lines.isEmpty else { return [] }
        guard page.hasPositions, page.height > 0 else {
            return page.lines.count == 1 ? [(0, -1)] : [(0, -1), (page.lines.count - 1, 1)]
        }
        return page.lines.indices.compactMap { i in
            let l = page.lines[i]
            if l.bottom <= page.height * margin { return (i, -1) }
            if l.top >= page.height * (1 - margin) { return (i, 1) }
            return nil
        }
    }

    private static let pageNumber = try! NSRegularExpression(
        pattern: #"^[\s\-–—.·|]*(?:(?:page|pagina|pag\.|p\.)\s*)?(?:\d{1,4}|(?=[ivx])x{0,3}(?:ix|iv|v?i{0,3}))(?:\s*(?:/|of|di|de)\s*\d{1,4})?[\s\-–—.·|]*$"#,
        options: [.caseInsensitive])

    /// Whether `text` is nothing but a page number.
    public static func isPageNumber(_ text: String) -> Bool {
        pageNumber.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// A line's text with each number blurred to "#" (page 9 and page 10 alike), for matching
    /// a running header across pages.
    static func key(_ text: String) -> String {
        var out = ""
        for c in text.lowercased() {
            if c.isNumber {
                if out.last != "#" { out.append("#") }
            } else {
                out.append(c)
            }
        }
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Lines to paragraphs: a wide gap, or a short line that ends a sentence, closes one; a
    /// short line with no final punctuation followed by a capital is a heading of its own.
    func paragraphs(_ lines: [PDFLine]) -> [(text: String, heading: Bool)] {
        let spacings = zip(lines, lines.dropFirst()).map { $1.top - $0.top }.filter { $0 > 0 }.sorted()
        // The usual spacing: low in the distribution (gaps between paragraphs are among them),
        // and at most 1.5 line heights (a page of one-line paragraphs has no other spacing).
        let heights = lines.map { $0.bottom - $0.top }.filter { $0 > 0 }.sorted()
        let lineHeight = heights.isEmpty ? Double.infinity : heights[heights.count / 2] * 1.5
        let spacing = spacings.isEmpty ? 0 : min(spacings[(spacings.count - 1) / 4], lineHeight)
        let columnRight = Self.columnRights(lines)
        var out: [(text: String, heading: Bool)] = []
        var text = ""
        func close(heading: Bool = false) {
            let t = text.trimmingCharacters(in: .whitespaces)
            if !t.isEmpty { out.append((heading ? DocumentBlock.sentence(t) : t, heading)) }
            text = ""
        }
        for (i, line) in lines.enumerated() {
            let next = i + 1 < lines.count ? lines[i + 1] : nil
            let s = Self.cleaned(line.text)
            let alone = text.isEmpty
            text = Self.join(text, s)
            guard let next else { break }
            // A wide gap ends a paragraph; so does a jump back up the page (the next column)
            // after a sentence's end; a sentence cut by the column break goes on.
            let ended = s.last.map { ".!?:…".contains($0) } ?? false
            let gap = spacing > 0 && (next.top <= line.top ? ended : next.top - line.top > spacing * paragraphGap)
            let short = columnRight[i] > 0 && line.right > 0 && line.right < columnRight[i] * 0.75
            if alone, gap || short, Self.looksLikeHeading(s, before: next) {
                close(heading: true)
            } else if gap || (short && ended) {
                close()
            }
        }
        close()
        return out
    }

    /// Each line's column edge: the right edge of the lines it overlaps across, so two columns
    /// side by side each have their own. Lines that reach past the start of a line standing
    /// wholly to the right (the next column) are left out: a title over both columns must not
    /// make every line of one look short.
    static func columnRights(_ lines: [PDFLine]) -> [Double] {
        lines.map { line in
            let nextColumn = lines.filter { $0.left >= line.right }.map(\.left).min() ?? .infinity
            return lines.filter { $0.left < line.right && $0.right > line.left && $0.right <= nextColumn }
                .map(\.right).max() ?? 0
        }
    }

    /// A few words (not a lone bullet or number) with no final punctuation, before a capitalised line.
    static func looksLikeHeading(_ line: String, before next: PDFLine) -> Bool {
        guard let last = line.last, !".,;:!?…-".contains(last), line.contains(where: \.isLetter) else { return false }
        return line.split(separator: " ").count <= 8 && (next.text.first?.isUppercase ?? false)
    }

    /// `line` added to `text`. A hyphen at the line end is usually a word broken into syllables
    /// ("frac-" + "tions": joined without it), but a compound keeps it, with no space: the
    /// part before it already has a hyphen ("state-of-the-"), the next line starts with a capital
    /// or a digit ("Italian-American", "COVID-19"), or the part is a word English prefixes with a
    /// hyphen and the rest is a word of its own ("well-known", "self-portrait"; but "ill-ness").
    /// A soft hyphen is always a syllable break. Other lines are joined with a space.
    static func join(_ text: String, _ line: String) -> String {
        guard !text.isEmpty else { return line }
        guard let last = text.last, "-\u{00AD}\u{2010}".contains(last), let first = line.first,
              let before = text.dropLast().last, before.isLetter || before.isNumber else { return text + " " + line }
        let head = text.dropLast().split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
        let rest = line.prefix { $0.isLetter }
        let compound = head.contains { "-\u{2010}".contains($0) } || before.isNumber || first.isUppercase || first.isNumber
            || (compoundHeads.contains(head.lowercased()) && rest.count >= 5)
        if last == "\u{00AD}" || (before.isLetter && first.isLowercase && !compound) { return String(text.dropLast()) + line }
        return compound ? text + line : text + " " + line
    }

    /// Words that English joins to the next with a hyphen and that are rarely a syllable of one.
    static let compoundHeads: Set<String> = ["self", "well", "ill", "half", "high", "full"]

    /// Ligatures (ﬁ, ﬂ) spelled out, soft hyphens inside a line removed.
    static func cleaned(_ s: String) -> String {
        var out = ""
        for (i, c) in zip(s.indices, s) {
            switch c {
            case "\u{FB00}": out += "ff"
            case "\u{FB01}": out += "fi"
            case "\u{FB02}": out += "fl"
            case "\u{FB03}": out += "ffi"
            case "\u{FB04}": out += "ffl"
            case "\u{00AD}" where s.index(after: i) != s.endIndex: continue
            default: out.append(c)
            }
        }
        return out
    }
}
