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

/// A `ParloError` whose message is what failed (`detail`) and what to do about it (`hint`, per
/// code): the shape most backends' errors share, written once.
public protocol HintedError: ParloError {
    var detail: String { get }
    /// What the user can do, chosen by the error's code.
    var hint: String { get }
}

extension HintedError {
    public var message: String { "\(detail) — \(hint)" }
}
