import ParloCore

/// What the recognizer heard in one utterance.
public struct Recognition: Sendable, Equatable, Codable {
    /// A recognised word with its place in the audio, seconds from the utterance start.
    public struct Word: Sendable, Equatable, Codable {
        public var word: String
        public var start: Double
        public var end: Double
        /// Mean acoustic score per 10 ms frame of the word (as `RejectionEvidence` measures the
        /// whole path), when the decoder reported it: how well these sounds fit this word, for a
        /// slot value's confidence. Not written out with the word.
        public var scorePerFrame: Double?
        public init(word: String, start: Double, end: Double, scorePerFrame: Double? = nil) {
            self.word = word; self.start = start; self.end = end; self.scorePerFrame = scorePerFrame
        }
        enum CodingKeys: String, CodingKey { case word, start, end }
    }

    /// The best hypothesis, words separated by single spaces ("" when nothing was heard).
    public var text: String
    /// Spoken words only (silences and fillers removed).
    public var words: [Word]
    /// PocketSphinx's path score (log domain; closer to zero is better).
    public var score: Int32
    /// Seconds of audio decoded.
    public var audioSeconds: Double

    /// Whether the utterance fits no sentence of the grammar: nothing was heard, or (with
    /// rejection on) the result failed the acoustic/coverage checks or ran through the phone
    /// loop (see `Rejection`). `text` is then "".
    public var rejected: Bool

    /// How sure the recognizer is that `text` was said, 0…1 (1 when rejection is off and a
    /// sentence was found; see `Rejection` for how it is measured).
    public var confidence: Double

    /// What the rejection check measured (nil when rejection is off or nothing was recognised).
    public var evidence: RejectionEvidence?

    /// Whether the search reached the end of a sentence (or of the garbage loop) at all. When
    /// it did not, PocketSphinx returns no hypothesis: nothing was judged, so a second decode
    /// may still find the sentence (see `CatalogRecognizer`); a `rejected` result with a
    /// hypothesis was judged and stays rejected.
    public var hypothesisFound: Bool
    /// The words the decoder found, loop words left out, even when the result is rejected
    /// (`text` is then empty): what a UI greys out, and what confidence models are fitted on.
    public var hypothesis: String

    public init(text: String, words: [Word], score: Int32, audioSeconds: Double, rejected: Bool = false,
                confidence: Double? = nil, evidence: RejectionEvidence? = nil, hypothesisFound: Bool? = nil,
                hypothesis: String? = nil) {
        self.hypothesis = hypothesis ?? text
        self.evidence = evidence
        self.hypothesisFound = hypothesisFound ?? !text.isEmpty
        self.rejected = rejected
        self.confidence = confidence ?? (rejected || text.isEmpty ? 0 : 1)
        self.text = text; self.words = words; self.score = score; self.audioSeconds = audioSeconds
    }
}

extension Recognition {
    /// This result of `samples` decoded from `offset` on, as the whole recording's: word times
    /// from the recording's start, and its full length as the audio decoded (what a report's
    /// real-time factor and `audio_s` count).
    public func shifted(by offset: Int, of samples: Int) -> Recognition {
        var r = self
        let seconds = SpeechFormat.seconds(offset)
        r.words = words.map { $0.shifted(by: seconds) }
        r.audioSeconds = SpeechFormat.seconds(samples)
        return r
    }
}

extension Recognition.Word {
    /// The word `seconds` later: its time in a longer recording that a part was cut from.
    public func shifted(by seconds: Double) -> Recognition.Word {
        .init(word: word, start: start + seconds, end: end + seconds, scorePerFrame: scorePerFrame)
    }
}
