import CEspeakNG
import Foundation
import ParloCore

/// An eSpeak voice and its prosody: everything that must be set before each utterance.
///
/// `espeak_SetVoiceByName` does not reset rate, pitch, range or volume, so all of them travel
/// together and are applied every time.
public struct ESpeakVoice: Sendable, Hashable, Codable {
    /// eSpeak voice name, e.g. "en-us", "it".
    public var name: String
    /// Variant file name (m1–m8, f1–f5, …) or nil for the voice's own.
    public var variant: String?
    /// Words per minute (80–450).
    public var rate: Int
    /// Base pitch 0–100 (eSpeak default 50).
    public var pitch: Int
    /// Pitch range 0–100 (50 = normal intonation, 0 = monotone).
    public var range: Int
    /// Volume 0–200 (100 = normal).
    public var volume: Int

    public init(name: String, variant: String? = nil, rate: Int = 175, pitch: Int = 50, range: Int = 50, volume: Int = 100) {
        self.name = name; self.variant = variant
        self.rate = rate; self.pitch = pitch; self.range = range; self.volume = volume
    }

    /// The string for `espeak_SetVoiceByName`, e.g. "en-us+m3".
    public var identifier: String { variant.map { "\(name)+\($0)" } ?? name }
}

/// A position event of a synthesis, as eSpeak reports it.
public struct ESpeakMark: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case word, sentence, end }
    public var kind: Kind
    /// 1-based character (Unicode scalar) offset into the UTF-8 input.
    public var textPosition: Int
    /// Length in characters (words only).
    public var length: Int
    /// Sample offset from the start of this synthesis.
    public var sample: Int
}

/// A block of PCM produced by eSpeak (mono Int16 at the engine's rate) and the marks it carries.
public struct ESpeakChunk: Sendable {
    public var samples: [Int16]
    public var marks: [ESpeakMark]
}

/// Carries the caller's chunk handler through eSpeak's `user_data` into the C callback.
private final class SynthesisContext {
    let sampleRate: Int
    let onChunk: (ESpeakChunk) -> Bool
    var aborted = false
    init(sampleRate: Int, onChunk: @escaping (ESpeakChunk) -> Bool) {
        self.sampleRate = sampleRate; self.onChunk = onChunk
    }
}

extension ESpeakEngine {
    /// Synthesises `text` with `voice`, synchronously, handing PCM and marks to `onChunk` as
    /// eSpeak produces them (blocks of about 100 ms). Return false from `onChunk` to abort.
    ///
    /// Runs on the engine's serial queue, so it is safe from any thread; returns the sample rate.
    @discardableResult
    public func synthesize(_ text: String, voice: ESpeakVoice, ssml: Bool = false,
                           onChunk: (ESpeakChunk) -> Bool) throws -> Int {
        try withoutActuallyEscaping(onChunk) { handler in
            try run { rate in
                try selectVoice(voice.identifier)
                espeak_SetParameter(espeakRATE, Int32(voice.rate), 0)
                espeak_SetParameter(espeakPITCH, Int32(voice.pitch), 0)
                espeak_SetParameter(espeakRANGE, Int32(voice.range), 0)
                espeak_SetParameter(espeakVOLUME, Int32(voice.volume), 0)
                espeak_SetSynthCallback { wav, count, events in
                    guard let events, let raw = events.pointee.user_data else { return 0 }
                    let context = Unmanaged<SynthesisContext>.fromOpaque(raw).takeUnretainedValue()
                    var marks: [ESpeakMark] = []
                    var e = events
                    while e.pointee.type != espeakEVENT_LIST_TERMINATED {
                        let kind: ESpeakMark.Kind?
                        switch e.pointee.type {
                        case espeakEVENT_WORD: kind = .word
                        case espeakEVENT_SENTENCE: kind = .sentence
                        case espeakEVENT_END: kind = .end
                        default: kind = nil
                        }
                        if let kind {
                            marks.append(ESpeakMark(kind: kind, textPosition: Int(e.pointee.text_position),
                                                    length: Int(e.pointee.length),
                                                    sample: Int(e.pointee.audio_position) * context.sampleRate / 1000))
                        }
                        e += 1
                    }
                    let samples = wav.map { Array(UnsafeBufferPointer(start: $0, count: Int(max(0, count)))) } ?? []
                    if samples.isEmpty && marks.isEmpty { return 0 }
                    if !context.onChunk(ESpeakChunk(samples: samples, marks: marks)) {
                        context.aborted = true
                        return 1
                    }
                    return 0
                }
                let context = SynthesisContext(sampleRate: rate, onChunk: handler)
                let unmanaged = Unmanaged.passRetained(context)
                defer { unmanaged.release() }
                var flags = UInt32(espeakCHARS_UTF8)
                if ssml { flags |= UInt32(espeakSSML) }
                // Embedded commands and NULs in untrusted text must not reach eSpeak, nor SSML
                // markup beyond what Parlo supports (<audio> runs a shell command).
                let input = ssml ? try SSMLDocument(text).text : ESpeakText.inert(text)
                let status = input.withCString { cText in
                    espeak_Synth(cText, strlen(cText) + 1, 0, POS_CHARACTER, 0, flags, nil, unmanaged.toOpaque())
                }
                guard status == EE_OK || context.aborted else {
                    throw ESpeakError(.synthesisFailed, "eSpeak NG could not synthesise the text (status \(status.rawValue))")
                }
                return rate
            }
        }
    }
}
