import Foundation

/// Speech synthesised by a fresh `espeak-ng` process, so that the same text in the same voice
/// is the same audio in every test run, whatever the suite synthesised before.
///
/// Inside one process eSpeak NG carries state from each utterance into the next: the phase of
/// its pitch flutter and the cycle count of its roughness modulation are function-level statics
/// that no API call resets (not even `espeak_Terminate` and a new `espeak_Initialize`). The same
/// text therefore comes out a few samples longer or shorter, a little higher or lower, every
/// time (checked with a 20-line C program: four syntheses, four sample counts). A test that
/// recognises speech it synthesised in-process hears different audio alone and after the rest
/// of the suite, and a command near a threshold flips ("ten minutes" heard as "two minutes" in
/// one CI run). A new process starts from eSpeak's initial state every time.
public enum FreshSpeech {
    /// Where Debian's `espeak-ng` program is (`scripts/setup test` installs it).
    public static let program = "/usr/bin/espeak-ng"

    /// A WAV file (eSpeak's own rate, 22,050 Hz) of `text` spoken by `voice` ("en-us", "it+f2")
    /// at `rate` words per minute, `pitch` 0–99 and `volume` 0–200. The caller removes it.
    public static func wav(_ text: String, voice: String, rate: Int = 175, pitch: Int = 50,
                           volume: Int = 100) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("parlo-speech-\(UUID().uuidString).wav")
        let out = try Subprocess.run(program, ["-v", voice, "-s", "\(rate)", "-p", "\(pitch)", "-a", "\(volume)",
                                               "-w", url.path, "--", text])
        guard out.status == 0, FileManager.default.fileExists(atPath: url.path) else {
            throw Failure(message: "espeak-ng could not say '\(text)' in voice \(voice): \(out.stderr) — install it with `scripts/setup test`")
        }
        return url
    }

    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
