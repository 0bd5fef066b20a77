import ArgumentParser
import ParloCore
import ParloESpeak
import ParloSpeech

/// `parlo voices`: the characters, their colours and eSpeak voices per language.
struct VoicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "voices", abstract: "List the speaking characters and their voices.")

    @Option(name: .long, help: "YAML file overriding character voices.")
    var characters: String?
    @OptionGroup var output: OutputOptions

    /// A character as a `character` event: `color`, as in every other event, and voices by language.
    struct Character: Encodable {
        var name, color, gender: String
        var voices: [String: ESpeakVoice]
        init(_ c: SpeechCharacter) {
            name = c.name; color = c.colour; gender = c.gender.rawValue
            voices = Dictionary(uniqueKeysWithValues: c.voices.map { ($0.key.rawValue, $0.value) })
        }
    }

    func run() throws {
        let catalog = try SpeechOptions.catalog(path: characters)
        if !output.asJSON {
            for c in catalog.characters {
                print("\(c.name.padding(toLength: 6, withPad: " ", startingAt: 0)) \(c.colour)  \(c.gender.rawValue)")
                for lang in Language.allCases {
                    let v = c.voice(for: lang)
                    print("    \(lang.rawValue): \(v.identifier)  rate \(v.rate)  pitch \(v.pitch)  range \(v.range)  volume \(v.volume)")
                }
            }
        } else {
            let encoder = JSONLinesEncoder()
            for c in catalog.characters { print(try encoder.line(TaggedEvent(type: "character", payload: Character(c)))) }
        }
    }
}
