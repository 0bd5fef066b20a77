import Foundation

/// Parlo's JSON Lines events (docs/events.schema.json) are flat objects: `type` names the event
/// and the payload's fields sit beside it. These helpers write and read that shape for event
/// enums whose cases each carry one `Codable` payload, so every payload keeps synthesized,
/// compiler-checked coding keys instead of a hand-written dictionary.
public enum EventCoding {
    private enum Key: String, CodingKey { case type, t }

    /// Writes `payload`'s fields, then `type` (and `t`, when given) into the same object.
    public static func encode(_ payload: some Encodable, type: String, t: Double? = nil, to encoder: any Encoder) throws {
        try payload.encode(to: encoder)
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(type, forKey: .type)
        try c.encodeIfPresent(t.map(seconds), forKey: .t)
    }

    /// The `type` of the object being decoded.
    public static func type(in decoder: any Decoder) throws -> String {
        try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .type)
    }

    /// The `t` of the object being decoded, if it has one.
    public static func t(in decoder: any Decoder) throws -> Double? {
        try decoder.container(keyedBy: Key.self).decodeIfPresent(Double.self, forKey: .t)
    }

    /// Times are printed to the millisecond: finer digits are noise, and they make lines unstable.
    public static func seconds(_ s: Double) -> Double { (s * 1000).rounded() / 1000 }

    /// An event's fields as JSON values, for readers that look fields up by name (tests, logs).
    public static func fields(of value: some Encodable) -> [String: JSONValue] {
        guard let data = try? JSONEncoder().encode(value),
              case .object(let o)? = try? JSONDecoder().decode(JSONValue.self, from: data) else { return [:] }
        return o
    }
}

/// A one-off event: `type` beside the fields of `payload`, for lines that need no enum of their
/// own (a listed device, a catalog's summary).
public struct TaggedEvent<Payload: Encodable>: Encodable {
    public var type: String
    public var payload: Payload
    public init(type: String, payload: Payload) { self.type = type; self.payload = payload }
    public func encode(to encoder: any Encoder) throws { try EventCoding.encode(payload, type: type, to: encoder) }
}

/// The cases of a timed event enum: each names its JSON `type` and carries one payload.
public protocol EventKind: Sendable, Equatable {
    /// The JSON `type` and the payload written beside it.
    var parts: (type: String, payload: any Encodable) { get }
    /// The case for `type`, its payload decoded from `decoder`.
    init(type: String, from decoder: any Decoder) throws
}

/// An event stamped with `t` whose kind is an `EventKind` (`StudyEvent`, `SpokenEvent`): the
/// flat JSON shape (`type`, `t`, the payload's fields) is written and read here, once.
public protocol TimedEvent: Codable, Sendable, Equatable {
    associatedtype Kind: EventKind
    var t: Double { get }
    var kind: Kind { get }
    init(t: Double, _ kind: Kind)
}

extension TimedEvent {
    /// The JSON `type`.
    public var type: String { kind.parts.type }

    public func encode(to encoder: any Encoder) throws {
        let (type, payload) = kind.parts
        try EventCoding.encode(payload, type: type, t: t, to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        self.init(t: try EventCoding.t(in: decoder) ?? 0, try Kind(type: EventCoding.type(in: decoder), from: decoder))
    }

    /// A field by its JSON name (for tests and printers that read events generically).
    public subscript(key: String) -> JSONValue? { EventCoding.fields(of: self)[key] }
    /// A string field, or nil.
    public func string(_ key: String) -> String? { self[key]?.stringValue }
}
