/// A catalog language, written as its code (`en`, `it`) in YAML, JSON and the CLI.
public struct Language: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue.lowercased() }
    public init(_ code: String) { self.init(rawValue: code) }

    public static let english = Language("en")
    public static let italian = Language("it")
    /// Languages with number words, spelling rules and IPA mapping: a sentence in any other
    /// would be compiled with the wrong phones, so a catalog may use only these.
    public static let supported: [Language] = [.english, .italian]

    /// The eSpeak NG voice whose phonemizer gives this language's pronunciations.
    public var espeakVoice: String { self == .english ? "en-us" : rawValue }

    public var description: String { rawValue }
    public static func < (a: Language, b: Language) -> Bool { a.rawValue < b.rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer(); try c.encode(rawValue)
    }
}

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
