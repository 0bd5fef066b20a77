import Foundation

/// Writes small PDFs, in pure Swift, for tests and the bundled sample: text in the standard
/// Helvetica font (nothing embedded, so a page of notes is about a kilobyte) and, for a
/// "scanned" page, a grey image with no text at all.
///
/// Written by hand rather than with a converter (texttopdf, ps2pdf, groff) so that tests say
/// exactly where a running header, a page number or a hyphenated line end is, and so that the
/// same bytes come out on every machine (no dates, no producer strings).
public struct PDFWriter: Sendable {
    /// One line of text, `y` points from the page's top edge to its baseline.
    public struct Line: Sendable {
        public var text: String
        public var x: Double
        public var y: Double
        public var size: Double
        public init(_ text: String, x: Double = 72, y: Double, size: Double = 11) {
            self.text = text; self.x = x; self.y = y; self.size = size
        }
    }

    /// A page: lines of text and, when `image`, a full-page picture (what a scanner makes).
    public struct Page: Sendable {
        public var lines: [Line]
        public var image: Bool
        public init(lines: [Line] = [], image: Bool = false) { self.lines = lines; self.image = image }
    }

    public var width = 595.0   // A4
    public var height = 842.0
    public var pages: [Page] = []
    /// A password-protected file: an /Encrypt dictionary no empty password opens.
    public var encrypted = false

    public init(pages: [Page] = []) { self.pages = pages }

    /// Pages laid out like printed notes: `header` at the top of every page, the page number at
    /// the bottom (`footer` with "#" standing for it), and each page's paragraphs as lines
    /// (already broken; a line ending in "-" is a hyphenated word), 14 pt apart, with an empty
    /// line between paragraphs.
    public static func notes(header: String?, footer: String? = "#", pages: [[[String]]]) -> PDFWriter {
        var writer = PDFWriter()
        for (i, paragraphs) in pages.enumerated() {
            var page = Page()
            if let header { page.lines.append(Line(header, y: 40, size: 9)) }
            var y = 90.0
            for paragraph in paragraphs {
                for line in paragraph {
                    page.lines.append(Line(line, y: y))
                    y += 14
                }
                y += 14
            }
            if let footer { page.lines.append(Line(footer.replacingOccurrences(of: "#", with: String(i + 1)), x: 290, y: 810, size: 9)) }
            writer.pages.append(page)
        }
        return writer
    }

    /// The PDF file's bytes.
    public func data() -> Data {
        var objects: [String] = []           // object n is objects[n - 1]
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        objects.append("")                   // the page tree, once the kids are known
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        let side = 16
        let pixels = (0..<(side * side)).map { String(format: "%02x", 96 + ($0 * 7) % 128) }.joined()
        objects.append("<< /Type /XObject /Subtype /Image /Width \(side) /Height \(side) /ColorSpace /DeviceGray "
                       + "/BitsPerComponent 8 /Filter /ASCIIHexDecode /Length \(pixels.count + 1) >>\nstream\n\(pixels)>\nendstream")
        var kids: [String] = []
        for page in pages {
            var content = ""
            if page.image { content += "q \(width - 100) 0 0 \(height - 100) 50 50 cm /Im1 Do Q\n" }
            for line in page.lines {
                content += "BT /F1 \(line.size) Tf \(line.x) \(height - line.y) Td (\(Self.escaped(line.text))) Tj ET\n"
            }
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream")
            let contentRef = objects.count
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] "
                           + "/Resources << /Font << /F1 3 0 R >> /XObject << /Im1 4 0 R >> >> /Contents \(contentRef) 0 R >>")
            kids.append("\(objects.count) 0 R")
        }
        objects[1] = "<< /Type /Pages /Kids [\(kids.joined(separator: " "))] /Count \(pages.count) >>"
        var trailerExtra = ""
        if encrypted {
            let o = String(repeating: "5a", count: 32), u = String(repeating: "a5", count: 32)
            objects.append("<< /Filter /Standard /V 1 /R 2 /O <\(o)> /U <\(u)> /P -4 >>")
            trailerExtra = " /Encrypt \(objects.count) 0 R /ID [<\(String(repeating: "01", count: 16))> <\(String(repeating: "01", count: 16))>]"
        }

        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(i + 1) 0 obj\n\(body)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(format: "%010d 00000 n \n", offset) }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R\(trailerExtra) >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }

    /// Writes the file.
    public func write(to path: String) throws {
        try data().write(to: URL(fileURLWithPath: path))
    }

    /// `text` as a PDF string literal's content in WinAnsiEncoding: bytes above 127 and the
    /// delimiters escaped, so the file stays ASCII.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let byte: UInt32
            switch scalar.value {
            case 0x2019: byte = 0x92
            case 0x2018: byte = 0x91
            case 0x201C: byte = 0x93
            case 0x201D: byte = 0x94
            case 0x2013: byte = 0x96
            case 0x2014: byte = 0x97
            case 0x2026: byte = 0x85
            case 0x20AC: byte = 0x80
            case 0x20...0x7E, 0xA0...0xFF: byte = scalar.value
            default: byte = 0x3F   // "?": not in WinAnsi
            }
            switch byte {
            case 0x28, 0x29, 0x5C: out += "\\" + String(UnicodeScalar(UInt8(byte)))
            case 0x80...: out += "\\" + String(byte, radix: 8)
            default: out += String(UnicodeScalar(UInt8(byte)))
            }
        }
        return out
    }
}
