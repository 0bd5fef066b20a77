import CLibXML2
import Foundation

/// SSML as Parlo lets eSpeak NG see it: parsed, and rebuilt from the markup Parlo supports.
///
/// eSpeak NG's SSML reaches outside the text: `<audio src>` reads a local file and runs
/// `sh -c 'sox …'` on its name (a shell injection, and a crash), and voice names are file paths
/// under espeak-ng-data. So the caller's markup is never passed on: it is parsed (libxml2's SAX
/// parser through `CLibXML2`: no DTD, no entity but XML's own, nothing loaded) and a clean
/// document is written from the elements in `allowed` with their listed attributes only. Other elements are dropped and their text kept
/// (the fallback SSML asks for); text is escaped and its control characters made inert. The
/// rebuilt document parses back to itself, so sanitising twice changes nothing.
public struct SSMLDocument: Sendable {
    /// Supported elements and the attributes each keeps.
    public static let allowed: [String: Set<String>] = [
        "speak": ["xml:lang", "version"],
        "voice": ["name", "gender", "age", "variant", "xml:lang", "languages"],
        "prosody": ["rate", "pitch", "volume", "range"],
        "say-as": ["interpret-as", "format", "detail"],
        "mark": ["name"], "s": ["xml:lang"], "p": ["xml:lang"], "sub": ["alias"],
        "emphasis": ["level"], "break": ["time", "strength"],
    ]
    /// Attributes that are free text (spoken or echoed back), not names eSpeak may look up.
    static let freeText: Set<String> = ["alias", "name@mark"]

    /// The clean document, always one `<speak>` element.
    public let text: String
    /// Elements found and left out (e.g. "audio"), once each, in order of appearance.
    public let removed: [String]

    /// Parses `markup` (a whole `<speak>` document or a fragment of SSML).
    /// - Throws: `ESpeakError(.badSSML)` naming the line and column when it is not well-formed.
    public init(_ markup: String) throws {
        var body = markup.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.hasPrefix("<?xml"), let end = body.range(of: "?>") { body = String(body[end.upperBound...]) }
        let builder = Builder()
        var bytes = Array("<parlo-root>\(body)</parlo-root>".utf8)
        guard bytes.count < Int(Int32.max) else {
            throw ESpeakError(.badSSML, "the SSML is \(bytes.count) bytes, more than the 2 GB the parser takes")
        }
        var events = parlo_xml_events(
            context: Unmanaged.passUnretained(builder).toOpaque(),
            start: { context, prefix, name, count, attributes in
                var pairs: [String: String] = [:]
                for i in 0..<Int(count) {
                    guard let a = attributes?.advanced(by: 5 * i), let local = a[0], let start = a[3], let end = a[4] else { continue }
                    let value = String(decoding: UnsafeRawBufferPointer(start: start, count: end - start), as: UTF8.self)
                    pairs[SSMLDocument.qualified(a[1], local)] = value
                }
                Builder.from(context).start(SSMLDocument.qualified(prefix, name!), attributes: pairs)
            },
            end: { context, prefix, name in Builder.from(context).end(SSMLDocument.qualified(prefix, name!)) },
            text: { context, characters, length in
                let text = String(decoding: UnsafeRawBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
                Builder.from(context).text(text)
            },
            instruction: { context in Builder.from(context).remove("?…?") },
            error_code: 0, error_line: 0, error_column: 0)
        let wellFormed = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { parlo_xml_parse($0.baseAddress, Int32($0.count), &events) }
        }
        guard wellFormed == 1 else {
            let line = Int(events.error_line)
            // Columns on line 1 count the wrapper added above.
            let column = line == 1 ? max(1, Int(events.error_column) - 12) : Int(events.error_column)
            throw ESpeakError(.badSSML, "SSML is malformed at line \(line), column \(column): \(Self.explain(Int(events.error_code)))")
        }
        // An empty wrapper is written as the builder writes any empty element, so that the clean
        // document rebuilds to itself ("" once became "<speak></speak>", then "<speak/>").
        // Trimmed as the input is: a control character before `<speak>` is written as a space,
        // which the next parse would trim ("\u{7F}<speak>…" once rebuilt to " <speak>…").
        let out = builder.out.trimmingCharacters(in: .whitespacesAndNewlines)
        text = builder.hasSpeak ? out : out.isEmpty ? "<speak/>" : "<speak>\(out)</speak>"
        removed = builder.removed
    }

