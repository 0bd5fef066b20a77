import CPocketSphinx
import Foundation
import ParloCore

/// A PocketSphinx decoder searching one grammar (JSGF or FSG); owns the `ps_decoder_t`.
///
/// Not thread-safe: use one per worker thread (they share nothing but read-only files).
/// Decode a whole utterance with `decode(_:)`, or stream: `begin()`, `process(_:)` per chunk,
/// `partial`, then `end()`.
public final class Recognizer {
    /// Internal for the cepstral-mean extension (Recognizer+CepstralMean.swift).
    var decoder: OpaquePointer
    /// Pronunciations of the current grammar's words.
    private var dictionary: PronunciationDictionary
    /// The live cepstral mean as the model initialised it (see `startStream`).
    private(set) var initialMean: [Float] = []
    /// The last whole utterance's own cepstral mean, as `decode(_:cepstralPrior:)`
    /// measured it (nil after any other decode): what a long recording's running mean learns from.
    public internal(set) var measuredMean: CepstralMean?
    public private(set) var grammar: JSGFGrammar
    private var searchCount = 0
    /// Searches of the current grammar with another loop cost (`useLoop`), by cost per unit.
    private var loopSearches: [Double: String] = [:]
    /// The loop cost per unit `useLoop` asked for (nil: `rejection`'s own), and whether the
    /// decoder searches with it yet (it switches between utterances only).
    public private(set) var loopProbability: Double?
    private var loopSearchActive = true
    public let model: AcousticModel
    private var samplesInUtterance = 0
    private var inUtterance = false
    /// The current utterance's last partial hypothesis with words (garbage words left out).
    public private(set) var lastPartial: [String]?
    private var energy = FrameEnergy()
    private var floor: NoiseFloor
    /// The level `parlo batch` lays a noise floor at (see `NoiseFloor`), in dBFS RMS.
    public static let fileNoiseFloorDB = -55.0
    /// How out-of-grammar speech is refused (nil: every utterance maps onto the grammar).
    public let rejection: Rejection?
    /// Judges results by this rejection's floors or confidence instead of `rejection`'s; nil:
    /// `rejection`'s own. Only the judging changes: the search (its beam and garbage loop) was
    /// built from `rejection`, and `rejection` measures the evidence. `parlo batch` judges a long
    /// file's utterances as live listening judges a stream's (`FileDecoder.streamJudging`).
    public var judging: Rejection?

    /// Builds a decoder for `grammar`. Pronunciations come from `extra` first (user and catalog
    /// entries), then from the model's cmudict; words found in neither are reported together.
    /// With `rejection` (e.g. `.default`), speech that is no sentence of the grammar comes back
    /// `rejected` with an empty text instead of as the closest sentence (see `Rejection`).
    /// `noiseFloor` (dBFS RMS) lays faint pink noise under the audio, for files that are
    /// digitally silent between words (see `NoiseFloor`); nil for microphone input.
    public init(model: AcousticModel, grammar: JSGFGrammar,
                pronunciations extra: PronunciationDictionary = .init(),
                options: [String: String] = [:], rejection: Rejection? = nil, noiseFloor: Double? = nil) throws {
        self.model = model
        floor = NoiseFloor(levelDB: noiseFloor)
        self.rejection = rejection
        self.grammar = grammar
        let options = (rejection?.searchOptions ?? [:]).merging(options) { _, mine in mine }
        dictionary = try PocketSphinxDecoder.pronunciations(of: grammar.words, model: model, extra: extra)
        decoder = try Self.makeDecoder(model: model, options: options, grammar: grammar, dictionary: dictionary,
                                       rejection: rejection, searchCount: &searchCount)
        initialMean = [Float](repeating: 0, count: Int(parlo_ps_cmn_length(decoder)))
        if !initialMean.isEmpty { initialMean.withUnsafeMutableBufferPointer { parlo_ps_cmn_get(decoder, $0.baseAddress) } }
    }

