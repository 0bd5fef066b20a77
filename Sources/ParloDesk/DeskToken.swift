import Foundation

/// The random access token of one desk session: in the printed URL, required on every request.
///
/// 128 random bits as hex: the page is a remote control for the session (it can type commands),
/// so another local user or a web page in the student's browser must not guess its URL.
public struct DeskToken: Sendable, Equatable, CustomStringConvertible {
    public let value: String

    public init(_ value: String) { self.value = value }

    /// A fresh token from the system's random generator.
    public static func random() -> DeskToken {
        var g = SystemRandomNumberGenerator()
        return DeskToken((0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &g)) }.joined())
    }

    /// Compares in time independent of where the strings differ (no timing oracle).
    public func matches(_ other: String?) -> Bool {
        guard let other else { return false }
        let a = Array(value.utf8), b = Array(other.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    public var description: String { value }
}
