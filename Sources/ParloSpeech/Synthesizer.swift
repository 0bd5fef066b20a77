import ParloESpeak

/// A word of the input and the sample, from the start of the audio, where it is spoken.
public struct WordTiming: Sendable, Equatable {
    public var range: Range<String.Index>
    public var sample: Int
}

/// PCM of some text (mono Int16 at `sampleRate`) with the timing of its words and sentences.
public struct SynthesizedSpeech: Sendable {
    public var samples: [Int16] = []
    public var sampleRate: Int
    public var words: [WordTiming] = []
    /// Start sample of each sentence eSpeak found, with the text position where it begins.
    public var sentences: [WordTiming] = []

    public var seconds: Double { Double(samples.count) / Double(sampleRate) }

    /// Appends `other`, shifting its timings to follow the audio already here.
    public mutating func append(_ other: SynthesizedSpeech) {
        let offset = samples.count
        samples += other.samples
        words += other.words.map { WordTiming(range: $0.range, sample: $0.sample + offset) }
        sentences += other.sentences.map { WordTiming(range: $0.range, sample: $0.sample + offset) }
    }
}

/// Turns text into PCM with word and sentence timings, through the one eSpeak owner.
///
/// Positions come back from eSpeak as 1-based character offsets; they are mapped to `String`
/// indices of the caller's text (indices of a `Substring` are valid in its base string), so a
/// word event can be shown as a range of the text the caller holds.
public struct Synthesizer: Sendable {
    public let engine: ESpeakEngine

    public init(engine: ESpeakEngine = .shared) { self.engine = engine }

    /// Synthesises `range` of `text` with `voice`, streaming: `onChunk` gets the PCM as it is made
    /// with the words whose start falls in it; return false to stop early.
    public func stream(_ text: String, range: Range<String.Index>? = nil, voice: ESpeakVoice, ssml: Bool = false,
                       onChunk: (_ samples: [Int16], _ words: [WordTiming], _ sentences: [WordTiming]) -> Bool) throws -> Int {
        let slice = text[range ?? text.startIndex..<text.endIndex]
        let scalars = Array(slice.unicodeScalars.indices) + [slice.endIndex]
        func index(_ position: Int) -> String.Index {
            // eSpeak counts characters from 1; clamp anything outside the text.
            scalars[min(max(position - 1, 0), scalars.count - 1)]
        }
        // Words never overlap: eSpeak sometimes reports a word again inside the one before
        // ("Questa è" gives "Questa", then "uesta " for "è"); such a word is left out.
        var lastEnd = slice.startIndex
        return try engine.synthesize(String(slice), voice: voice, ssml: ssml) { chunk in
            var words: [WordTiming] = [], sentences: [WordTiming] = []
            for mark in chunk.marks {
                let start = index(mark.textPosition)
                switch mark.kind {
                case .word:
                    var end = index(mark.textPosition + max(mark.length, 0))
                    // eSpeak's length stops at an elision's apostrophe ("d'Italia" → "d", and
                    // no event for "Italia"): the word runs on to the end of its letters.
                    while end < slice.endIndex, end > start, Self.inWord(slice.unicodeScalars[end]),
                          Self.inWord(slice.unicodeScalars[slice.unicodeScalars.index(before: end)]) {
                        end = slice.unicodeScalars.index(after: end)
                    }
                    // eSpeak ends with a zero-length word past the text: not a word.
                    if end > start, start >= lastEnd {
                        words.append(WordTiming(range: start..<end, sample: mark.sample))
                        lastEnd = end
                    }
                case .sentence:
                    sentences.append(WordTiming(range: start..<start, sample: mark.sample))
                case .end: break
                }
            }
            return onChunk(chunk.samples, words, sentences)
        }
    }

    static func inWord(_ s: Unicode.Scalar) -> Bool { s.properties.isAlphabetic || s == "'" || s == "’" }

    /// Synthesises `range` of `text` with `voice` into one block of audio.
    public func synthesize(_ text: String, range: Range<String.Index>? = nil, voice: ESpeakVoice,
                           ssml: Bool = false) throws -> SynthesizedSpeech {
        var samples: [Int16] = [], words: [WordTiming] = [], sentences: [WordTiming] = []
        let rate = try stream(text, range: range, voice: voice, ssml: ssml) { s, w, se in
            samples += s; words += w; sentences += se
            return true
        }
        return SynthesizedSpeech(samples: samples, sampleRate: rate, words: words, sentences: sentences)
    }

    /// Synthesises `range` of `text` as `character`, each language part with that language's voice.
    public func synthesize(_ text: String, range: Range<String.Index>? = nil, as character: SpeechCharacter,
                           language: Language? = nil, sentenceLanguage: Language? = nil,
                           splitter: LanguageSplitter = .init(), rateScale: Double = 1) throws -> SynthesizedSpeech {
        var result = SynthesizedSpeech(sampleRate: 22050)
        for part in splitter.split(text, range: range, forced: language, sentence: sentenceLanguage) {
            var voice = character.voice(for: part.language)
            voice.rate = Int((Double(voice.rate) * rateScale).rounded())
            let piece = try synthesize(text, range: part.range, voice: voice)
            result.sampleRate = piece.sampleRate
            result.append(piece)
        }
        return result
    }
}
