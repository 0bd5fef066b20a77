import ParloCore

/// Why a recognizer could not be built or could not decode.
public struct RecognizerError: ParloError, Equatable {
    public enum Code: Sendable, Equatable {
        case modelMissing, dictionaryMissing, unknownWords, badPronunciation, badGrammar, decoderFailed
    }
    public var code: Code
    public var detail: String
    /// Words of the grammar that have no pronunciation, for `.unknownWords`.
    public var words: [String]

    public init(_ code: Code, _ detail: String, words: [String] = []) {
        self.code = code; self.detail = detail; self.words = words
    }

    public var message: String {
        switch code {
        case .modelMissing, .dictionaryMissing:
            return "\(detail) — install it with `apt-get install pocketsphinx-en-us`, or pass --model DIR / set PARLO_MODEL"
        case .unknownWords:
            return "no pronunciation for \(words.joined(separator: ", ")) — add them to a pronunciation dictionary or use other words"
        case .badPronunciation:
            return "\(detail) — use only the en-us phones listed in the model's mdef"
        case .badGrammar:
            return "\(detail) — check the JSGF syntax (`#JSGF V1.0;`, `grammar NAME;`, one `public <rule> = …;`)"
        case .decoderFailed:
            return "\(detail) — run with --verbose to see PocketSphinx's own log"
        }
    }
}
