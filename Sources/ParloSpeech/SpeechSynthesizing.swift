import ParloESpeak

/// What the speech queue renders each sentence with: eSpeak NG (`Synthesizer`) in the app, or
/// `SilentSynthesizer` where the audio itself does not matter.
///
/// A seam for the queue's clients: a study session driven through thousands of random command
/// sequences spends its time in its own rules, not in eSpeak's ≈ 3 ms per sentence.
public protocol SpeechSynthesizing: Sendable {
    /// Renders `range` of `text` with one eSpeak voice (SSML utterances).
    func synthesize(_ text: String, range: Range<String.Index>?, voice: ESpeakVoice,
                    ssml: Bool) throws -> SynthesizedSpeech
    /// Renders `range` of `text` as `character`, each language part with its own voice:
    /// `language` forces one, `sentenceLanguage` is the sentence's own (clauses may still differ).
    func synthesize(_ text: String, range: Range<String.Index>?, as character: SpeechCharacter,
                    language: Language?, sentenceLanguage: Language?, splitter: LanguageSplitter,
                    rateScale: Double) throws -> SynthesizedSpeech
}

extension Synthesizer: SpeechSynthesizing {}

/// Timed silence instead of speech: a fixed slot per word, with the word timings the queue
/// schedules its events on, and no eSpeak call.
///
/// Pair it with `MemorySink`: the test moves the clock, and word, sentence and end events
/// arrive exactly as with real speech, in microseconds instead of milliseconds per sentence.
public struct SilentSynthesizer: SpeechSynthesizing {
    /// Length of each word at rate scale 1.
    public var secondsPerWord: Double
    public var sampleRate: Int

    public init(secondsPerWord: Double = 0.1, sampleRate: Int = 22050) {
        self.secondsPerWord = secondsPerWord
        self.sampleRate = sampleRate
    }

    public func synthesize(_ text: String, range: Range<String.Index>?, voice: ESpeakVoice,
                           ssml: Bool) throws -> SynthesizedSpeech {
        silence(text, range, rateScale: 1)
    }

    public func synthesize(_ text: String, range: Range<String.Index>?, as character: SpeechCharacter,
                           language: Language?, sentenceLanguage: Language?, splitter: LanguageSplitter,
                           rateScale: Double) throws -> SynthesizedSpeech {
        silence(text, range, rateScale: rateScale)
    }

    private func silence(_ text: String, _ range: Range<String.Index>?, rateScale: Double) -> SynthesizedSpeech {
        let slot = max(1, Int(secondsPerWord * Double(sampleRate) / max(rateScale, 0.1)))
        let slice = text[range ?? text.startIndex..<text.endIndex]
        var words: [WordTiming] = []
        var start: String.Index?
        for i in slice.indices + [slice.endIndex] {
            let blank = i == slice.endIndex || slice[i].isWhitespace
            if blank, let s = start {
                words.append(WordTiming(range: s..<i, sample: words.count * slot))
                start = nil
            } else if !blank, start == nil {
                start = i
            }
        }
        return SynthesizedSpeech(samples: Array(repeating: 0, count: words.count * slot), sampleRate: sampleRate,
                                 words: words, sentences: [WordTiming(range: slice.startIndex..<slice.startIndex, sample: 0)])
    }
}
