import CPocketSphinx
import Foundation
import ParloCore

/// Listens continuously for wake phrases ("hey parlo", "ehi parlo") with PocketSphinx keyphrase
/// spotting; owns its own `ps_decoder_t`.
///
/// A second decoder rather than a second search on the command recognizer: the spotter must hear
/// every sample while the recognizer only sees utterances, and the two can then live on different
/// threads. Words missing from cmudict (Italian "ehi", "parlo") get built-in en-us approximations.
public final class KeyphraseSpotter {
    private let decoder: OpaquePointer
    /// The phrases listened for, lower-cased.
    public let phrases: [String]

    /// Built-in pronunciations of the default wake words that cmudict lacks.
    public static let builtInPronunciations = PronunciationDictionary(entries: [
        "parlo": ["P AA R L OW"],
        "ehi": ["EY", "EH IY"],
    ])

    /// `threshold` is PocketSphinx's detection threshold (lower = more detections, e.g. 1e-30;
    /// higher = fewer false wakes, e.g. 1e-10).
    public init(model: AcousticModel, phrases: [String] = ["hey parlo", "ehi parlo"],
                threshold: Double = 1e-20, pronunciations extra: PronunciationDictionary = .init()) throws {
        let phrases = phrases.map { $0.lowercased().split(separator: " ").joined(separator: " ") }.filter { !$0.isEmpty }
        guard !phrases.isEmpty else { throw RecognizerError(.badGrammar, "no wake phrase given") }
        self.phrases = phrases
        let words = Set(phrases.flatMap { $0.split(separator: " ").map(String.init) })
        var known = Self.builtInPronunciations
        known.override(with: extra)
        let dict = try PocketSphinxDecoder.pronunciations(of: words.sorted(), model: model, extra: known.filtering(words),
                                                          unknown: "unknown wake words")

        let keyfile = FileManager.default.temporaryDirectory
            .appendingPathComponent("parlo-kws-\(UUID().uuidString).txt").path
        let lines = phrases.map { "\($0) /\(threshold)/" }.joined(separator: "\n") + "\n"
        try lines.write(toFile: keyfile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: keyfile) }

        decoder = try PocketSphinxLog.withConstructionLock {
            let ps = try PocketSphinxDecoder.make(model: model)
            do { try PocketSphinxDecoder.addWords(dict, words: words.sorted(), to: ps) } catch {
                ps_free(ps)
                throw error
            }
            guard ps_set_kws(ps, "wake", keyfile) == 0, ps_set_search(ps, "wake") == 0,
                  ps_start_utt(ps) == 0 else {
                ps_free(ps)
                throw RecognizerError(.decoderFailed, "PocketSphinx rejected the wake phrases \(phrases)")
            }
            return ps
        }
    }

    deinit {
        ps_end_utt(decoder)
        ps_free(decoder)
    }

    /// Feeds 16 kHz mono samples; returns the phrase when one was just spotted (and resets, so
    /// the same words are not reported twice).
    public func process(_ samples: UnsafeBufferPointer<Int16>) throws -> String? {
        guard let base = samples.baseAddress, samples.count > 0 else { return nil }
        guard ps_process_raw(decoder, base, samples.count, 0, 0) >= 0 else {
            throw RecognizerError(.decoderFailed, "keyphrase spotting failed")
        }
        var score: Int32 = 0
        guard let hyp = ps_get_hyp(decoder, &score), hyp.pointee != 0 else { return nil }
        let phrase = String(cString: hyp).trimmingCharacters(in: .whitespaces)
        reset()
        return phrase
    }

    /// Forgets what was heard so far.
    public func reset() {
        ps_end_utt(decoder)
        ps_start_utt(decoder)
    }
}

extension PronunciationDictionary {
    /// Only the entries for `words`.
    func filtering(_ words: Set<String>) -> PronunciationDictionary {
        PronunciationDictionary(entries: entries.filter { words.contains($0.key) })
    }
}
