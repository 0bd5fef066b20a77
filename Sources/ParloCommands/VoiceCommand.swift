import ParloCore

/// A command the app handles with typed slot values, e.g.
///
/// ```swift
/// struct SetTimer: VoiceCommand {
///     static let name = "set_timer"
///     let minutes: Int
///     init(_ match: MatchResult) throws { minutes = try match.require(int: "minutes") }
/// }
/// ```
public protocol VoiceCommand: Sendable {
    /// The canonical command name in the catalog.
    static var name: String { get }
    /// Reads the typed slots; throw `SlotError` when one is missing.
    init(_ match: MatchResult) throws
}

/// A slot a handler needs is missing or has the wrong type.
public struct SlotError: ParloError, Equatable {
    public var command: String
    public var slot: String
    public var expected: String
    public var message: String {
        "command '\(command)' has no \(expected) slot '\(slot)' — add {\(slot)} to its sentences in the catalog"
    }
}

extension MatchResult {
    /// The number slot `name`, or a `SlotError`.
    public func require(int name: String) throws -> Int {
        guard let v = int(name) else { throw SlotError(command: command ?? "?", slot: name, expected: "number") }
        return v
    }
    /// The canonical value of slot `name`, or a `SlotError`.
    public func require(text name: String) throws -> String {
        guard let v = text(name) else { throw SlotError(command: command ?? "?", slot: name, expected: "text") }
        return v
    }
}
