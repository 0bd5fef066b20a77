import ParloCore

/// Why reading material could not be read, with what the student can do about it.
public struct DocumentError: HintedError, Equatable {
    public enum Code: String, Sendable, Equatable {
        /// Missing, unreadable, a folder.
        case cannotOpen
        /// Needs a password.
        case encrypted
        /// Not a PDF, or broken past what poppler repairs.
        case damaged
        /// Pages with no text, only pictures: a scan.
        case noTextLayer
        /// poppler's library, which reads PDFs, is not installed.
        case missingLibrary
    }
    public var code: Code
    public var detail: String
    public init(_ code: Code, _ detail: String) { self.code = code; self.detail = detail }

    public var hint: String {
        switch code {
        case .cannotOpen: "check the path and its permissions"
        case .encrypted: "open it in a PDF viewer with its password and save or print an unprotected copy"
        case .damaged: "open it in a PDF viewer and save a new copy, or export the text"
        case .noTextLayer: "run OCR on it first (e.g. ocrmypdf), or give a text version"
        case .missingLibrary: "install it with scripts/setup (Debian's libpoppler-glib8), or give a text version"
        }
    }
}
