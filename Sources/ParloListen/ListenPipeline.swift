import Foundation
import ParloCapture
import ParloCore
import ParloEndpointer
import ParloMeter
import ParloRecognizer

/// Live listening: capture chunks → level meter → endpointer → recognizer → interpreter,
/// producing `ListenEvent`s in stream order.
///
/// Synchronous at its core (`process(_:emit:)` per chunk) so that tests drive it chunk by chunk;
/// `run(_:emit:)` drives it from a `CaptureStream`. Not thread-safe: one task owns it (the
/// recognizer is not thread-safe either). A rejected utterance's second look runs on a thread
/// of its own (`SecondLook`) while the meter and the endpointer go on; the recognizer is its
/// alone meanwhile, and `phase` says `deciding`. Utterances are fed to the recognizer while they are
/// spoken, from a pre-roll before the detected onset, so the final result costs only the
/// decoder's end-of-utterance work after the hangover.
public final class ListenPipeline {
    public let options: Options
    public let mode: ListenMode
    /// Levels for a UI: keeps only the newest.
    public let levels = LevelStream()
    /// The push-to-talk switch (used in `.pushToTalk` mode).
    public let pushToTalk = PushToTalkSwitch()
    /// waiting / hearing / deciding, for a status line; deciding also while a second look
    /// runs, when only the pipeline may touch `recognizer` (it waits for the look first).
    public var phase: Endpointer.Phase { secondLook != nil && heardPhase == .waiting ? .deciding : heardPhase }
    private var heardPhase: Endpointer.Phase = .waiting
    /// The last utterance's second look, until its result is emitted.
    var secondLook: SecondLook?
    /// The latest partial hypothesis of the current utterance ("" between utterances).
    public private(set) var partialText = ""
    /// Whether a wake phrase was heard and a command is awaited (`.wake` mode).
    public private(set) var armed = false

    /// The decoder every utterance streams into (a listener may change its search between
    /// utterances: `Recognizer.useLoop`).
    public let recognizer: Recognizer
    let decoder: any UtteranceDecoder
    let interpreter: HypothesisInterpreter?
    private var endpointer: Endpointer
    private var ring: PreRollBuffer
    /// Absolute index up to which the current utterance was fed to the recognizer.
    private var fedThrough = 0
    private var decoding = false
    private var talking = false
    private var lastPartialCheck = 0.0
    private var armedUntil = 0.0
    private var position = 0
    /// The current utterance's audio, for the batch final pass; capacity reserved once.
    var utterance: [Int16] = []
    var utterancesDecoded = 0
    /// The partial last judged for `Endpointer.awaitingMore`, how far the decoder had been fed
    /// then, and the verdict: the hypothesis changes only when the decoder is fed (by a chunk or
    /// a partial check), not at every window, so neither it nor the matcher is asked again before.
    private var judgedWords: String?
    private var judgedThrough = -1
    private var awaitsMore = false
    /// The best path's words at the last partial check, the garbage loop's included, and since
    /// when (`EndpointerConfiguration.settledPath`).
    private var searched: [String] = []
    private var searchedSince = 0.0
    /// Absolute index where the last utterance fed to the recognizer ended.
    private var previousUtteranceEnd = 0
    /// Utterances after which `batchUntilWarm` switches to streaming results.
    public static let warmUtterances = 3
    /// At most how many seconds of the stream's past utterances its running cepstral mean counts,
    /// so that it follows a speaker or room that changes (`Options.streamCepstralPriorSeconds`).
    public static let streamCepstralMemorySeconds = 10.0
    /// The running cepstral mean of the utterances decoded whole so far.
    private var heardMean: CepstralMean?
    /// With `Options.wholeDecodeVoiceShift`: the streaming mean when the utterance began, and
    /// once the utterance is decoded whole, the streaming mean it left (`ListenPipeline+WholeDecode`).
    var streamAtBegin: StreamingMeanState?
    var streamAfter: StreamingMeanState?
    /// Whether the current pause was already judged for a whole decode.
    var pauseJudged = false
    /// How many utterances were decoded again whole because their voice was new to the stream.
    public internal(set) var utterancesDecodedWhole = 0

    /// Each utterance's ratio over the room, measured on the input before cleaning.
    private var speechToNoise: SpeechToNoise
    /// Stream seconds where the current utterance's audio starts (its pre-roll included).
    private var utteranceFrom = 0.0

