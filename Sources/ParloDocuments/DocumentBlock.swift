import Foundation

/// One unit of reading material as it is read aloud: a paragraph, a heading, a list item or a
/// table row, with its markup gone.
///
/// Readers of every format (plain text, Markdown, PDF) produce these, so the reader, the
/// sentence splitter and the study session see one shape whatever the file was. The text is
/// what is spoken, not a slice of the file: character positions in speech events index it.
public struct DocumentBlock: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case paragraph
        /// A heading, `level` 1 for the title.
        case heading(level: Int)
        case item
        case tableRow
    }

    /// The text to speak. Headings, items and table rows end with punctuation, so the voice
    /// pauses after them and the sentence splitter keeps them apart from what follows.
    public var text: String
    public var kind: Kind
    /// The PDF page the block is on, numbered from 1 as a viewer shows it; nil for text and Markdown.
    public var page: Int?

    public init(_ text: String, kind: Kind = .paragraph, page: Int? = nil) {
        self.text = text
        self.kind = kind
        self.page = page
    }

    /// A heading's words without the period added for reading (for outlines and titles).
    public var title: String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// `s` with a final period when it has no final punctuation: a heading or list item read as
    /// a sentence of its own.
    public static func sentence(_ s: String) -> String {
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = t.last else { return t }
        return ".!?:;…".contains(last) ? t : t + "."
    }
}

/// The formats Parlo reads, chosen by file extension.
public enum DocumentFormat: String, Sendable, CaseIterable {
    case text, markdown, pdf

    /// The format of `path` by its extension; plain text when it is no known one.
    public init(path: String) {
        let ext = path.split(separator: "/").last.flatMap { name in
            name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() }
        } ?? ""
        switch ext {
        case "md", "markdown", "mdown": self = .markdown
        case "pdf": self = .pdf
        default: self = .text
        }
    }

    /// Extensions of the study folder's materials.
    public static let materialExtensions: Set<String> = ["md", "markdown", "mdown", "txt", "pdf"]
}
