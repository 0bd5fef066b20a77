import Foundation
import ParloAudio
import ParloCore
import ParloESpeak
import ParloRecognizer

/// Where each word of a known text is in a recording: PocketSphinx forced to the exact word
/// sequence (a one-sentence JSGF grammar; silences and fillers may fall between words).
///
/// This PocketSphinx (0.8+5prealpha) has no alignment API (`ps_set_align` came in 5.0), so the
/// grammar does the forcing and the word segmentation (`ps_seg_*`) gives the times. Each word
/// gets its own dictionary entry, from eSpeak NG's IPA in the word's language mapped to en-us
/// phones (`IPAPhoneMap`), so repeated and Italian words align as eSpeak pronounces them.
/// Used to check that `word` events fall on the words as heard (docs/reading-text.md).
public struct ForcedAligner {
    public var model: AcousticModel

    public init(model: AcousticModel) { self.model = model }

    /// A word of the text and where it was heard, seconds from the start of the audio.
    public struct AlignedWord: Sendable, Equatable {
        public var word: String
        public var start: Double
        public var end: Double
    }

    /// Aligns `words` (each with its language) to `samples` at `sampleRate`; nil when the
    /// decoder found no path through the whole sequence.
    public func align(_ words: [(text: String, language: Language)], samples: [Int16], sampleRate: Int) throws -> [AlignedWord]? {
        var dictionary = PronunciationDictionary()
        var tokens: [String] = []
        for (i, w) in words.enumerated() {
            // Combining marks (the dental d̪ of "d'") have no en-us phone: the base letter does.
            let ipa = String(String.UnicodeScalarView(try ESpeakEngine.shared.ipa(w.text, voice: w.language.espeakVoice)
                .unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }))
            let phones = try IPAPhoneMap.phones(forIPA: ipa, language: w.language)
            guard !phones.isEmpty else { continue }
            let token = "w\(i)"
            dictionary.add(token, phones.joined(separator: " "))
            tokens.append(token)
        }
        guard !tokens.isEmpty else { return [] }
        // An explicit optional pause between words: the decoder's own filler insertion let
        // words swallow the pause after a comma.
        dictionary.add("pau", "SIL")
        let grammar = try JSGFGrammar("#JSGF V1.0;\ngrammar align;\npublic <s> = [pau] \(tokens.joined(separator: " [pau] ")) [pau];\n")
        let recognizer = try Recognizer(model: model, grammar: grammar, pronunciations: dictionary,
                                        noiseFloor: Recognizer.fileNoiseFloorDB)
        let audio = sampleRate == SpeechFormat.sampleRate ? samples
            : try Resampler.resample(samples, from: sampleRate, to: SpeechFormat.sampleRate)
        let heard = try recognizer.decode(audio).words.filter { $0.word != "pau" }
        guard heard.map(\.word) == tokens else { return nil }
        return heard.map { w in
            let i = Int(w.word.dropFirst())!
            return AlignedWord(word: words[i].text, start: w.start, end: w.end)
        }
    }
}
