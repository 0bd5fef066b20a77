import Foundation

/// Reads a text or Markdown file as a sequence of blocks (paragraphs, headings, list items)
/// without loading it whole: memory stays bounded by the longest paragraph.
public struct TextBlockReader: IteratorProtocol, Sequence {
    private let handle: FileHandle?
    private var lines: [Substring] = []
    private var carry = Data()
    private var eof = false
    private let markdown: Bool
    private let md = MarkdownText()
    private var inCode = false
    private var paragraph: [String] = []
    private var ready: [String] = []
    /// Blocks longer than this many characters are cut at a line end (bounded memory).
    public var maxBlock = 8_000

    /// Opens `path`; Markdown when `markdown` is nil and the name ends in .md/.markdown.
    public init(path: String, markdown: Bool? = nil) throws {
        // A folder opens fine but fails on the first read, where Foundation's non-throwing
        // `readData` traps: refuse it here, with the fix.
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw SpeechError(.cannotReadText, "\(path) is a folder, not a text file: give a .txt or .md file inside it")
        }
        guard let h = FileHandle(forReadingAtPath: path) else {
            throw SpeechError(.cannotReadText, "cannot open \(path)")
        }
        handle = h
        let ext = (path as NSString).pathExtension.lowercased()
        self.markdown = markdown ?? ["md", "markdown", "mdown"].contains(ext)
    }

    /// Blocks of an in-memory text (for tests and `say`).
    public init(text: String, markdown: Bool) {
        handle = nil
        carry = Data(text.utf8)
        eof = true
        self.markdown = markdown
        splitCarry(final: true)
    }

    public mutating func next() -> String? {
        while ready.isEmpty {
            if let line = nextLine() {
                consume(line)
            } else {
                flushParagraph()
                return ready.isEmpty ? nil : ready.removeFirst()
            }
        }
        return ready.removeFirst()
    }

    private mutating func consume(_ raw: Substring) {
        guard markdown else {
            let t = raw.trimmingCharacters(in: .whitespaces)
            if t.isEmpty { flushParagraph() } else { append(t) }
            return
        }
        switch md.line(raw, inCode: &inCode) {
        case .blank: flushParagraph()
        case .skip: break
        case .heading(let s), .item(let s):
            flushParagraph()
            if !s.isEmpty { ready.append(s) }
        case .text(let s): append(s)
        }
    }

    private mutating func append(_ line: String) {
        var s = Substring(line)
        // A single very long line (no line breaks in the file) is cut after a sentence or word.
        while s.count > maxBlock {
            let head = s.prefix(maxBlock)
            let cut = head.range(of: ". ", options: .backwards)?.upperBound
                ?? head.lastIndex(of: " ").map { s.index(after: $0) } ?? head.endIndex
            flushParagraph()
            paragraph.append(String(s[..<cut]))
            flushParagraph()
            s = s[cut...]
        }
        paragraph.append(String(s))
        if paragraph.reduce(0, { $0 + $1.count }) > maxBlock { flushParagraph() }
    }

    private mutating func flushParagraph() {
        let text = paragraph.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        paragraph.removeAll()
        if !text.isEmpty { ready.append(text) }
    }

    private mutating func nextLine() -> Substring? {
        while lines.isEmpty {
            if eof { return nil }
            // `read(upToCount:)` throws where `readData(ofLength:)` would trap; a read error ends
            // the text (what was read is still spoken).
            let data = (try? handle?.read(upToCount: 64 * 1024)) ?? nil ?? Data()
            if data.isEmpty { eof = true; splitCarry(final: true) } else { carry += data; splitCarry(final: false) }
        }
        return lines.removeFirst()
    }

    /// Moves complete lines out of `carry`, keeping a partial last line (and partial UTF-8).
    private mutating func splitCarry(final: Bool) {
        var cut = final ? carry.endIndex : carry.lastIndex(of: UInt8(ascii: "\n")).map({ $0 + 1 })
        // No line break in 1 MB: cut at a space so memory stays bounded.
        if cut == nil, carry.count > 1 << 20 { cut = carry.lastIndex(of: UInt8(ascii: " ")).map { $0 + 1 } }
        guard let cut else { return }
        let text = String(decoding: carry[carry.startIndex..<cut], as: UTF8.self)
        carry = Data(carry[cut...])
        lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }
}