    /// A decoder on `model` searching `grammar` (freed again if the grammar is refused).
    private static func makeDecoder(model: AcousticModel, options: [String: String], grammar: JSGFGrammar,
                                    dictionary: PronunciationDictionary, rejection: Rejection?,
                                    searchCount: inout Int) throws -> OpaquePointer {
        let decoder = try PocketSphinxLog.withConstructionLock { try PocketSphinxDecoder.make(model: model, options: options) }
        do { try install(grammar, dictionary, rejection: rejection, on: decoder, searchCount: &searchCount) } catch {
            ps_free(decoder)
            throw error
        }
        return decoder
    }

    /// Switches this decoder to another grammar, keeping the loaded acoustic model: much cheaper
    /// than a new decoder when an app changes what it listens for.
    public func load(_ grammar: JSGFGrammar, pronunciations extra: PronunciationDictionary = .init()) throws {
        let dict = try PocketSphinxDecoder.pronunciations(of: grammar.words, model: model, extra: extra)
        try Self.install(grammar, dict, rejection: rejection, on: decoder, searchCount: &searchCount)
        for name in loopSearches.values { ps_unset_search(decoder, name) }
        loopSearches.removeAll()
        self.grammar = grammar
        dictionary = dict
        loopSearchActive = loopProbability == nil
    }

    /// Makes the garbage loop cost `probability` per unit instead of `rejection`'s own (nil:
    /// back to it) from the next utterance on; an utterance under way keeps its search. The
    /// decoder keeps one search per cost, so switching back and forth builds each graph once
    /// and costs nothing per utterance. For a listener whose risk of mistaking noise for a
    /// command changes while it runs (`StudyListener`: Parlo's own voice, before and after
    /// its echo canceller has learnt the room). Without a loop it does nothing.
    public func useLoop(probability: Double?) throws {
        guard rejection?.loop != nil, probability != loopProbability else { return }
        loopProbability = probability
        loopSearchActive = false
        if !inUtterance { try switchLoopSearch() }
    }

    /// Puts the search `loopProbability` asks for in place (not during an utterance).
    private func switchLoopSearch() throws {
        guard !loopSearchActive, var loop = rejection?.loop else { return }
        var name = "parlo\(searchCount)"
        if let p = loopProbability {
            if let known = loopSearches[p] { name = known } else {
                loop.unitProbability = p
                name += "-loop\(loopSearches.count + 1)"
                try PocketSphinxLog.withConstructionLock {
                    let fsg = try GarbageGraph.build(grammar, loop: loop, pronunciations: dictionary, decoder: decoder, name: name).fsg
                    defer { fsg_model_free(fsg) }
                    guard ps_set_fsg(decoder, name, fsg) == 0 else {
                        throw RecognizerError(.badGrammar, "PocketSphinx rejected the grammar with a loop at \(p)")
                    }
                }
                loopSearches[p] = name
            }
        }
        guard ps_set_search(decoder, name) == 0 else { throw RecognizerError(.badGrammar, "PocketSphinx could not switch to \(name)") }
        loopSearchActive = true
    }

