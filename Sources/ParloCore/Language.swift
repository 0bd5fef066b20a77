/// A language Parlo understands and speaks, written as its code (`en`, `it`) in YAML, JSON and
/// the CLI: the one type for catalogs, matching, speech and reading.
public struct Language: RawRepresentable, Hashable, Comparable, Codable, CodingKeyRepresentable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue.lowercased() }
    public init(_ code: String) { self.init(rawValue: code) }
    /// A supported language from its code, or nil (for input that must name one).
    public init?(code: String) {
        let l = Language(code)
        guard Self.supported.contains(l) else { return nil }
        self = l
    }

    public static let english = Language("en")
    public static let italian = Language("it")
    public static var en: Language { english }
    public static var it: Language { italian }
    /// Languages with number words, spelling rules, IPA mapping and voices: a sentence in any
    /// other would be compiled with the wrong phones, so a catalog may use only these.
    public static let supported: [Language] = [.english, .italian]
    /// `supported`, for code that iterates every language.
    public static var allCases: [Language] { supported }

    /// The languages a command-line value names: a supported code, `both` or `none` (nil: it
    /// names none of these). As `--decoys` takes them.
    public static func set(named value: String) -> Set<Language>? {
        switch value {
        case "none": []
        case "both": Set(supported)
        default: Language(code: value).map { [$0] }
        }
    }

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

    public var codingKey: any CodingKey { Key(stringValue: rawValue) }
    public init?<T: CodingKey>(codingKey: T) { self.init(rawValue: codingKey.stringValue) }
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
