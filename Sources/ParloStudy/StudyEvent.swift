import ParloCommands
import ParloCore
import ParloSpeech

/// One thing that happened in a study session, for a UI: printed as a JSON Lines object whose
/// shape docs/events.schema.json publishes.
///
/// `t` is the session clock (seconds since the session started; the recording's own time when a
/// recording is played faster than real time). Sentence and material numbers count from 0.
public struct StudyEvent: TimedEvent {
    public var t: Double
    public var kind: Kind

    public init(t: Double, _ kind: Kind) { self.t = t; self.kind = kind }

    public enum Kind: EventKind {
        /// Which commands can be said now: "all", or "reading_controls" while Parlo speaks.
        case listening(Listening)
        case command(Command)
        case rejected(Rejected)
        case error(Failure)
        case reply(Reply)
        case subjectOpened(SubjectOpened)
        case material(Material)
        case readingStarted(ReadingStarted)
        /// A sentence of the material reached the speakers.
        case sentence(Sentence)
        /// A word of the material reached the speakers: for a UI that highlights it.
        case word(Word)
        case readingPaused(ReadingPosition)
        case readingResumed(ReadingPosition)
        case readingFinished(ReadingPosition)
        case readingStopped(ReadingPosition)
        case readingControl(ReadingControl)
        case rate(Rate)
        case mindMap(MindMap)
        case timerStarted(Timer)
        case timerEnded(Timer)
        case characterChanged(CharacterChanged)
        case help(Help)
        /// A spoken command Parlo was unsure of, asked back ("Ten minutes?") instead of performed.
        case confirm(Confirm)
        /// The question was dropped: "no", another command, or no answer in time.
        case confirmCancelled(ConfirmCancelled)
    }

    public struct Listening: Codable, Sendable, Equatable { public var `for`: String }
    public struct Command: Codable, Sendable, Equatable {
        public var command: String
        public var slots: [String: JSONValue]
        public var language: String
        public var confidence: Double
        public var text: String
        /// "text" (typed) or "voice".
        public var source: String
        public var whileSpeaking: Bool
        enum CodingKeys: String, CodingKey {
            case command, slots, language, confidence, text, source, whileSpeaking = "while_speaking"
        }
    }
    public struct Rejected: Codable, Sendable, Equatable {
        public var text, reason: String
        public var whileSpeaking: Bool
        enum CodingKeys: String, CodingKey { case text, reason, whileSpeaking = "while_speaking" }
    }
    public struct Failure: Codable, Sendable, Equatable { public var text, reason: String }
    public struct Reply: Codable, Sendable, Equatable { public var text, language, character, color: String }
    public struct SubjectOpened: Codable, Sendable, Equatable { public var subject, folder: String; public var materials: [String] }
    /// For a PDF, `page` is the current page (numbered from 1, as a viewer shows it) and
    /// `pages` the last page with text; both absent for text and Markdown.
    public struct Material: Codable, Sendable, Equatable {
        public var index: Int
        public var name, title: String
        public var sentences: Int
        public var page: Int? = nil
        public var pages: Int? = nil
    }
    /// For a PDF the reading is one page: `page` (from 1), `sentences` the page's.
    public struct ReadingStarted: Codable, Sendable, Equatable {
        public var material, title: String
        public var sentences: Int
        public var language, character, color: String
        public var page: Int? = nil
    }
    public struct Sentence: Codable, Sendable, Equatable {
        public var index, total: Int
        public var text: String
        /// The language (and so the voice) the sentence is read in.
        public var language: String?
    }
    /// `chars` is within the text of sentence `sentence`; `audio_t` is the word's start on the
    /// playback clock (seconds of audio played, or the position in the written file).
    public struct Word: Codable, Sendable, Equatable {
        public var sentence: Int
        public var chars: [Int]
        public var text: String
        public var audioT: Double
        enum CodingKeys: String, CodingKey { case sentence, chars, text, audioT = "audio_t" }
    }
    public struct ReadingPosition: Codable, Sendable, Equatable { public var index, total: Int }
    /// "next", "previous" or "repeat" while reading.
    public struct ReadingControl: Codable, Sendable, Equatable { public var control: String }
    public struct Rate: Codable, Sendable, Equatable { public var rate: Double }
    public struct MindMap: Codable, Sendable, Equatable { public var title: String; public var headings: [String] }
    public struct Timer: Codable, Sendable, Equatable { public var minutes: Int }
    public struct CharacterChanged: Codable, Sendable, Equatable { public var character, color: String }
    public struct Help: Codable, Sendable, Equatable { public var commands, examples: [String] }
    /// The command asked about, as `Command` has it, with the recognition's confidence that made
    /// Parlo ask (not the text match's).
    public struct Confirm: Codable, Sendable, Equatable {
        public var command: String
        public var slots: [String: JSONValue]
        public var language: String
        public var confidence: Double
        public var text: String
    }
    /// `reason`: "no", "another command" or "timeout".
    public struct ConfirmCancelled: Codable, Sendable, Equatable { public var command, reason: String }
}