    private static func install(_ grammar: JSGFGrammar, _ dict: PronunciationDictionary, rejection: Rejection?,
                                on decoder: OpaquePointer, searchCount: inout Int) throws {
        try PocketSphinxLog.withConstructionLock {
            try PocketSphinxDecoder.addWords(dict, words: grammar.words, to: decoder)
            searchCount += 1
            let name = "parlo\(searchCount)"
            let lmath = ps_get_logmath(decoder), lw = Float(parlo_ps_language_weight(decoder))
            let fsg: UnsafeMutablePointer<fsg_model_t>
            var garbage: (words: [String], dictionary: PronunciationDictionary)?
            if let loop = rejection?.loop {
                let built = try GarbageGraph.build(grammar, loop: loop, pronunciations: dict, decoder: decoder, name: name)
                fsg = built.fsg
                garbage = (built.words, built.dictionary)
            } else if grammar.format == .fsg {
                fsg = try GarbageGraph.read(fsg: grammar.text, lmath: lmath, lw: lw)
            } else {
                // What ps_set_jsgf_string does, but freeing the parsed grammar: 0.8+5prealpha's
                // keeps it (about 80 KB for the study catalog, every time a grammar is installed;
                // found by LeakSanitizer, docs/hardening.md).
                fsg = try GarbageGraph.compile(grammar.text, topRule: nil, lmath: lmath, lw: lw)
            }
            defer { fsg_model_free(fsg) }
            if let garbage { try PocketSphinxDecoder.addWords(garbage.dictionary, words: garbage.words, to: decoder) }
            guard ps_set_fsg(decoder, name, fsg) == 0, ps_set_search(decoder, name) == 0 else {
                throw RecognizerError(.badGrammar, "PocketSphinx rejected the grammar")
            }
            if searchCount > 1 { ps_unset_search(decoder, "parlo\(searchCount - 1)") }
        }
    }

    deinit { ps_free(decoder) }

    /// Tells the decoder that an independent input starts (a new stream). Within one stream
    /// (live listening) do not call it.
    ///
    /// The front end is reset (its voice activity detector would otherwise carry its noise
    /// estimate over) and the live cepstral mean put back where the model started it, counting
    /// as 500 frames of speech. Files are decoded with `decode(_:cepstralPriorSeconds:)`,
    /// which restarts the decoder exactly instead.
    public func startStream() throws { restartStream(emptySums: false) }

    /// Ends any utterance, restarts the front end's stream and puts the model's mean back: with
    /// 500 frames of it in the running sums (`startStream`), or none, as `ps_init` leaves them.
    private func restartStream(emptySums: Bool) {
        if inUtterance { ps_end_utt(decoder); inUtterance = false }
        ps_start_stream(decoder)
        guard !initialMean.isEmpty else { return }
        initialMean.withUnsafeBufferPointer {
            emptySums ? parlo_ps_cmn_restart(decoder, $0.baseAddress) : parlo_ps_cmn_set(decoder, $0.baseAddress)
        }
    }

    // MARK: Streaming

    /// Starts an utterance.
    public func begin() throws {
        if inUtterance { ps_end_utt(decoder); inUtterance = false }
        lastPartial = nil
        try switchLoopSearch()
        guard ps_start_utt(decoder) == 0 else { throw RecognizerError(.decoderFailed, "cannot start an utterance") }
        inUtterance = true
        samplesInUtterance = 0
        energy.reset()
        floor.reset()
    }

    /// Feeds 16 kHz mono samples. `wholeUtterance` tells PocketSphinx this is all the audio,
    /// which lets it normalise over the whole utterance (better for batch decoding).
    public func process(_ samples: UnsafeBufferPointer<Int16>, wholeUtterance: Bool = false) throws {
        guard samples.count > 0 else { return }
        if !inUtterance { try begin() }
        try floor.apply(samples) { heard in
            guard ps_process_raw(decoder, heard.baseAddress!, heard.count, 0, wholeUtterance ? 1 : 0) >= 0 else {
                throw RecognizerError(.decoderFailed, "decoding failed")
            }
            if rejection != nil { energy.add(heard) }
        }
        samplesInUtterance += samples.count
    }

