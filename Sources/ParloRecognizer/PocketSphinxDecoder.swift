import CPocketSphinx
import Foundation

/// The two steps every Parlo decoder (grammar recognizer, wake-phrase spotter) takes with
/// PocketSphinx: make a `ps_decoder_t` on the acoustic model with an empty dictionary, then add
/// exactly the words it needs, with their pronunciations. The caller owns the decoder and frees it with `ps_free`.
enum PocketSphinxDecoder {
    /// A decoder on `model` with `options` (`-beam 1e-60`, `beam 1e-60` alike) and no words yet.
    static func make(model: AcousticModel, options: [String: String] = [:]) throws -> OpaquePointer {
        var args = ["-hmm", model.directory, "-dict", "/dev/null"]
        if let adaptation = model.adaptation { args += ["-mllr", adaptation] }
        for (k, v) in options.sorted(by: { $0.key < $1.key }) { args += [k.hasPrefix("-") ? k : "-" + k, v] }
        var cArgs = args.map { strdup($0) }
        defer { cArgs.forEach { free($0) } }
        guard let config = cArgs.withUnsafeMutableBufferPointer({ parlo_ps_config(Int32($0.count), $0.baseAddress) }) else {
            throw RecognizerError(.decoderFailed, "bad decoder options \(options)")
        }
        defer { cmd_ln_free_r(config) }
        guard let ps = ps_init(config) else {
            throw RecognizerError(.decoderFailed, "PocketSphinx could not load the model in \(model.directory)")
        }
        return ps
    }

    /// Pronunciations of `words`: from `extra` first (user, catalog or built-in entries), then
    /// from the model's cmudict; words found in neither are reported together (`unknown` names
    /// them for the user, e.g. "unknown wake words").
    static func pronunciations(of words: [String], model: AcousticModel, extra: PronunciationDictionary,
                               unknown: String = "unknown words") throws -> PronunciationDictionary {
        var dict = try PronunciationDictionary.lookup(Set(words.filter { extra[$0] == nil }), inFile: model.dictionary)
        dict.override(with: extra)
        let missing = words.filter { dict[$0] == nil }
        guard missing.isEmpty else { throw RecognizerError(.unknownWords, unknown, words: missing) }
        return dict
    }

    /// Adds `words` with every pronunciation in `dict` (alternatives as `word(2)`, …), skipping
    /// those the decoder already knows (a grammar switch re-uses earlier ones); the search
    /// structures are rebuilt once, with the last word.
    static func addWords(_ dict: PronunciationDictionary, words: [String], to decoder: OpaquePointer) throws {
        var pairs: [(String, String)] = []
        for w in words {
            for (i, p) in (dict[w] ?? []).enumerated() {
                let name = i == 0 ? w : "\(w)(\(i + 1))"
                if let known = ps_lookup_word(decoder, name) { free(known); continue }
                pairs.append((name, p))
            }
        }
        for (n, (word, phones)) in pairs.enumerated() {
            let update: Int32 = n == pairs.count - 1 ? 1 : 0
            if ps_add_word(decoder, word, phones, update) < 0 {
                throw RecognizerError(.badPronunciation, "'\(phones)' for '\(word)' uses phones the model lacks")
            }
        }
    }
}