    /// Cleans captured audio before every other stage (meter, endpointer, recognizer).
    private let conditioner: AudioConditioner?
    /// Absolute index one past the last conditioned sample handed on.
    private var conditionedEnd = 0
    /// A stage the decoder alone hears (the room's reverberation taken out): its output lags, so
    /// the pre-roll ring holds its output, and the endpointer decides on the undelayed audio.
    private let decoderStage: HeldBackConditioner?
    /// Judges each meter window speech or not, for the endpointer (energy alone when nil).
    private let classifier: VoiceActivityClassifier?
    /// The classifier's verdicts on the current chunk's windows, oldest first, and whether each
    /// window has a vowel's spectrum (`EndpointerConfiguration.vowelGrace`).
    private var verdicts: [Bool] = []
    private var vocalic: [Bool] = []
    private var vowels = VowelWindows(windowSamples: LevelMeter().windowSamples)
    private var verdictIndex = 0

    /// - Parameters:
    ///   - conditioner: a clean-up stage (noise suppression) every chunk runs through first, so
    ///     that the endpointer decides on, and the recognizer hears, the cleaned audio.
    ///   - decoderStage: a lagging stage after `conditioner` that only the decoder hears; what it
    ///     still holds back when an utterance ends comes from its `provisionalTail()`.
    ///   - classifier: tells the endpointer which windows are speech; its windows must be the
    ///     meter's (20 ms).
    ///   - recognizer: streams each utterance (partial results); with `FinalPass.batch` its
    ///     `decodeUtterance` makes the final result.
    public init(recognizer: any UtteranceDecoder, interpreter: HypothesisInterpreter? = nil,
                mode: ListenMode = .always, options: Options = .init(), conditioner: AudioConditioner? = nil,
                decoderStage: HeldBackConditioner? = nil, classifier: VoiceActivityClassifier? = nil) {
        precondition(classifier == nil || classifier?.windowSamples == LevelMeter().windowSamples,
                     "the voice activity classifier must judge the level meter's windows")
        self.decoder = recognizer
        self.recognizer = recognizer.recognizer
        self.conditioner = conditioner
        self.decoderStage = decoderStage
        decoderStage?.adapting = false      // until the first utterance opens
        self.classifier = classifier
        self.interpreter = interpreter
        self.mode = mode
        self.options = options
        endpointer = Endpointer(configuration: options.endpointer)
        let c = options.endpointer
        speechToNoise = SpeechToNoise(seconds: c.maximumUtterance + c.roomSeconds + 1, roomSeconds: c.roomSeconds)
        // The pre-roll, and a pause waiting the unfinished hangover that the decoder was not fed.
        ring = PreRollBuffer(capacity: Int((c.preRoll + c.minimumSpeech + 1.0 + (c.unfinishedHangover ?? 0)) * Double(SpeechFormat.sampleRate)))
        utterance.reserveCapacity(Int((c.maximumUtterance + c.preRoll + 1) * Double(SpeechFormat.sampleRate)))
    }

    static func sampleIndex(_ t: Double) -> Int { Int((t * Double(SpeechFormat.sampleRate)).rounded()) }

    // MARK: Driving

    /// Consumes `stream` until it ends (or throws), then ends any open utterance.
    public func run(_ stream: CaptureStream, emit: (ListenEvent) throws -> Void) async throws {
        defer { levels.finish() }
        for try await chunk in stream { try process(chunk, emit: emit) }
        try finish(emit: emit)
    }

    /// Processes one chunk of speech-format audio.
    public func process(_ chunk: AudioChunk, emit: (ListenEvent) throws -> Void) throws {
        try collectSecondLook(waiting: false, emit: emit)
        chunk.samples.withUnsafeBufferPointer { speechToNoise.add($0) }
        guard let conditioner else { return try consume(chunk, emit: emit) }
        let cleaned = chunk.samples.withUnsafeBufferPointer { conditioner.process($0) }
        try consumeConditioned(cleaned, emit: emit)
    }

    /// Hands conditioned samples on; they are aligned with the input from its first sample.
    private func consumeConditioned(_ samples: [Int16], emit: (ListenEvent) throws -> Void) throws {
        guard !samples.isEmpty else { return }
        let chunk = AudioChunk(samples: samples, start: conditionedEnd)
        conditionedEnd = chunk.end
        try consume(chunk, emit: emit)
    }

    private func consume(_ chunk: AudioChunk, emit: (ListenEvent) throws -> Void) throws {
        let chunkStart = SpeechFormat.seconds(chunk.start)
        try chunk.samples.withUnsafeBufferPointer { samples in
            if let decoderStage {
                decoderStage.process(samples).withUnsafeBufferPointer { ring.append($0) }
            } else {
                ring.append(samples)
            }
            position = chunk.end
            if case .pushToTalk = mode { try applySwitch(at: chunkStart, emit: emit) }
            if case .wake(let spotter, let timeout) = mode {
                if armed && !endpointer.inUtterance && chunkStart > armedUntil { armed = false }
                if !armed, let phrase = try spotter.process(samples) {
                    armed = true
                    armedUntil = chunk.endTime + timeout
                    try emit(.wake(t: chunk.endTime, phrase: phrase))
                }
            }
            verdicts.removeAll(keepingCapacity: true)
            verdictIndex = 0
            vocalic.removeAll(keepingCapacity: true)
            classifier?.classify(samples) { verdicts.append($0) }
            if classifier != nil, options.endpointer.vowelGrace != nil { vowels.classify(samples) { vocalic.append($0) } }
            try levels.process(samples) { level in
                if options.emitLevels { try emit(.level(level)) }
                try afterWindow(level, emit: emit)
            }
        }
        if decoding { try feed(upTo: feedLimit(chunk.end)) }
    }

