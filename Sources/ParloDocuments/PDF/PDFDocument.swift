import CPoppler
import Foundation

/// The one owner of poppler's global state.
///
/// poppler keeps process-wide state (its GlobalParams, font and Unicode tables) that the GLib
/// binding creates on first use without a lock, and a document must not be used from two
/// threads at once: every call into poppler goes through `call`, one at a time.
enum Poppler {
    private static let lock = NSLock()
    static func call<T>(_ body: () throws -> T) rethrows -> T { try lock.withLock(body) }

    /// Loads poppler-glib on first use (it is not linked: docs/reading.md); a one-line error
    /// when it is not installed.
    static func load(for path: String) throws {
        if let why = parlo_poppler_load() {
            throw DocumentError(.missingLibrary, "\(path) cannot be read: poppler is not installed (\(String(cString: why)))")
        }
    }
}

/// A PDF opened with poppler (poppler-glib): its pages' text, line by line, in reading order.
///
/// Owns poppler's document and releases it when dropped. Pages are read when first asked for
/// and kept (their text only), so a reader can start speaking page 1 of a long book at once.
// @unchecked Sendable: the handle and `cache` are only touched inside `Poppler.call`.
public final class PDFDocument: @unchecked Sendable {
    public let path: String
    public let pageCount: Int
    private let handle: OpaquePointer
    private var cache: [Int: PDFPageText] = [:]

    /// Opens `path`; a `DocumentError` says, in one line, why a file is no readable PDF
    /// (missing, password-protected, damaged).
    public init(path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw DocumentError(.cannotOpen, "\(path) does not exist")
        }
        if isFolder.boolValue { throw DocumentError(.cannotOpen, "\(path) is a folder, not a PDF") }
        if let bytes = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) {
            let largest = PDFObjectCount.largest(in: bytes)
            if largest > PDFObjectCount.limit(forBytes: bytes.count) {
                throw DocumentError(.damaged, "\(path) is damaged: it names object \(largest) in \(bytes.count) bytes")
            }
        }
        try Poppler.load(for: path)
        var status: Int32 = 0
        var message: UnsafeMutablePointer<CChar>?
        // poppler opens URIs, which name absolute paths only.
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let opened = Poppler.call { parlo_poppler_open(absolute, &status, &message) }
        // poppler's own words, on one line (the CLI prints one line per error).
        let why = message.map { String(cString: $0).split(whereSeparator: \.isNewline).joined(separator: " ") } ?? "unknown error"
        if let message { parlo_poppler_free(message) }
        guard let opened else {
            switch status {
            case 1: throw DocumentError(.cannotOpen, "\(path) cannot be opened (\(why))")
            case 2: throw DocumentError(.encrypted, "\(path) is password-protected")
            default: throw DocumentError(.damaged, "\(path) is damaged or no PDF (\(why))")
            }
        }
        self.path = path
        handle = opened
        pageCount = Int(Poppler.call { parlo_poppler_page_count(opened) })
    }

    deinit {
        let h = handle
        Poppler.call { parlo_poppler_unref(UnsafeMutableRawPointer(h)) }
    }

    /// Page `number` (from 1): its lines in poppler's reading order, each with its box.
    public func page(_ number: Int) -> PDFPageText {
        Poppler.call {
            if let cached = cache[number] { return cached }
            let text = read(number)
            cache[number] = text
            return text
        }
    }

    /// Reads a page (inside `Poppler.call`).
    private func read(_ number: Int) -> PDFPageText {
        guard number >= 1, number <= pageCount, let page = parlo_poppler_page_at(handle, Int32(number - 1)) else {
            return PDFPageText(number: number, lines: [])
        }
        defer { parlo_poppler_unref(UnsafeMutableRawPointer(page)) }
        var width = 0.0, height = 0.0
        parlo_poppler_page_size(page, &width, &height)
        let raw = parlo_poppler_page_text(page)
        let text = raw.map { String(cString: $0) } ?? ""
        if let raw { parlo_poppler_free(raw) }
        var count: UInt32 = 0
        let boxes = parlo_poppler_text_boxes(page, &count)
        defer { if let boxes { parlo_poppler_free(boxes) } }
        let scalars = Array(text.unicodeScalars)
        // One box per character of the text: anything else and the boxes are not trusted.
        let box: ((Int) -> (Double, Double, Double, Double)?) = { i in
            guard let boxes, Int(count) == scalars.count, i < scalars.count else { return nil }
            return (boxes[4 * i], boxes[4 * i + 1], boxes[4 * i + 2], boxes[4 * i + 3])
        }
        var lines: [PDFLine] = []
        var current = String.UnicodeScalarView()
        var top = Double.infinity, bottom = 0.0, left = Double.infinity, right = 0.0
        func endLine() {
            let s = String(current).trimmingCharacters(in: .whitespaces)
            if !s.isEmpty {
                lines.append(top.isFinite ? PDFLine(s, top: top, bottom: bottom, left: left, right: right) : PDFLine(s))
            }
            current = String.UnicodeScalarView()
            top = .infinity; bottom = 0; left = .infinity; right = 0
        }
        for (i, scalar) in scalars.enumerated() {
            if scalar == "\n" { endLine(); continue }
            current.append(scalar)
            if scalar.properties.isWhitespace { continue }
            if let (x1, y1, x2, y2) = box(i) {
                top = min(top, y1); bottom = max(bottom, y2); left = min(left, x1); right = max(right, x2)
            }
        }
        endLine()
        return PDFPageText(number: number, width: width, height: height, lines: lines,
                           images: Int(parlo_poppler_image_count(page)))
    }
}
