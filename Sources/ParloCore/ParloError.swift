/// The shape every Parlo error takes: one line saying what is wrong and what to do.
///
/// Each backend (audio files, recognizer, catalog …) has its own error type with a `Code`,
/// in the manner of swift-system's `Errno`; this protocol is what the CLI prints.
public protocol ParloError: Error, CustomStringConvertible {
    /// One line, no trailing period needed: what failed, why, and what the user can do.
    var message: String { get }
}

extension ParloError {
    public var description: String { message }
}

/// Renders any error as one line for a terminal or a JSON `error` field.
public func oneLine(_ error: any Error) -> String {
    let text = (error as? any ParloError)?.message ?? String(describing: error)
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
}