    /// Ends the stream: an utterance still open is ended and decoded.
    public func finish(emit: (ListenEvent) throws -> Void) throws {
        if let conditioner { try consumeConditioned(conditioner.finish(), emit: emit) }
        if let decoderStage { decoderStage.finish().withUnsafeBufferPointer { ring.append($0) } }
        let t = SpeechFormat.seconds(position)
        if case .pushToTalk = mode {
            if talking { talking = false; try endUtterance(t: t, speechEndedAt: t, emit: emit) }
        } else if case .speechEnd(let t, let ended) = endpointer.flush(at: t) {
            try endUtterance(t: t, speechEndedAt: ended, emit: emit)
        }
        try collectSecondLook(waiting: true, emit: emit)
    }

    // MARK: Stages

    private func afterWindow(_ level: Level, emit: (ListenEvent) throws -> Void) throws {
        if case .pushToTalk = mode {
            try checkPartial(at: level.t, emit: emit)
            return
        }
        var voiced: Bool?, vowel: Bool?
        if classifier != nil, verdictIndex < verdicts.count {
            voiced = verdicts[verdictIndex]
            vowel = verdictIndex < vocalic.count ? vocalic[verdictIndex] : nil
            verdictIndex += 1
        }
        let pausing = decoding && endpointer.isPausing(at: level.t)
        if pausing, !pauseJudged { try decodeWholeIfVoiceChanged() }
        pauseJudged = pausing
        if pausing, options.endpointer.unfinishedHangover != nil {
            // What the decoder was fed by the last chunk or partial check: feeding it here too
            // would cut its input differently, and PocketSphinx's search depends on that a little.
            if fedThrough != judgedThrough {
                judgedThrough = fedThrough
                let words = recognizer.partialWithoutRemembering
                if words != judgedWords { judgedWords = words; awaitsMore = interpreter?.awaitsMore(after: words) ?? false }
            }
            endpointer.awaitingMore = awaitsMore
        }
        switch endpointer.process(rmsDB: level.rmsDB, voiced: voiced, vocalic: vowel, at: level.t) {
        case .speechStart(let t, let from)?:
            try startUtterance(t: t, audioFrom: from, emit: emit)
        case .speechEnd(let t, let ended)?:
            try endUtterance(t: t, speechEndedAt: ended, emit: emit)
        case nil:
            break
        }
        heardPhase = endpointer.phase
        try checkPartial(at: level.t, emit: emit)
    }

    private func applySwitch(at t: Double, emit: (ListenEvent) throws -> Void) throws {
        let on = pushToTalk.isOn
        guard on != talking else { return }
        talking = on
        if on { try startUtterance(t: t, audioFrom: t, emit: emit) }
        else { try endUtterance(t: t, speechEndedAt: t, emit: emit) }
        heardPhase = on ? .hearing : .waiting
    }

    private func startUtterance(t: Double, audioFrom: Double, emit: (ListenEvent) throws -> Void) throws {
        try collectSecondLook(waiting: true, emit: emit)     // its result first, and the decoder back
        try emit(.speechStart(t: t))
        utteranceFrom = audioFrom
        partialText = ""
        judgedWords = nil          // what is active may have changed since the last utterance
        searched = []
        searchedSince = t
        judgedThrough = -1
        lastPartialCheck = t
        let decodes: Bool
        if case .wake = mode { decodes = armed } else { decodes = true }
        guard decodes else { return }
        decoderStage?.adapting = true
        try recognizer.begin()
        streamAtBegin = options.wholeDecodeVoiceShift == nil ? nil : recognizer.streamingMean()
        streamAfter = nil
        utterance.removeAll(keepingCapacity: true)
        decoding = true
        // The pre-roll never reaches back into the previous utterance: its last word would be
        // heard twice ("four of clubs" then "ace seven of hearts" for "seven of hearts").
        fedThrough = max(ring.start, Self.sampleIndex(audioFrom), previousUtteranceEnd)
        try feed(upTo: position)
    }

    /// How far the decoder may be fed, of `end`: while a pause waits the unfinished hangover,
    /// no further than the usual hangover after the words. An utterance ended later then reaches
    /// the decoder as one ended at the usual hangover would: more room after the words, decoded
    /// as silence, lifted non-commands' confidence (DEV: "Le botteghe" fired "help me" at 0.507,
    /// 0.44 without). If the speaker goes on, the ring still holds the pause.
    private func feedLimit(_ end: Int) -> Int {
        guard options.endpointer.unfinishedHangover != nil, case .deciding(_, let quietSince) = endpointer.state else { return end }
        return min(end, Self.sampleIndex(endpointer.usualEnd(after: quietSince)))
    }