    /// A name as written: `xml:lang`, `speak`.
    static func qualified(_ prefix: UnsafePointer<CChar>?, _ local: UnsafePointer<CChar>) -> String {
        prefix.map { String(cString: $0) + ":" + String(cString: local) } ?? String(cString: local)
    }

    /// libxml2's error numbers (`xmlParserErrors`) for mistakes people make, in words.
    static func explain(_ code: Int) -> String {
        switch code {
        case 76, 77: return "a tag is not closed, or closed out of order"
        case 26, 27: return "unknown entity (write &amp; for a literal &)"
        case 68, 38, 39: return "a '<' that starts no tag (write &lt; for a literal <)"
        case 5: return "the text ends inside a tag"
        default: return "not well-formed XML (libxml2 error \(code))"
        }
    }

    static func escape(_ s: String, quotes: Bool) -> String {
        // By scalar, not by Character: "<" followed by a combining mark is one Character that
        // is not "<", and went out unescaped (found by the ssml fuzz target).
        var r = String.UnicodeScalarView()
        for c in ESpeakText.inert(s).unicodeScalars {
            switch c {
            case "&": r.append(contentsOf: "&amp;".unicodeScalars)
            case "<": r.append(contentsOf: "&lt;".unicodeScalars)
            case ">": r.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where quotes: r.append(contentsOf: "&quot;".unicodeScalars)
            default: r.append(c)
            }
        }
        return String(r)
    }

    /// A value eSpeak may use as a name or setting: letters, digits and `.%+-_:#` and spaces,
    /// never a path.
    static func isPlain(_ value: String) -> Bool {
        value.count <= 64 && value.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || " .%+-_:#".unicodeScalars.contains($0)
        }
    }

    /// Writes the clean document from the parser's events.
    private final class Builder {
        var out = "", removed: [String] = [], hasSpeak = false
        private var depth = 0
        /// Length of `out` right after the last start tag: unchanged at its end means empty.
        private var afterStart = -1

        static func from(_ context: UnsafeMutableRawPointer?) -> Builder {
            Unmanaged<Builder>.fromOpaque(context!).takeUnretainedValue()
        }

        func remove(_ name: String) { if !removed.contains(name) { removed.append(name) } }

        func start(_ name: String, attributes: [String: String]) {
            depth += 1
            guard depth > 1 else { return }                       // the wrapper
            guard let keep = SSMLDocument.allowed[name] else { return remove(name) }
            if name == "speak" && depth == 2 { hasSpeak = true }
            out += "<\(name)"
            for key in attributes.keys.sorted() where keep.contains(key) {
                let value = attributes[key]!
                let free = SSMLDocument.freeText.contains(key) || SSMLDocument.freeText.contains("\(key)@\(name)")
                guard free || SSMLDocument.isPlain(value) else { continue }
                out += " \(key)=\"\(SSMLDocument.escape(value, quotes: true))\""
            }
            out += ">"
            afterStart = out.utf8.count
        }

        func end(_ name: String) {
            defer { depth -= 1 }
            guard depth > 1, SSMLDocument.allowed[name] != nil else { return }
            // `<break/>` stays `<break/>`: a clean document keeps its length and positions.
            if out.utf8.count == afterStart { out.removeLast(); out += "/>" } else { out += "</\(name)>" }
            afterStart = -1
        }

        func text(_ string: String) { out += SSMLDocument.escape(string, quotes: false) }
    }
}
