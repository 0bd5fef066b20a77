import ParloCore

/// What `parlo say` and `parlo read` print as JSON Lines (docs/events.schema.json): speech as it
/// reached the listener, each event stamped with `t` on the playback clock.
///
/// Text positions are `chars: [start, end]` in UTF-16 code units of the text spoken — the
/// indices a browser's `String.slice` takes — so a page can highlight the word being heard.
/// Sentence numbers count from 0.
public struct SpokenEvent: TimedEvent {
    public var t: Double
    public var kind: Kind

    public init(t: Double, _ kind: Kind) { self.t = t; self.kind = kind }

    public enum Kind: EventKind {
        case utteranceStart(Utterance)
        case sentence(Sentence)
        case word(Word)
        case utteranceEnd(UtteranceEnd)
        /// `parlo read` stopped: `sentences` is the number of the next sentence to read.
        case readingEnd(ReadingEnd)
    }

    public struct Utterance: Codable, Sendable, Equatable { public var utterance: Int }
    public struct Sentence: Codable, Sendable, Equatable {
        public var utterance: Int?
        public var index: Int
        public var total: Int?
        public var language: String?
        public var chars: [Int]?
        public var text: String
        /// The PDF page the sentence is on (from 1, as a viewer numbers it); nil otherwise.
        public var page: Int? = nil
    }
    /// `chars` are within the utterance's text (say), or within sentence `sentence`'s text (read).
    public struct Word: Codable, Sendable, Equatable {
        public var utterance: Int?
        public var sentence: Int
        public var chars: [Int]
        public var text: String
    }
    public struct UtteranceEnd: Codable, Sendable, Equatable {
        public var utterance: Int
        /// false when the utterance was cancelled (stopped, interrupted) before its end.
        public var finished: Bool
    }
    public struct ReadingEnd: Codable, Sendable, Equatable {
        public var sentences: Int
        public var total: Int?
        public init(sentences: Int, total: Int?) { self.sentences = sentences; self.total = total }
    }
}

extension SpokenEvent.Kind {
    public var parts: (type: String, payload: any Encodable) {
        switch self {
        case .utteranceStart(let p): ("utterance_start", p)
        case .sentence(let p): ("sentence", p)
        case .word(let p): ("word", p)
        case .utteranceEnd(let p): ("utterance_end", p)
        case .readingEnd(let p): ("reading_end", p)
        }
    }

    public init(type: String, from d: any Decoder) throws {
        typealias E = SpokenEvent
        switch type {
        case "utterance_start": self = .utteranceStart(try E.Utterance(from: d))
        case "sentence": self = .sentence(try E.Sentence(from: d))
        case "word": self = .word(try E.Word(from: d))
        case "utterance_end": self = .utteranceEnd(try E.UtteranceEnd(from: d))
        case "reading_end": self = .readingEnd(try E.ReadingEnd(from: d))
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: d.codingPath, debugDescription: "unknown speech event type '\(type)'"))
        }
    }
}

extension SpeechEvent {
    /// This event as printed, `text` being the utterance as it was enqueued.
    public func spoken(in text: String) -> SpokenEvent {
        func chars(_ r: Range<String.Index>) -> [Int] {
            [text.utf16.distance(from: text.startIndex, to: r.lowerBound), text.utf16.distance(from: text.startIndex, to: r.upperBound)]
        }
        switch self {
        case .started(let id, let t):
            return SpokenEvent(t: t, .utteranceStart(.init(utterance: id)))
        case .sentence(let id, let index, let r, let t):
            return SpokenEvent(t: t, .sentence(.init(utterance: id, index: index, chars: chars(r), text: String(text[r]))))
        case .word(let id, let sentence, let r, let t):
            return SpokenEvent(t: t, .word(.init(utterance: id, sentence: sentence, chars: chars(r), text: String(text[r]))))
        case .finished(let id, let t):
            return SpokenEvent(t: t, .utteranceEnd(.init(utterance: id, finished: true)))
        case .cancelled(let id, let t):
            return SpokenEvent(t: t, .utteranceEnd(.init(utterance: id, finished: false)))
        }
    }
}

extension ReadingWord {
    /// This word as `parlo read` prints it.
    public var spoken: SpokenEvent {
        SpokenEvent(t: t, .word(.init(utterance: nil, sentence: index, chars: chars, text: text)))
    }
}

extension ReadingProgress {
    /// This sentence as `parlo read` prints it.
    public var spoken: SpokenEvent {
        SpokenEvent(t: t, .sentence(.init(index: index, total: total, language: language.rawValue, text: text, page: page)))
    }
}