    /// Restarts the decoder as a new one starts, then runs the front end over `samples` as one
    /// utterance and gathers their cepstral sums, without searching: the measuring pass of
    /// `decode(_:cepstralPriorSeconds:)`.
    ///
    /// The restart is exact: the front end's stream (noise estimate, sample counter) restarts and
    /// the live mean gets the model's mean with empty sums, as `ps_init` leaves them; the search
    /// and the acoustic scorer start afresh with each utterance. Checked on every file of
    /// audio-fixtures/commands and of the DEV set (1,390 in all), in order, reversed and in two
    /// workers: the same results, score for score, as a new decoder per file. (Until session 11 this pass
    /// ran the search, and a decoder reused after it was not exact: a new one was built per
    /// file, 20 ms on the study catalog but 2 s on Home Assistant's.) Frame by frame, so
    /// PocketSphinx's running sums are scaled back as soon as they pass 800 frames.
    func restartAndMeasureCepstralMean(_ samples: [Int16]) throws {
        restartStream(emptySums: true)
        floor.reset()
        let frames = samples.withUnsafeBufferPointer { buffer in
            floor.apply(buffer) { heard in parlo_ps_cmn_measure(decoder, heard.baseAddress, heard.count, 1) }
        }
        guard frames >= 0 else { throw RecognizerError(.decoderFailed, "cannot measure the cepstral mean") }
    }

    public func process(_ samples: [Int16]) throws {
        try samples.withUnsafeBufferPointer { try process($0) }
    }

    /// Whether PocketSphinx's voice activity detector currently hears speech.
    public var hearsSpeech: Bool { ps_get_in_speech(decoder) != 0 }

    /// The best hypothesis so far in the current utterance. The last one that had words is
    /// remembered (`lastPartial`) until the next utterance begins: a result that is not it was
    /// still changing when the utterance ended (`RejectionEvidence.unfinished`).
    public var partial: String { partial(of: searchedSoFar) }

    /// `partial` of a best path already read (`searchedSoFar`), for a caller that looks at the
    /// path too: its words that are no garbage, remembered as `partial`'s are.
    public func partial(of path: [String]) -> String {
        let words = Self.words(of: path)
        if !words.isEmpty { lastPartial = words }
        return words.joined(separator: " ")
    }

    /// The best hypothesis so far, as `partial`, without remembering it as `lastPartial`: for a
    /// look between partial checks that must not change what counts as `unfinished`.
    public var partialWithoutRemembering: String { Self.words(of: searchedSoFar).joined(separator: " ") }

    /// A path's words that are no garbage: what the speaker said of the catalog.
    private static func words(of path: [String]) -> [String] { path.filter { !GarbageGraph.isGarbage($0) } }

    /// The best path's words so far, the garbage loop's included: it changes whenever the search
    /// places more speech on a word, a command's or the loop's.
    public var searchedSoFar: [String] {
        var score: Int32 = 0
        let hyp = ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
        return Self.words(ofHypothesis: hyp)
    }

    /// Ends the utterance and returns what was recognised.
    public func end() throws -> Recognition {
        guard inUtterance else { return Recognition(text: "", words: [], score: 0, audioSeconds: 0) }
        inUtterance = false
        var score: Int32 = 0
        let searched = Self.words(ofHypothesis: ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? "")
        guard ps_end_utt(decoder) >= 0 else { throw RecognizerError(.decoderFailed, "cannot end the utterance") }
        return result(searched: searched)
    }

    /// Decodes `samples` as one utterance.
    ///
    /// Normalises over the whole utterance, as `pocketsphinx_batch` does. This is deterministic
    /// (no state carries over from the previous utterance) and gets all five of Debian's human
    /// `cards` recordings right, where live normalisation from the model's initial mean (what
    /// `pocketsphinx_continuous` does) hears "five ten of clubs" for "ten of clubs".
    ///
    /// `afterPartial`: the last partial hypothesis of the same audio streamed (`lastPartial`),
    /// when this decodes it again whole, so that the evidence weighs the result against it.
    public func decode(_ samples: [Int16], afterPartial shown: [String]? = nil) throws -> Recognition {
        measuredMean = nil
        try begin()
        lastPartial = shown
        try samples.withUnsafeBufferPointer { try process($0, wholeUtterance: true) }
        return try end()
    }

