import ArgumentParser
import Parlo

/// `--language` of `listen`, `study` and `batch`: the language the speakers use. A command heard
/// in the other language then counts only when the decoder is sure of it
/// (`MatchResult.spoken(in:confidence:)`); without it both languages count alike.
struct SpeakerLanguageOptions: ParsableArguments {
    @Option(name: .long, help: "The language spoken, en or it: commands heard in the other language then count only when the decoder is at least 0.8 sure of them (default: both alike).")
    var language: String?

    @Option(name: .long, help: "Common words offered beside the commands, so that a word that only sounds like one is heard as itself and fires nothing: en, it, both or none (default: the --language's, else both).")
    var decoys: String?

    /// `--language` as a language (nil: both alike).
    var speaker: Language? { language.flatMap(Language.init(code:)) }

    /// The languages whose decoys (the catalog's `decoys-LANG.txt`) the grammar gets: by
    /// default the spoken language's (a speaker of one language says its common words, and the
    /// other list would only cost search time), else both.
    var decoyLanguages: Set<Language> {
        decoys.flatMap(Language.set(named:)) ?? speaker.map { [$0] } ?? Set(Language.supported)
    }

    func validate() throws {
        if let language, Language(code: language) == nil { throw ValidationError("--language takes en or it, got '\(language)'") }
        if let decoys, Language.set(named: decoys) == nil {
            throw ValidationError("--decoys takes en, it, both or none, got '\(decoys)'")
        }
    }
}
