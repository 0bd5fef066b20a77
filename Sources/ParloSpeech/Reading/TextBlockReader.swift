import Foundation
import ParloDocuments

/// Reads a text, Markdown or PDF file as a sequence of blocks (paragraphs, headings, list
/// items, table rows), the units `ReadAloud` enqueues.
///
/// Plain text is streamed without loading it whole: memory stays bounded by the longest
/// paragraph. Markdown is parsed whole by cmark-gfm (`MarkdownReader`); a PDF is read a page at
/// a time (`PDFReader`), and `page` says which page the last block came from.
public struct TextBlockReader: IteratorProtocol, Sequence {
    private let handle: FileHandle?
    private var lines: [Substring] = []
    private var carry = Data()
    private var eof = false
    private let format: DocumentFormat
    private var paragraph: [String] = []
    private var ready: [DocumentBlock] = []
    private var pdf: PDFReader?
    private var nextPage = 1
    /// Blocks longer than this many characters are cut at a sentence or word end (bounded memory).
    public var maxBlock = 8_000
    /// The PDF page (from 1) of the block last returned; nil for text and Markdown.
    public private(set) var page: Int?

    /// Opens `path`: Markdown when `markdown` is true, or nil and the name ends in
    /// .md/.markdown; a PDF when it ends in .pdf; plain text otherwise.
    public init(path: String, markdown: Bool? = nil) throws {
        // A folder opens fine but fails on the first read, where Foundation's non-throwing
        // `readData` traps: refuse it here, with the fix.
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw SpeechError(.cannotReadText, "\(path) is a folder, not a text file: give a .txt, .md or .pdf file inside it")
        }
        let byName = DocumentFormat(path: path)
        format = markdown == true ? .markdown : markdown == false && byName == .markdown ? .text : byName
        if format == .pdf {
            handle = nil
            eof = true
            pdf = try PDFReader(path: path)
            return
        }
        guard let h = FileHandle(forReadingAtPath: path) else {
            throw SpeechError(.cannotReadText, "cannot open \(path)")
        }
        handle = h
        if format == .markdown {
            // cmark parses a whole document: read it, then hand the blocks out.
            let data = (try? h.readToEnd()) ?? Data()
            eof = true
            ready = MarkdownReader().blocks(String(decoding: data, as: UTF8.self))
        }
    }

    /// Blocks of an in-memory text (for tests and `say`).
    public init(text: String, markdown: Bool) {
        handle = nil
        eof = true
        format = markdown ? .markdown : .text
        if markdown {
            ready = MarkdownReader().blocks(text)
        } else {
            carry = Data(text.utf8)
            splitCarry(final: true)
        }
    }

    /// The next block's text.
    public mutating func next() -> String? { nextBlock()?.text }

    /// The next block, with its kind and page.
    public mutating func nextBlock() -> DocumentBlock? {
        while ready.isEmpty {
            if let pdf {
                guard nextPage <= pdf.pageCount else { return nil }
                ready = pdf.blocks(ofPage: nextPage)
                nextPage += 1
            } else if format == .text, let line = nextLine() {
                consume(line)
            } else {
                flushParagraph()
                if ready.isEmpty { return nil }
            }
        }
        var block = ready.removeFirst()
        if block.text.count > maxBlock {
            // A very long block (a book with no paragraph breaks) is cut after a sentence or word.
            let head = block.text.prefix(maxBlock)
            let cut = head.range(of: ". ", options: .backwards)?.upperBound
                ?? head.lastIndex(of: " ").map { block.text.index(after: $0) } ?? head.endIndex
            var rest = block
            rest.text = String(block.text[cut...]).trimmingCharacters(in: .whitespaces)
            block.text = String(block.text[..<cut]).trimmingCharacters(in: .whitespaces)
            if !rest.text.isEmpty { ready.insert(rest, at: 0) }
        }
        page = block.page
        return block
    }

    private mutating func consume(_ raw: Substring) {
        let t = raw.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { flushParagraph() } else { append(t) }
    }

    private mutating func append(_ line: String) {
        paragraph.append(line)
        if paragraph.reduce(0, { $0 + $1.count }) > maxBlock { flushParagraph() }
    }

    private mutating func flushParagraph() {
        let text = paragraph.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        paragraph.removeAll()
        if !text.isEmpty { ready.append(DocumentBlock(text)) }
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