    /// The final result; `searched`: the best path's words before the utterance ended (the
    /// evidence's `unfinished` when they differ).
    private func result(searched: [String]) -> Recognition {
        var score: Int32 = 0
        let hyp = ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
        // Segment frames count from the start of the stream: made utterance-relative (the path
        // starts at the utterance's first frame), for word times and to line the path up with the audio.
        let found = bestPath(), first = found.first?.startFrame ?? 0
        let path = found.map { PathSegment(word: $0.word, startFrame: $0.startFrame - first, endFrame: $0.endFrame - first,
                                               acousticScore: $0.acousticScore, isWord: $0.isWord) }
        // FSG null transitions come back as "(NULL)", base form "": not words a caller can use.
        let words = path.filter { $0.isWord && !$0.word.isEmpty }.map {
            Recognition.Word(word: $0.word, start: Double($0.startFrame) / 100, end: Double($0.endFrame + 1) / 100,
                             scorePerFrame: Double($0.acousticScore) / Double($0.frames))
        }
        let all = Self.words(ofHypothesis: hyp)
        let spoken = all.filter { !GarbageGraph.isGarbage($0) }
        var rejected = spoken.isEmpty || spoken.count < all.count
        var confidence: Double? = nil, evidence: RejectionEvidence? = nil
        if let rejection, !spoken.isEmpty {
            var e = rejection.evidence(path: path, energy: energy, decodedFrames: Int(ps_get_n_frames(decoder)))
            if !grammar.decoys.entries.isEmpty, let loop = rejection.loop { e.shiftScores(by: loop.decoyScoreShift) }
            e.unfinished = searched != all || (lastPartial.map { $0 != spoken } ?? false)
            evidence = e
            if !rejected {              // the loop's words in the hypothesis reject it whatever its scores
                let judge = judging ?? rejection
                rejected = judge.rejects(e)
                confidence = judge.confidence(e)
            }
        }
        return Recognition(text: rejected ? "" : spoken.joined(separator: " "),
                           words: rejected ? [] : words.filter { !GarbageGraph.isGarbage($0.word) },
                           score: score, audioSeconds: SpeechFormat.seconds(samplesInUtterance),
                           rejected: rejected, confidence: confidence, evidence: evidence, hypothesisFound: !all.isEmpty,
                           hypothesis: spoken.joined(separator: " "))
    }

    /// The best path segment by segment: words (base form), silences and fillers.
    private func bestPath() -> [PathSegment] {
        var path: [PathSegment] = []
        var seg = ps_seg_iter(decoder)
        while let s = seg {
            let w = String(cString: ps_seg_word(s))
            var sf: Int32 = 0, ef: Int32 = 0, ascr: Int32 = 0, lscr: Int32 = 0, lback: Int32 = 0
            ps_seg_frames(s, &sf, &ef)
            _ = ps_seg_prob(s, &ascr, &lscr, &lback)
            path.append(PathSegment(word: Self.baseWord(w), startFrame: Int(sf), endFrame: Int(ef),
                                    acousticScore: Int(ascr), isWord: !Self.isFiller(w)))
            seg = ps_seg_next(s)
        }
        return path
    }

    static func isFiller(_ w: String) -> Bool {
        w.isEmpty || w == "<s>" || w == "</s>" || w == "<sil>" || (w.hasPrefix("[") && w.hasSuffix("]")) || (w.hasPrefix("+") && w.hasSuffix("+"))
    }

    /// A hypothesis's words in base form, garbage words included (callers filter them).
    static func words(ofHypothesis hyp: String) -> [String] {
        hyp.split(separator: " ").map { baseWord(String($0)) }
    }

    /// `word(2)` → `word`: alternative pronunciations are the same word to the caller.
    static func baseWord(_ w: String) -> String {
        if let p = w.firstIndex(of: "("), w.hasSuffix(")") { return String(w[..<p]) }
        return w
    }
}
