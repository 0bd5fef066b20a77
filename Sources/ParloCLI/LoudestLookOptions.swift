import ArgumentParser
import Parlo

/// `--second-look-loudest`, for `parlo batch` (each file), `parlo listen` and `parlo study` (each utterance): a
/// rejected one is decoded again within this many dB of its loudest voiced speech
/// (`FileDecoder.loudestSecondLook`, `CatalogRecognizer.loudestSpeech`).
struct LoudestLookOptions: ParsableArguments {
    @Option(name: .customLong("second-look-loudest"), parsing: .unconditional, help: ArgumentHelp("A file (with --trim) or, with a catalog, an utterance that would be rejected is decoded again from its first to its last words within this many dB of its loudest voiced speech, and that result stands if accepted (another person talking around a command is left out), or 'off'.", valueName: "DB"))
    var secondLookLoudest: String = "\(Int(SpeechSpan.secondLookBelowLoudestDB))"

    func validate() throws { _ = try belowLoudestDB() }

    /// The level difference, nil for 'off'.
    func belowLoudestDB() throws -> Float? { try Self.levelDifference(secondLookLoudest, option: "--second-look-loudest") }

    /// A positive dB value, or nil for 'off'.
    static func levelDifference(_ value: String, option: String) throws -> Float? {
        guard value != "off" else { return nil }
        guard let db = Float(value), db > 0 else {
            throw ValidationError("\(option) takes a level difference in dB (e.g. 12) or 'off', got '\(value)'")
        }
        return db
    }
}
