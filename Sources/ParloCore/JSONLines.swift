import Foundation

/// Writes one compact JSON object per line, the format Parlo prints whenever output is piped.
///
/// Keys are sorted so that output is stable across runs and diffable.
public struct JSONLinesEncoder: Sendable {
    public init() {}

    /// The line (without newline) for `value`.
    public func line<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self)
    }
}

/// A JSON value of any shape, for manifest fields Parlo carries through without interpreting.
public enum JSONValue: Codable, Equatable, Sendable {
    case null, bool(Bool), number(Double), string(String)
    case array([JSONValue]), object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n):
            if n.rounded() == n, abs(n) < 1e15 { try c.encode(Int(n)) } else { try c.encode(n) }
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// The string payload, if this is a string.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
}

extension JSONValue {
    /// A string array as JSON.
    public static func strings(_ a: [String]) -> JSONValue { .array(a.map { .string($0) }) }
    /// An integer as JSON.
    public static func int(_ n: Int) -> JSONValue { .number(Double(n)) }
}