    /// Feeds the recognizer the ring's samples up to `end`, or as far as the ring has them.
    private func feed(upTo end: Int) throws {
        let end = min(end, ring.end)
        guard end > fedThrough else { return }
        try ring.withSamples(from: fedThrough, to: end) {
            try recognizer.process($0)
            utterance.append(contentsOf: $0)
        }
        fedThrough = end
    }

    private func checkPartial(at t: Double, emit: (ListenEvent) throws -> Void) throws {
        guard decoding, t - lastPartialCheck >= options.partialInterval - 1e-9 else { return }
        lastPartialCheck = t
        try feed(upTo: feedLimit(Self.sampleIndex(t)))
        let path = recognizer.searchedSoFar
        let text = recognizer.partial(of: path).split(separator: " ").map(String.init).joined(separator: " ")
        if !text.isEmpty && text != partialText {
            partialText = text
            try emit(.partial(t: t, text: text))
        }
        try endIfSettled(path: path, words: text, at: t, emit: emit)
    }

    /// Ends the utterance when the decoder's best path has named the same whole command for
    /// `settledPath` seconds (`EndpointerConfiguration.settledPath`); its speech ended when the
    /// path last changed.
    private func endIfSettled(path: [String], words: String, at t: Double, emit: (ListenEvent) throws -> Void) throws {
        guard let settled = options.endpointer.settledPath, let interpreter else { return }
        if path != searched { searched = path; searchedSince = t; return }
        guard t - searchedSince >= settled - 1e-9, !words.isEmpty, !interpreter.awaitsMore(after: words),
              case .speechEnd(let t, let ended)? = endpointer.cut(at: t, speechEndedAt: searchedSince) else { return }
        try endUtterance(t: t, speechEndedAt: ended, emit: emit)
    }

    private func endUtterance(t: Double, speechEndedAt: Double, emit: (ListenEvent) throws -> Void) throws {
        try emit(.speechEnd(t: t, snrDB: speechToNoise.ratio(from: utteranceFrom, to: speechEndedAt)))
        heardPhase = .waiting
        partialText = ""
        guard decoding else { return }
        decoding = false
        if case .wake = mode { armed = false }
        let clock = ContinuousClock()
        let began = clock.now
        let end = min(position, Self.sampleIndex(options.endpointer.unfinishedHangover == nil ? t : min(t, endpointer.usualEnd(after: speechEndedAt))))
        try feed(upTo: end)
        if let decoderStage, fedThrough < end {
            // What the lagging stage still holds, rendered as if the room went quiet now.
            let tail = decoderStage.provisionalTail()
            let from = fedThrough - ring.end, to = min(end - ring.end, tail.count)
            if from >= 0, to > from {
                try tail[from..<to].withUnsafeBufferPointer { try recognizer.process($0) }
                utterance.append(contentsOf: tail[from..<to])
                fedThrough += to - from
            }
        }
        previousUtteranceEnd = fedThrough
        decoderStage?.adapting = false
        var recognition = try recognizer.end()
        let whole = streamAfter != nil
        if whole { recognition = try endWholeDecode(recognition) }
        if let prior = options.cepstralAdaptationSeconds { recognizer.adaptStreamingMean(priorSeconds: prior) }
        switch options.finalPass {
        case _ where whole: break
        case .streaming: break
        case .batch:
            let prior = options.streamCepstralPriorSeconds.flatMap { seconds in
                heardMean.map { CepstralMean(values: $0.values, seconds: seconds) }
            }
            recognition = try decoder.decodeUtterance(utterance, cepstralPrior: prior)
            if options.streamCepstralPriorSeconds != nil, let own = decoder.recognizer.measuredMean {
                heardMean = heardMean?.followed(by: own, memorySeconds: Self.streamCepstralMemorySeconds) ?? own
            }
        case .batchUntilWarm where utterancesDecoded < Self.warmUtterances:
            recognition = try recognizer.decode(utterance, afterPartial: recognizer.lastPartial)   // one pass: the cold start's fix, kept cheap
        case .batchUntilWarm: break
        }
        // A whole decode (`.batch`) has had its second look already.
        if options.finalPass != .batch, decoder.reconsiders(utterance, streamed: recognition) {
            secondLook = SecondLook(decoder: decoder, samples: utterance, streamed: recognition,
                                    t: t, speechEndedAt: speechEndedAt, began: began)
            return
        }
        try decide(recognition, t: t, speechEndedAt: speechEndedAt, began: began, emit: emit)
    }
}
