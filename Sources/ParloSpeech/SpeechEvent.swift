/// What the listener hears, reported by `SpeechQueue.events`.
///
/// Ranges are indices of the utterance's text as it was enqueued. Word and sentence events are
/// emitted when their audio reaches the listener (the sink's played position), not when eSpeak
/// synthesises them, and `t` says where: seconds on the playback clock (frames the sink has
/// played since it opened — for a file, the position in the file). Every utterance gets exactly
/// one `finished` or `cancelled`.
public enum SpeechEvent: Sendable, Equatable {
    case started(id: Int, t: Double)
    case sentence(id: Int, index: Int, range: Range<String.Index>, t: Double)
    case word(id: Int, sentence: Int, range: Range<String.Index>, t: Double)
    case finished(id: Int, t: Double)
    case cancelled(id: Int, t: Double)

    public var id: Int {
        switch self {
        case .started(let id, _), .finished(let id, _), .cancelled(let id, _): id
        case .sentence(let id, _, _, _), .word(let id, _, _, _): id
        }
    }

    /// Seconds on the playback clock when the listener heard this.
    public var t: Double {
        switch self {
        case .started(_, let t), .finished(_, let t), .cancelled(_, let t), .sentence(_, _, _, let t), .word(_, _, _, let t): t
        }
    }

    /// Whether this ends its utterance.
    public var isEnd: Bool {
        switch self { case .finished, .cancelled: true; default: false }
    }

    /// A short name for logs: "started", "word", …
    public var name: String {
        switch self {
        case .started: "started"
        case .sentence: "sentence"
        case .word: "word"
        case .finished: "finished"
        case .cancelled: "cancelled"
        }
    }
}
