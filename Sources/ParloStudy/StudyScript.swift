import Foundation
import ParloAudio
import ParloCore
import ParloESpeak
import ParloSpeech

/// A scripted spoken session: commands in English and Italian, synthesised with eSpeak NG and
/// separated by pauses, as a recording a student could have made.
///
/// Used to make the committed demo fixture and by the end-to-end tests, so both hear exactly the
/// same audio; synthesis is deterministic, so the fixture can always be rebuilt from its script.
public struct StudyScript: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public var language: Language
        public var text: String
        /// The command this line should trigger.
        public var command: String
    }

    public var lines: [Line]
    /// Seconds of quiet room noise before, between and after the commands.
    public var gap = 1.2

    public init(lines: [Line]) { self.lines = lines }

    /// Parses "en | open math | open_subject" lines ('#' starts a comment).
    public init(text: String) throws {
        lines = try text.split(separator: "\n").compactMap { raw in
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let parts = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.allSatisfy(\.isEmpty) { return nil }
            guard parts.count == 3, let lang = Language(code: parts[0]) else {
                throw StudyError(.badCommand, "bad script line '\(raw)' — write: en | open math | open_subject")
            }
            return Line(language: lang, text: parts[1], command: parts[2])
        }
    }

    /// The script as text, one "language | sentence | command" line each.
    public var text: String {
        lines.map { "\($0.language.rawValue) | \($0.text) | \($0.command)" }.joined(separator: "\n") + "\n"
    }

    /// The voices commands are spoken with: plain eSpeak voices, slightly slow, as a student
    /// would address a machine.
    public static let voices: [Language: ESpeakVoice] = [
        .en: ESpeakVoice(name: "en-us", rate: 150), .it: ESpeakVoice(name: "it", rate: 150),
    ]

    /// The session's audio at 16 kHz mono, and where each command ends (seconds).
    public func render(synthesizer: Synthesizer = .init()) throws -> (samples: [Int16], ends: [Double]) {
        var seed: UInt64 = 7
        let rate = SpeechFormat.sampleRate
        var out = Self.roomNoise(Int(gap * Double(rate)), seed: &seed)
        var ends: [Double] = []
        for line in lines {
            let speech = try synthesizer.synthesize(line.text, voice: Self.voices[line.language]!)
            out += try Resampler.resample(speech.samples, from: speech.sampleRate, to: rate)
            ends.append(Double(out.count) / Double(rate))
            out += Self.roomNoise(Int(gap * Double(rate)), seed: &seed)
        }
        return (out, ends)
    }

    /// Quiet room noise between the commands (`RoomNoise`).
    static func roomNoise(_ count: Int, seed: inout UInt64) -> [Int16] { RoomNoise.samples(count, seed: &seed) }
}
