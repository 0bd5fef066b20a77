/// What the listener hears, reported by `SpeechQueue.events`.
///
/// Ranges are indices of the utterance's text as it was enqueued. Word and sentence events are
/// emitted when their audio reaches the listener (the sink's played position), not when eSpeak
/// synthesises them. Every utterance gets exactly one `finished` or `cancelled`.
public enum SpeechEvent: Sendable, Equatable {
    case started(id: Int)
    case sentence(id: Int, index: Int, range: Range<String.Index>)
    case word(id: Int, sentence: Int, range: Range<String.Index>)
    case finished(id: Int)
    case cancelled(id: Int)

    public var id: Int {
        switch self {
        case .started(let id), .finished(let id), .cancelled(let id): return id
        case .sentence(let id, _, _), .word(let id, _, _): return id
        }
    }

    /// Whether this ends its utterance.
    public var isEnd: Bool {
        switch self { case .finished, .cancelled: return true; default: return false }
    }

    /// A short name for logs and JSON: "started", "word", …
    public var name: String {
        switch self {
        case .started: return "started"
        case .sentence: return "sentence"
        case .word: return "word"
        case .finished: return "finished"
        case .cancelled: return "cancelled"
        }
    }
}
