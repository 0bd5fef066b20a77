/// A PDF as reading material, page by page: poppler's text (`PDFDocument`) through the page
/// furniture and paragraph rules (`PDFLayout`).
public struct PDFReader: Sendable {
    public let document: PDFDocument
    public var layout = PDFLayout()

    /// Opens `path` and makes sure it has text to read: a scan (pages of pictures, no text
    /// layer) is refused here, in one line, rather than read as silence.
    public init(path: String) throws {
        document = try PDFDocument(path: path)
        var images = 0
        for n in 1...max(1, document.pageCount) {
            let page = document.page(n)
            if !page.lines.isEmpty { return }
            images += page.images
        }
        let pages = document.pageCount == 1 ? "its page is" : "its \(document.pageCount) pages are"
        throw DocumentError(.noTextLayer, images > 0 ? "\(path) has no text layer: \(pages) pictures (a scan?)"
                                                    : "\(path) has no text to read")
    }

    public var pageCount: Int { document.pageCount }

    /// The blocks of page `number` (from 1). A paragraph that runs on to the next page (no
    /// final punctuation, the next page going on in lower case) is one block, on the page where
    /// it starts: a sentence is never cut by a page break.
    public func blocks(ofPage number: Int) -> [DocumentBlock] {
        var blocks = laidOut(number)
        if number > 1, let before = laidOut(number - 1).last, let first = blocks.first, Self.continues(before, first) {
            blocks.removeFirst()
        }
        if number < pageCount, let last = blocks.last, let after = laidOut(number + 1).first, Self.continues(last, after) {
            blocks[blocks.count - 1].text = PDFLayout.join(last.text, after.text)
        }
        return blocks
    }

    /// Page `number`'s own blocks, compared with two pages either side for running headers
    /// and footers.
    private func laidOut(_ number: Int) -> [DocumentBlock] {
        let near = max(1, number - 2)...max(1, min(document.pageCount, number + 2))
        return layout.blocks(of: document.page(number), neighbours: near.map { document.page($0) })
    }

    /// Whether `next` (first on a page) carries on `block` (last on the page before).
    static func continues(_ block: DocumentBlock, _ next: DocumentBlock) -> Bool {
        guard block.kind == .paragraph, next.kind == .paragraph, let last = block.text.last else { return false }
        return !".!?:;…".contains(last) && next.text.first?.isLowercase == true
    }

    /// Every page's blocks, in order.
    public func blocks() -> [DocumentBlock] {
        pageCount == 0 ? [] : (1...pageCount).flatMap { blocks(ofPage: $0) }
    }
}
