/// `Language` lives in ParloCore (one type for catalogs and speech); catalog users get it here.
@_exported import ParloCore

/// A slot's value as the app receives it: a canonical string, or a number as an integer.
public enum SlotValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case text(String)
    case number(Int)

    public var stringValue: String? { if case .text(let s) = self { s } else { nil } }
    public var intValue: Int? { if case .number(let n) = self { n } else { nil } }
    public var description: String {
        switch self { case .text(let s): s; case .number(let n): String(n) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Int.self) { self = .number(n) } else { self = .text(try c.decode(String.self)) }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self { case .text(let s): try c.encode(s); case .number(let n): try c.encode(n) }
    }
}
