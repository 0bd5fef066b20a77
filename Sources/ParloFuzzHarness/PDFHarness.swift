import Foundation
import ParloDocuments

/// A PDF handed to `parlo read` or found in a study folder, twice over:
/// - the bytes as a file, through poppler and the page rules, every page's blocks, as
///   `PDFReader` serves `read` and `study` (poppler takes a path: a scratch file);
/// - the bytes as pages of positioned lines (form feed between pages, a line per line break),
///   straight into `PDFLayout`. poppler is not instrumented, so libFuzzer's coverage cannot
///   steer PDFs into odd layouts; this second path lets it reach the furniture, column,
///   paragraph and hyphen rules with any text and geometry.
enum PDFHarness {
    static let target = FuzzTarget(name: "pdf", maxLength: 8192) { data in
        let path = scratchFile("pdf")
        guard FileManager.default.createFile(atPath: path, contents: data) else { fatalError("pdf: cannot write \(path)") }
        defer { unlink(path) }
        do {
            _ = try PDFReader(path: path).blocks()
        } catch {
            requireOneLine(error, "pdf")
        }
        let pages = layoutPages(data)
        for page in pages {
            _ = PDFLayout().blocks(of: page, neighbours: pages)
        }
    }

    /// Pages of lines whose geometry comes from the text: a line's first character picks its
    /// column and indent, its length its width, so the same bytes always lay out the same way.
    static func layoutPages(_ data: Data) -> [PDFPageText] {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        return text.split(separator: "\u{0C}", omittingEmptySubsequences: false).prefix(8).enumerated().map { n, page in
            var lines: [PDFLine] = []
            var top = 30.0
            for raw in page.split(separator: "\n", omittingEmptySubsequences: false).prefix(200) {
                let code = Double(raw.unicodeScalars.first?.value ?? 0)
                let left = code.truncatingRemainder(dividingBy: 2) == 0 ? 72 : 320 + code.truncatingRemainder(dividingBy: 7)
                top += raw.isEmpty ? 28 : (code.truncatingRemainder(dividingBy: 5) == 0 ? -300 : 14)
                lines.append(PDFLine(String(raw), top: top, bottom: top + 10, left: left, right: left + 5 * Double(raw.count)))
            }
            return PDFPageText(number: n + 1, lines: lines)
        }
    }
}
