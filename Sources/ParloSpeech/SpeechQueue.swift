@_exported import ParloSpeechQueue
@_exported import ParloCore
@_exported import ParloText
import Logging
import ParloESpeak

/// The speech queue: one actor that owns the queue rules, synthesis and the sink.
///
/// Audio is written sentence by sentence, never more than `lookaheadFrames` ahead of what the
/// listener has heard, so an interrupt, pause or skip cuts within that look-ahead, and a rate
/// change applies from the next sentence. Events are scheduled on the sink's played position:
/// call `tick()` after the clock moves (tests), or `run()` to tick every 10 ms (devices).
public actor SpeechQueue {
    /// A request to speak: text, its sentences and how.
    public struct Utterance: Sendable {
        public var id: Int
        public var text: String
        public var sentences: [Range<String.Index>]
        public var character: SpeechCharacter
        public var language: Language?
        /// Each sentence's language (`SentenceLanguages`), when the client knows the context.
        public var sentenceLanguages: [Language]?
        public var priority: SpeechPriority
        public var ssml: Bool
    }

    enum Mark {
        case sentenceStart(Int, Int, Range<String.Index>)
        case word(Int, Int, Range<String.Index>)
        case sentenceEnd(Int, Int)
    }

    struct Writer {
        var id: Int
        var sentence: Int
        var from: String.Index?
        var buffer: [Int16] = []
        var written = 0
    }

    public nonisolated let events: AsyncStream<SpeechEvent>
    private let continuation: AsyncStream<SpeechEvent>.Continuation
    public nonisolated let sink: any SpeechSink
    public let lookaheadFrames: Int
    private let synthesizer: any SpeechSynthesizing
    private let segmenter = SentenceSegmenter()
    private let logger: Logger
    public private(set) var character: SpeechCharacter
    public var splitter: LanguageSplitter
    /// Multiplies every voice's words-per-minute, from the next sentence on.
    public private(set) var rateScale = 1.0
    private var logic = SpeechQueueLogic()
    private var utterances: [Int: Utterance] = [:]
    private var nextID = 1
    private var writer: Writer?
    private var timeline: [(frame: Int, mark: Mark)] = []
    private var timelineHead = 0
    private var observers: [@Sendable (SpeechEvent) -> Void] = []
    /// The last sink or synthesis failure, if any (the queue stops on a sink failure).
    public private(set) var lastError: (any Error)?

    public init(sink: any SpeechSink, character: SpeechCharacter = CharacterCatalog.defaults.characters[0],
                synthesizer: any SpeechSynthesizing = Synthesizer(), splitter: LanguageSplitter = .init(),
                lookahead seconds: Double = 0.2, eventBuffer: Int? = nil,
                logger: Logger = Logger(label: "parlo.speech")) {
        // Unbounded by default so no event is lost; pass `eventBuffer` when nobody may read `events`.
        (events, continuation) = AsyncStream.makeStream(of: SpeechEvent.self,
                                                        bufferingPolicy: eventBuffer.map { .bufferingNewest($0) } ?? .unbounded)
        self.sink = sink
        self.character = character
        self.synthesizer = synthesizer
        self.splitter = splitter
        self.lookaheadFrames = max(256, Int(seconds * Double(sink.sampleRate)))
        self.logger = logger
    }

    // MARK: Requests

    /// Queues `text`; returns its id. `sentences` (ranges of `text`) skip segmentation;
    /// `language` forces one language, else `sentenceLanguages` (one per sentence, with
    /// `sentences`) or each sentence's own language picks the voice.
    @discardableResult
    public func enqueue(_ text: String, priority: SpeechPriority = .normal, character: SpeechCharacter? = nil,
                        language: Language? = nil, sentences: [Range<String.Index>]? = nil,
                        sentenceLanguages: [Language]? = nil, ssml: Bool = false) -> Int {
        let id = nextID
        nextID += 1
        let ranges = ssml ? (text.isEmpty ? [] : [text.startIndex..<text.endIndex])
                          : (sentences ?? segmenter.sentences(in: text))
        utterances[id] = Utterance(id: id, text: text, sentences: ranges, character: character ?? self.character,
                                   language: language,
                                   sentenceLanguages: sentenceLanguages?.count == ranges.count ? sentenceLanguages : nil,
                                   priority: priority, ssml: ssml)
        apply(logic.enqueue(.init(id: id, priority: priority, sentenceCount: ranges.count)))
        pump()
        return id
    }

    public func pause() { apply(logic.pause()); pump() }
    public func resume() { apply(logic.resume()); pump() }
    public func skip(_ unit: SkipUnit = .sentence) { apply(logic.skip(unit)); pump() }
    public func previous() { apply(logic.previous()); pump() }
    public func repeatSentence() { apply(logic.repeatSentence()); pump() }
    public func stop() { apply(logic.stop()); pump() }
    public func setCharacter(_ c: SpeechCharacter) { character = c }

    /// Sets the speaking-rate multiplier (clamped to 0.3–3), used from the next sentence.
    public func setRate(_ scale: Double) { rateScale = min(3, max(0.3, scale)) }

    /// Nothing speaking, nothing waiting.
    public var isIdle: Bool { logic.isIdle }
    public var isPaused: Bool { logic.paused }
    /// The current utterance and sentence index, if any.
    public var position: (id: Int, sentence: Int)? { logic.current.map { ($0.item.id, $0.sentence) } }

    /// Emits what has been heard and writes more audio. Cheap; call whenever the clock moved.
    public func tick() { pump() }

    /// Ticks every `interval` until the task is cancelled: the driver for device sinks.
    public func run(every interval: Duration = .milliseconds(10)) async {
        while !Task.isCancelled {
            pump()
            try? await Task.sleep(for: interval)
        }
    }

    /// Ends the event stream (after a final `stop()`).
    public func finish() {
        apply(logic.stop())
        continuation.finish()
    }

    // MARK: Driving

    private func apply(_ actions: [SpeechQueueLogic.Action]) {
        for action in actions {
            switch action {
            case .start(let id):
                emit(.started(id: id, t: playedSeconds))
            case .play(let id, let sentence, let from):
                let text = utterances[id]?.text ?? ""
                writer = Writer(id: id, sentence: sentence, from: from.map { text.utf8.index(text.startIndex, offsetBy: $0) })
            case .cut:
                do { try sink.flush() } catch { fail(error) }
                timeline.removeAll()
                timelineHead = 0
                writer = nil
            case .finish(let id):
                utterances[id] = nil
                emit(.finished(id: id, t: playedSeconds))
            case .cancel(let id):
                utterances[id] = nil
                emit(.cancelled(id: id, t: playedSeconds))
            }
        }
    }

    /// Also delivers every event synchronously to `observer`, in order, on the queue's actor
    /// (for UIs that must not lag a task hop, and for deterministic tests).
    public func observe(_ observer: @escaping @Sendable (SpeechEvent) -> Void) { observers.append(observer) }

    /// Seconds of audio the listener has heard: the playback clock of every event.
    private var playedSeconds: Double { seconds(sink.playedFrames) }
    private func seconds(_ frames: Int) -> Double { Double(frames) / Double(sink.sampleRate) }

    private func emit(_ event: SpeechEvent) {
        continuation.yield(event)
        for o in observers { o(event) }
    }

    private func fail(_ error: any Error) {
        lastError = error
        logger.error("speech output failed: \(error)")
    }

    private func pump() {
        var progressed = true
        while progressed {
            progressed = false
            let played = sink.playedFrames
            while timelineHead < timeline.count, timeline[timelineHead].frame <= played {
                let (frame, mark) = timeline[timelineHead]
                timelineHead += 1
                if timelineHead > 256, timelineHead * 2 > timeline.count {
                    timeline.removeFirst(timelineHead)
                    timelineHead = 0
                }
                hear(mark, t: seconds(frame))
                progressed = true
            }
            if writeMore() { progressed = true }
        }
    }

    private func hear(_ mark: Mark, t: Double) {
        switch mark {
        case .sentenceStart(let id, let index, let range):
            emit(.sentence(id: id, index: index, range: range, t: t))
        case .word(let id, let sentence, let range):
            emit(.word(id: id, sentence: sentence, range: range, t: t))
            if let text = utterances[id]?.text {
                logic.heard(id, sentence: sentence, word: text.utf8.distance(from: text.startIndex, to: range.lowerBound))
            }
        case .sentenceEnd(let id, let sentence):
            apply(logic.sentenceEnded(id, sentence: sentence))
        }
    }

    /// Writes up to the look-ahead; synthesises the next sentence when the buffer is empty.
    private func writeMore() -> Bool {
        guard var w = writer, let u = utterances[w.id] else { return false }
        let room = lookaheadFrames - (sink.writtenFrames - sink.playedFrames)
        guard room > 0 else { return false }
        if w.written == w.buffer.count {
            guard w.sentence < u.sentences.count else { writer = nil; return false }
            let base = sink.writtenFrames
            do {
                w.buffer = try synthesize(u, sentence: w.sentence, from: w.from, base: base)
            } catch {
                fail(error)
                writer = nil
                apply(logic.skip(.utterance))
                return true
            }
            w.written = 0
            w.sentence += 1
            w.from = nil
        }
        let n = min(room, w.buffer.count - w.written)
        if n > 0 {
            do { try sink.write(Array(w.buffer[w.written..<(w.written + n)])) } catch {
                fail(error)
                apply(logic.stop())
                return true
            }
            w.written += n
        }
        writer = w
        return true
    }

    /// Synthesises one sentence (from a word, on resume) and schedules its marks at `base`.
    private func synthesize(_ u: Utterance, sentence index: Int, from: String.Index?, base: Int) throws -> [Int16] {
        let sentence = u.sentences[index]
        let start = from.map { max($0, sentence.lowerBound) } ?? sentence.lowerBound
        let speech: SynthesizedSpeech
        if u.ssml {
            let lang = u.language ?? splitter.detector.detect(u.text) ?? splitter.fallback
            var voice = u.character.voice(for: lang)
            voice.rate = Int((Double(voice.rate) * rateScale).rounded())
            speech = try synthesizer.synthesize(u.text, range: start..<sentence.upperBound, voice: voice, ssml: true)
        } else {
            speech = try synthesizer.synthesize(u.text, range: start..<sentence.upperBound, as: u.character,
                                                language: u.language, sentenceLanguage: u.sentenceLanguages?[index],
                                                splitter: splitter, rateScale: rateScale)
        }
        if from == nil { timeline.append((base, .sentenceStart(u.id, index, sentence))) }
        for word in speech.words { timeline.append((base + word.sample, .word(u.id, index, word.range))) }
        timeline.append((base + speech.samples.count, .sentenceEnd(u.id, index)))
        return speech.samples
    }
}
