import CEspeakNG
import Dispatch
import Foundation
import ParloCore

/// Why eSpeak NG could not be used.
public struct ESpeakError: ParloError {
    public enum Code: Sendable { case initFailed, unknownVoice, synthesisFailed, badSSML }
    public var code: Code
    public var detail: String
    public init(_ code: Code, _ detail: String) { self.code = code; self.detail = detail }
    public var message: String {
        switch code {
        case .initFailed: return "\(detail) — install eSpeak NG's data with `apt-get install espeak-ng-data`"
        case .unknownVoice: return "\(detail) — list voices with `espeak-ng --voices`"
        case .synthesisFailed: return "\(detail) — run with --verbose for details"
        case .badSSML: return "\(detail) — fix the markup (well-formed XML inside <speak>) or drop --ssml"
        }
    }
}

/// The single owner of eSpeak NG's process-wide state.
///
/// eSpeak NG keeps its voice, parameters and synthesis callback in globals, so every call into it
/// — phonemizing for the grammar compiler, synthesis for speech output — goes through `run`,
/// which executes on one serial queue. Nothing else in Parlo may call `espeak_*` directly.
// @unchecked Sendable: `initialised`, `currentVoice`, `terminated` (and eSpeak's own globals) are touched only inside `queue.sync`, a serial queue.
public final class ESpeakEngine: @unchecked Sendable {
    /// The process's engine, initialised on first use in synchronous (callback) mode.
    public static let shared = ESpeakEngine()

    private let queue = DispatchQueue(label: "parlo.espeak")
    private var initialised: Result<Int, ESpeakError>?
    /// The voice eSpeak has now; only touched on `queue`.
    private var currentVoice: String?
    /// Whether `espeak_Terminate` has run in this process (it must not run twice, see `release`).
    private var terminated = false

    private init() {}

    /// Runs `body` on the eSpeak queue after initialisation. `sampleRate` of the engine is passed.
    public func run<T>(_ body: (_ sampleRate: Int) throws -> T) throws -> T {
        try queue.sync {
            let rate = try initialise().get()
            return try body(rate)
        }
    }

    private func initialise() -> Result<Int, ESpeakError> {
        if let initialised { return initialised }
        // DONT_EXIT: a missing data folder must be an error we report, not an exit(1) inside eSpeak.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 100, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        let result: Result<Int, ESpeakError> = rate > 0
            ? .success(Int(rate))
            : .failure(ESpeakError(.initFailed, "eSpeak NG could not start (no voice data found)"))
        initialised = result
        return result
    }

    /// Frees eSpeak NG's phoneme tables, voice and dictionary (about 1 MB); the next call into
    /// the engine initialises it again.
    ///
    /// For processes that used eSpeak only to phonemize at start-up: `parlo listen` compiles the
    /// catalog's Italian words with it, then listens for hours without speaking.
    ///
    /// Only the first release in a process frees anything. eSpeak NG 1.51's `espeak_Terminate`
    /// hangs for ever the second time it is called in a process (it waits on its event thread's
    /// condition, which the re-initialised thread never signals; seen in a 15-line C program
    /// too), so once the engine has been initialised again it is kept until exit.
    public func release() {
        queue.sync {
            guard case .success? = initialised, !terminated else { return }
            espeak_Terminate()
            terminated = true
            initialised = nil
            currentVoice = nil
        }
    }

    /// Sets the voice only when it changes. Each `espeak_SetVoiceByName` queues a sample-rate
    /// event that only synthesis consumes; thousands of phonemizer calls would fill eSpeak's
    /// event list and push the next utterance's first word and sentence events out of it.
    /// Call only inside `run`.
    func selectVoice(_ name: String) throws {
        guard name != currentVoice else { return }
        guard espeak_SetVoiceByName(name) == EE_OK else {
            currentVoice = nil
            throw ESpeakError(.unknownVoice, "eSpeak NG has no voice '\(name)'")
        }
        currentVoice = name
    }

    /// IPA for `text` in `voice` (e.g. "it", "en-us"), clauses joined by spaces.
    ///
    /// Uses `espeak_TextToPhonemes`, which consumes its input pointer clause by clause.
    public func ipa(_ text: String, voice: String) throws -> String {
        try run { _ in
            try selectVoice(voice)
            var parts: [String] = []
            try text.withCString { cText in
                var pointer: UnsafeRawPointer? = UnsafeRawPointer(cText)
                var guardCount = 0
                while let p = pointer, UnsafePointer<CChar>(p.assumingMemoryBound(to: CChar.self)).pointee != 0 {
                    guard let out = espeak_TextToPhonemes(&pointer, Int32(espeakCHARS_UTF8), Int32(espeakPHONEMES_IPA)) else { break }
                    parts.append(String(cString: out))
                    guardCount += 1
                    if guardCount > 10_000 { throw ESpeakError(.synthesisFailed, "phonemizer did not advance") }
                }
            }
            return parts.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        }
    }
}