extension StudyEvent.Kind {
    /// The JSON `type` and the payload written beside it.
    public var parts: (type: String, payload: any Encodable) {
        switch self {
        case .listening(let p): ("listening", p)
        case .command(let p): ("command", p)
        case .rejected(let p): ("rejected", p)
        case .error(let p): ("error", p)
        case .reply(let p): ("reply", p)
        case .subjectOpened(let p): ("subject_opened", p)
        case .material(let p): ("material", p)
        case .readingStarted(let p): ("reading_started", p)
        case .sentence(let p): ("sentence", p)
        case .word(let p): ("word", p)
        case .readingPaused(let p): ("reading_paused", p)
        case .readingResumed(let p): ("reading_resumed", p)
        case .readingFinished(let p): ("reading_finished", p)
        case .readingStopped(let p): ("reading_stopped", p)
        case .readingControl(let p): ("reading_control", p)
        case .rate(let p): ("rate", p)
        case .mindMap(let p): ("mind_map", p)
        case .timerStarted(let p): ("timer_started", p)
        case .timerEnded(let p): ("timer_ended", p)
        case .characterChanged(let p): ("character_changed", p)
        case .help(let p): ("help", p)
        case .confirm(let p): ("confirm", p)
        case .confirmCancelled(let p): ("confirm_cancelled", p)
        }
    }

    public init(type: String, from d: any Decoder) throws {
        typealias E = StudyEvent
        switch type {
        case "listening": self = .listening(try E.Listening(from: d))
        case "command": self = .command(try E.Command(from: d))
        case "rejected": self = .rejected(try E.Rejected(from: d))
        case "error": self = .error(try E.Failure(from: d))
        case "reply": self = .reply(try E.Reply(from: d))
        case "subject_opened": self = .subjectOpened(try E.SubjectOpened(from: d))
        case "material": self = .material(try E.Material(from: d))
        case "reading_started": self = .readingStarted(try E.ReadingStarted(from: d))
        case "sentence": self = .sentence(try E.Sentence(from: d))
        case "word": self = .word(try E.Word(from: d))
        case "reading_paused": self = .readingPaused(try E.ReadingPosition(from: d))
        case "reading_resumed": self = .readingResumed(try E.ReadingPosition(from: d))
        case "reading_finished": self = .readingFinished(try E.ReadingPosition(from: d))
        case "reading_stopped": self = .readingStopped(try E.ReadingPosition(from: d))
        case "reading_control": self = .readingControl(try E.ReadingControl(from: d))
        case "rate": self = .rate(try E.Rate(from: d))
        case "mind_map": self = .mindMap(try E.MindMap(from: d))
        case "timer_started": self = .timerStarted(try E.Timer(from: d))
        case "timer_ended": self = .timerEnded(try E.Timer(from: d))
        case "character_changed": self = .characterChanged(try E.CharacterChanged(from: d))
        case "help": self = .help(try E.Help(from: d))
        case "confirm": self = .confirm(try E.Confirm(from: d))
        case "confirm_cancelled": self = .confirmCancelled(try E.ConfirmCancelled(from: d))
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: d.codingPath, debugDescription: "unknown study event type '\(type)'"))
        }
    }

    /// A command the registry dispatched.
    static func command(_ m: MatchResult, source: String, speaking: Bool) -> Self {
        .command(.init(command: m.command ?? "", slots: slotValues(m), language: m.language?.rawValue ?? "en",
                       confidence: rounded(m.confidence), text: m.text, source: source, whileSpeaking: speaking))
    }

    /// A spoken command asked back because its recognition's `confidence` was low.
    static func confirm(_ m: MatchResult, confidence: Double) -> Self {
        .confirm(.init(command: m.command ?? "", slots: slotValues(m), language: m.language?.rawValue ?? "en",
                       confidence: rounded(confidence), text: m.text))
    }

    /// Slot values for JSON: numbers as numbers.
    private static func slotValues(_ m: MatchResult) -> [String: JSONValue] {
        m.slots.mapValues { v in v.intValue.map { .number(Double($0)) } ?? .string(v.stringValue ?? "\(v)") }
    }

    private static func rounded(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

    /// A reply about to be spoken.
    static func reply(_ text: String, language: Language, character: SpeechCharacter) -> Self {
        .reply(.init(text: text, language: language.rawValue, character: character.name.lowercased(), color: character.colour))
    }
}
