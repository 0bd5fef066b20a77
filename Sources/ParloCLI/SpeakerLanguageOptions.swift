import ArgumentParser
import Parlo

/// `--language` of `listen`, `study` and `batch`: the language the speakers use. A command heard
/// in the other language then counts only when the decoder is sure of it
/// (`MatchResult.spoken(in:confidence:)`); without it both languages count alike.
struct SpeakerLanguageOptions: ParsableArguments {
    @Option(name: .long, help: "The language spoken, en or it: commands heard in the other language then count only when the decoder is at least 0.8 sure of them (default: both alike).")
    var language: String?

    /// `--language` as a language (nil: both alike).
    var speaker: Language? { language.flatMap(Language.init(code:)) }

    func validate() throws {
        if let language, Language(code: language) == nil { throw ValidationError("--language takes en or it, got '\(language)'") }
    }
}
