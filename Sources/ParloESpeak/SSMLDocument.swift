import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// SSML as Parlo lets eSpeak NG see it: parsed, and rebuilt from the markup Parlo supports.
///
/// eSpeak NG's SSML reaches outside the text: `<audio src>` reads a local file and runs
/// `sh -c 'sox …'` on its name (a shell injection, and a crash), and voice names are file paths
/// under espeak-ng-data. So the caller's markup is never passed on: it is parsed (Foundation's
/// XMLParser, external entities off) and a clean document is written from the elements in
/// `allowed` with their listed attributes only. Other elements are dropped and their text kept
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
        // FoundationXML on Linux reads a processing instruction without data (`<?x?>`) through a
        // null pointer and the process dies (found by the ssml fuzz target): none reaches the
        // parser. SSML gives them no meaning; they are reported as left out.
        // Found in bytes, as libxml2 reads them: a String search goes by characters, and "?>"
        // followed by a combining mark is no "?>" to it.
        let (withoutInstructions, instructions) = Self.removingProcessingInstructions(body)
        body = withoutInstructions
        let builder = Builder()
        let parser = XMLParser(data: Data("<parlo-root>\(body)</parlo-root>".utf8))
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        // libxml2 recovers from some errors (an unclosed tag) and still reports success: any
        // error the delegate saw counts too.
        guard parser.parse(), builder.error == nil else {
            let code = ((builder.error ?? parser.parserError) as NSError?)?.code ?? 0
            // Columns on line 1 count the wrapper added above.
            let column = parser.lineNumber == 1 ? max(1, parser.columnNumber - 12) : parser.columnNumber
            throw ESpeakError(.badSSML, "SSML is malformed at line \(parser.lineNumber), column \(column): \(Self.explain(code))")
        }
        // An empty wrapper is written as the builder writes any empty element, so that the clean
        // document rebuilds to itself ("" once became "<speak></speak>", then "<speak/>").
        // Trimmed as the input is: a control character before `<speak>` is written as a space,
        // which the next parse would trim ("\u{7F}<speak>…" once rebuilt to " <speak>…").
        let out = builder.out.trimmingCharacters(in: .whitespacesAndNewlines)
        text = builder.hasSpeak ? out : out.isEmpty ? "<speak/>" : "<speak>\(out)</speak>"
        removed = (instructions ? ["?…?"] : []) + builder.removed
    }

    /// `text` without its `<?…?>` spans (bytes from "<?" to the next "?>"), and whether it had any.
    /// One pass that also takes out the spans a removal joins ("<<?a?>?b?>": the first "<" and
    /// the second "?b?>" meet), so nothing that reads as one is left.
    static func removingProcessingInstructions(_ text: String) -> (String, Bool) {
        let bytes = Array(text.utf8)
        let question = UInt8(ascii: "?"), open = UInt8(ascii: "<"), close = UInt8(ascii: ">")
        // closeAt[i]: the first j >= i where "?>" starts, or nil.
        var closeAt = [Int?](repeating: nil, count: bytes.count + 1)
        for j in stride(from: bytes.count - 2, through: 0, by: -1) {
            closeAt[j] = bytes[j] == question && bytes[j + 1] == close ? j : closeAt[j + 1]
        }
        var kept: [UInt8] = [], i = 0, found = false
        kept.reserveCapacity(bytes.count)
        while i < bytes.count {
            if bytes[i] == question, kept.last == open, let end = closeAt[i + 1] {
                kept.removeLast()
                found = true
                i = end + 2
                continue
            }
            kept.append(bytes[i])
            i += 1
        }
        return found ? (String(decoding: kept, as: UTF8.self), true) : (text, false)
    }

    /// libxml2's error numbers (the NSError code) for mistakes people make, in words.
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

    private final class Builder: NSObject, XMLParserDelegate {
        var out = "", removed: [String] = [], hasSpeak = false
        var error: (any Error)?
        private var depth = 0
        /// Length of `out` right after the last start tag: unchanged at its end means empty.
        private var afterStart = -1

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            depth += 1
            guard depth > 1 else { return }                       // the wrapper
            guard let keep = SSMLDocument.allowed[name] else {
                if !removed.contains(name) { removed.append(name) }
                return
            }
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

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            defer { depth -= 1 }
            guard depth > 1, SSMLDocument.allowed[name] != nil else { return }
            // `<break/>` stays `<break/>`: a clean document keeps its length and positions.
            if out.utf8.count == afterStart { out.removeLast(); out += "/>" } else { out += "</\(name)>" }
            afterStart = -1
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) { error = error ?? parseError }

        func parser(_ parser: XMLParser, foundCharacters string: String) { out += SSMLDocument.escape(string, quotes: false) }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            out += SSMLDocument.escape(String(decoding: block, as: UTF8.self), quotes: false)
        }
    }
}
