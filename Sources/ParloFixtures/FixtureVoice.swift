import ParloCatalog
import ParloESpeak

/// The eSpeak voices and rates fixtures are spoken with, per language.
///
/// Three combinations per language: the plain voice at a moderate rate, a female variant faster,
/// a male variant slower. Variants change formants and pitch, rates change durations: together
/// they are the variety eSpeak can offer without leaving the language's phonemizer.
public enum FixtureVoices {
    public static func defaults(for language: Language) -> [ESpeakVoice] {
        let name = language.espeakVoice
        return [
            ESpeakVoice(name: name, variant: nil, rate: 150),
            ESpeakVoice(name: name, variant: "f2", rate: 175),
            ESpeakVoice(name: name, variant: "m3", rate: 130),
        ]
    }
}
