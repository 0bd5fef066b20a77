import Foundation
import ParloESpeak
import Yams

/// One of the study app's characters: a name, an avatar colour and a voice per language.
public struct SpeechCharacter: Sendable, Equatable, Codable {
    public enum Gender: String, Sendable, Codable { case male, female }
    public var name: String
    /// Avatar colour as "#RRGGBB".
    public var colour: String
    public var gender: Gender
    public var voices: [Language: ESpeakVoice]

    public init(name: String, colour: String, gender: Gender, voices: [Language: ESpeakVoice]) {
        self.name = name; self.colour = colour; self.gender = gender; self.voices = voices
    }

    /// The voice for `language` (every character has both; English is the fallback).
    public func voice(for language: Language) -> ESpeakVoice {
        voices[language] ?? voices[.en] ?? ESpeakVoice(name: language == .it ? "it" : "en-us")
    }
}

/// The characters Parlo can speak as: built-in defaults, optionally overridden from YAML.
///
/// Defaults were chosen by measuring median pitch (see `PitchTracker`): Adam ≈ 80 Hz, Max ≈ 105 Hz,
/// Eva ≈ 175 Hz, Mia ≈ 230 Hz in both languages, so any two differ by well over 8 %.
public struct CharacterCatalog: Sendable, Equatable {
    public var characters: [SpeechCharacter]

    public init(characters: [SpeechCharacter]) { self.characters = characters }

    public static let defaults = CharacterCatalog(characters: [
        SpeechCharacter(name: "Adam", colour: "#3B82F6", gender: .male, voices: [
            .en: ESpeakVoice(name: "en-us", variant: "m1", rate: 165, pitch: 35, range: 40),
            .it: ESpeakVoice(name: "it", variant: "m1", rate: 160, pitch: 35, range: 40),
        ]),
        SpeechCharacter(name: "Eva", colour: "#EC4899", gender: .female, voices: [
            .en: ESpeakVoice(name: "en-us", variant: "f2", rate: 170, pitch: 40, range: 60),
            .it: ESpeakVoice(name: "it", variant: "f2", rate: 165, pitch: 40, range: 60),
        ]),
        SpeechCharacter(name: "Max", colour: "#F59E0B", gender: .male, voices: [
            .en: ESpeakVoice(name: "en", variant: "m3", rate: 180, pitch: 55, range: 60),
            .it: ESpeakVoice(name: "it", variant: "m3", rate: 175, pitch: 55, range: 60),
        ]),
        SpeechCharacter(name: "Mia", colour: "#A855F7", gender: .female, voices: [
            .en: ESpeakVoice(name: "en-us", variant: "f4", rate: 185, pitch: 75, range: 70),
            .it: ESpeakVoice(name: "it", variant: "f4", rate: 180, pitch: 75, range: 70),
        ]),
    ])

    /// The character called `name` (case-insensitive).
    public func character(named name: String) throws -> SpeechCharacter {
        guard let c = characters.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw SpeechError(.unknownCharacter, "no character '\(name)' (have: \(characters.map(\.name).joined(separator: ", ")))")
        }
        return c
    }

    /// One character's overrides as they appear in YAML; every field optional.
    struct Override: Decodable {
        var colour: String?
        var gender: SpeechCharacter.Gender?
        var en: VoiceOverride?
        var it: VoiceOverride?
    }

    struct VoiceOverride: Decodable {
        var voice: String?, variant: String?
        var rate: Int?, pitch: Int?, range: Int?, volume: Int?

        func applied(to base: ESpeakVoice) -> ESpeakVoice {
            var v = base
            if let voice { v.name = voice }
            if let variant { v.variant = variant.isEmpty ? nil : variant }
            if let rate { v.rate = rate }
            if let pitch { v.pitch = pitch }
            if let range { v.range = range }
            if let volume { v.volume = volume }
            return v
        }
    }

    struct File: Decodable { var characters: [String: Override] }

    /// Applies a YAML document of the form
    /// `characters: { eva: { colour: "#EC4899", en: { voice: en-us, variant: f2, rate: 170 } } }`.
    /// Unknown names add new characters (starting from Adam's voices).
    public func overridden(byYAML yaml: String) throws -> CharacterCatalog {
        let file: File
        do { file = try YAMLDecoder().decode(File.self, from: yaml) } catch {
            throw SpeechError(.badCharacterFile, "cannot read the characters YAML: \(error)")
        }
        var result = self
        for (name, o) in file.characters.sorted(by: { $0.key < $1.key }) {
            let index = result.characters.firstIndex { $0.name.lowercased() == name.lowercased() }
            var c = index.map { result.characters[$0] }
                ?? SpeechCharacter(name: name.prefix(1).uppercased() + name.dropFirst(), colour: "#888888",
                                   gender: .male, voices: Self.defaults.characters[0].voices)
            if let colour = o.colour { c.colour = colour }
            if let gender = o.gender { c.gender = gender }
            if let en = o.en { c.voices[.en] = en.applied(to: c.voice(for: .en)) }
            if let it = o.it { c.voices[.it] = it.applied(to: c.voice(for: .it)) }
            if let index { result.characters[index] = c } else { result.characters.append(c) }
        }
        return result
    }

    /// Defaults overridden by the YAML file at `path`, if it exists.
    public static func load(path: String?) throws -> CharacterCatalog {
        guard let path else { return defaults }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpeechError(.badCharacterFile, "cannot read \(path)")
        }
        return try defaults.overridden(byYAML: String(decoding: data, as: UTF8.self))
    }
}
