import ParloCommands
import ParloCore
import ParloMeter
import ParloRecognizer

/// What `parlo listen` reports, in stream order. Every event carries `t`: seconds of audio
/// consumed when it was emitted.
public enum ListenEvent: Sendable, Equatable {
    /// The meter's reading for one 20 ms window.
    case level(Level)
    /// The endpointer confirmed speech.
    case speechStart(t: Double)
    /// The best hypothesis so far while speaking.
    case partial(t: Double, text: String)
    /// The endpointer decided the utterance is over (after the hangover). `snrDB`: how far the
    /// utterance stood above the room, dB, on the input before cleaning (`SpeechToNoise`; nil
    /// when it did not stand out, or no room was heard before it).
    case speechEnd(t: Double, snrDB: Double?)
    /// The final hypothesis. `latencyMs` runs from the end of speech (stream time) to this
    /// event: the hangover plus the time the decoder took to finish.
    /// `confidence` (0…1) and `evidence` are the recognizer's (see `Rejection`).
    case recognized(t: Double, recognition: Recognition, latencyMs: Int)
    /// The interpreter matched a command: the match (command, slots, language, confidence and
    /// the text it was matched in) is the value a registry dispatches (`dispatch(_:)`).
    case command(t: Double, match: MatchResult, latencyMs: Int)
    /// The interpreter refused the hypothesis (or nothing was recognised).
    case rejected(t: Double, text: String, reason: String, latencyMs: Int)
    /// A wake phrase was spotted; the next utterance is decoded.
    case wake(t: Double, phrase: String)

    public var t: Double {
        switch self {
        case .level(let l): l.t
        case .speechStart(let t), .partial(let t, _), .speechEnd(let t, _), .recognized(let t, _, _),
             .command(let t, _, _), .rejected(let t, _, _, _), .wake(let t, _): t
        }
    }

    /// The JSON `type` value.
    public var type: String {
        switch self {
        case .level: "level"
        case .speechStart: "speech_start"
        case .partial: "partial"
        case .speechEnd: "speech_end"
        case .recognized: "recognized"
        case .command: "command"
        case .rejected: "rejected"
        case .wake: "wake"
        }
    }
}

extension ListenEvent: Encodable {
    private enum Keys: String, CodingKey {
        case type, t, text, latency_s, snr_db, score, command, slots, language, confidence, reason, phrase, evidence, hypothesis
        case slot_confidence, slot_evidence
    }

    public func encode(to encoder: any Encoder) throws {
        if case .level(let l) = self { return try l.encode(to: encoder) }
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(type, forKey: .type)
        try c.encode(EventCoding.seconds(t), forKey: .t)
        switch self {
        case .level, .speechStart: break
        case .speechEnd(_, let snr):
            if let snr { try c.encode((snr * 10).rounded() / 10, forKey: .snr_db) }
        case .partial(_, let text): try c.encode(text, forKey: .text)
        case .recognized(_, let r, let ms):
            try c.encode(r.text, forKey: .text)
            if r.rejected && !r.hypothesis.isEmpty { try c.encode(r.hypothesis, forKey: .hypothesis) }
            try c.encode(Double(ms) / 1000, forKey: .latency_s); try c.encode(r.score, forKey: .score)
            try c.encode((r.confidence * 1000).rounded() / 1000, forKey: .confidence)
            try c.encodeIfPresent(r.evidence, forKey: .evidence)
        case .command(_, let m, let ms):
            try c.encode(m.command ?? "", forKey: .command)
            try c.encode(m.slots, forKey: .slots)
            try c.encodeIfPresent(m.language, forKey: .language)
            try c.encode(m.confidence, forKey: .confidence)
            if let s = m.slotConfidence, !s.isEmpty { try c.encode(s.mapValues { ($0 * 1000).rounded() / 1000 }, forKey: .slot_confidence) }
            if let e = m.slotEvidence, !e.isEmpty { try c.encode(e.mapValues { ($0 * 1000).rounded() / 1000 }, forKey: .slot_evidence) }
            try c.encode(m.text, forKey: .text)
            try c.encode(Double(ms) / 1000, forKey: .latency_s)
        case .rejected(_, let text, let reason, let ms):
            try c.encode(text, forKey: .text); try c.encode(reason, forKey: .reason); try c.encode(Double(ms) / 1000, forKey: .latency_s)
        case .wake(_, let phrase): try c.encode(phrase, forKey: .phrase)
        }
    }
}
