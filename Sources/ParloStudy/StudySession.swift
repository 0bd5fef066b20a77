import Logging
import ParloCatalog
import ParloCommands
import ParloCore
import ParloListen
import ParloSpeech

/// A hands-free study session: the state of one student at the desk, driven by voice commands.
///
/// The session is a client of Parlo's public API only, the way an app would use it: it registers
/// one handler per catalog command on a `VoiceCommandRegistry`, speaks through a `SpeechQueue`,
/// and reports everything as `StudyEvent`s. It never decodes audio itself: typed text goes to
/// `handle(text:)`, and `StudyListener` feeds it recognised speech.
///
/// While Parlo speaks, only the reading controls (and help) are active: the registry's "study"
/// scope is switched off, so Parlo's own voice leaking into the microphone cannot open a subject
/// or set a timer. `SpeakingGate` carries the same state to the voice interpreter, which also
/// demands a higher confidence then.
///
/// A spoken command with a slot value that the recognizer is unsure of is asked back ("Ten
/// minutes?") rather than performed: see `StudySession+Question.swift`.
public actor StudySession {
    /// Commands that stay active while Parlo speaks (barge-in).
    public static let readingControls: Set<String> = ["pause", "resume", "next", "previous", "repeat", "stop",
                                                      "faster", "slower", "help"]
    public static let studyScope = "study"
    public static let readingScope = "reading"
    /// The answers ("yes", "no"): active only while a question is pending.
    public static let questionScope = "question"

    /// What is being read: a material, or one page of a PDF (`page`, an index into its
    /// `pages`). `sentence` and `total` count on the page; the queue was handed the page's
    /// sentences from `offset` on, so its sentence numbers are `offset` less.
    struct Reading { var id: Int; var material: Int; var sentence = 0; var total: Int; var page: Int? = nil; var offset = 0 }
    struct FocusTimer { var deadline: Double; var minutes: Int; var language: Language }

    public nonisolated let library: StudyLibrary
    public nonisolated let registry: VoiceCommandRegistry
    public nonisolated let queue: SpeechQueue
    /// Shared with the voice interpreter: whether Parlo is speaking (what can be said lives in
    /// the registry's scopes, `registry.activeSet`).
    public nonisolated let gate = SpeakingGate()
    let help: StudyHelp
    let commands: [String]
    let characters: CharacterCatalog
    let clock: any StudyClock
    let report: @Sendable (StudyEvent) -> Void
    /// The session clock's reading at start: events' `t` counts from it.
    let origin: Double
    let logger: Logger

    public internal(set) var character: SpeechCharacter
    public internal(set) var subject: String?
    public internal(set) var materialIndex = 0
    /// The current page of a PDF material (an index into its `pages`): what "read this page"
    /// reads; 0 for other materials.
    public internal(set) var pageIndex = 0
    var reading: Reading?
    var timer: FocusTimer?
    var lastReply: (text: String, language: Language)?
    /// Utterances enqueued and not yet finished or cancelled.
    var pending: Set<Int> = []
    /// Ids this session enqueued, and queue events that arrived before their id was known.
    var known: Set<Int> = []
    var early: [Int: [SpeechEvent]] = [:]
    var speakingScope: Bool?
    /// "pause" holds the queue: nothing plays until "resume" or "stop", so Parlo is not
    /// speaking (every command can be said) whether a reading or a reply was held.
    var paused = false
    var source = "text"
    /// The recognition confidence of the spoken command being handled (nil: typed).
    var confidence: Double?
    /// The command asked back and waiting for "yes" or "no".
    var question: Question?
    var askBackThreshold = StudySession.askBackBelow
    var speechTask: Task<Void, Never>?

    /// - Parameters:
    ///   - catalog: the command catalog the registry's matcher was built from (help and the list
    ///     of commands to register come from it).
    ///   - help: built from `catalog` when nil. Building it expands every catalog sentence
    ///     (≈ 10 ms): pass one built once when making many sessions on one catalog.
    ///   - emit: receives every event, in order, from the session's actor.
    public init(library: StudyLibrary, catalog: Catalog, registry: VoiceCommandRegistry, queue: SpeechQueue,
                characters: CharacterCatalog = .defaults, character: SpeechCharacter? = nil,
                clock: any StudyClock = SystemStudyClock(), logger: Logger = Logger(label: "parlo.study"),
                help: StudyHelp? = nil, emit: @escaping @Sendable (StudyEvent) -> Void) throws {
        self.library = library
        self.registry = registry
        self.queue = queue
        self.help = try help ?? StudyHelp(catalog: catalog)
        self.commands = catalog.commands.map(\.name)
        self.characters = characters
        self.character = character ?? characters.characters[0]
        self.clock = clock
        self.logger = logger
        self.report = emit
        self.origin = clock.now()
    }

    /// Stamps `kind` with the session clock and hands it to the event sink.
    func emit(_ kind: StudyEvent.Kind) { report(StudyEvent(t: clock.now() - origin, kind)) }

    /// Registers a handler for every catalog command, follows the speech queue and opens the
    /// "study" scope. Call once before the first command.
    public func start() async {
        let known = Dictionary(uniqueKeysWithValues: Self.handlers.map { ($0.name, $0) })
        for name in commands {
            if StudyAnswers.commands.contains(name) {
                await registry.register(name, scope: Self.questionScope) { [weak self] match in
                    try await self?.answer(confirmed: name == StudyAnswers.confirm, match)
                }
                continue
            }
            let scope = Self.readingControls.contains(name) ? Self.readingScope : Self.studyScope
            guard let type = known[name] else {
                // A catalog command the session has no handler for still answers, with the fix.
                await registry.register(name, scope: scope) { _ in
                    throw StudyError(.badCommand, "no study handler for '\(name)' — add one in StudyCommands.swift")
                }
                continue
            }
            await registry.register(name, scope: scope) { [weak self] match in
                try await self?.perform(try type.init(match), match)
            }
        }
        await queue.setCharacter(character)
        let (stream, continuation) = AsyncStream.makeStream(of: SpeechEvent.self)
        await queue.observe { continuation.yield($0) }
        speechTask = Task { [weak self] in
            for await event in stream { await self?.speech(event) }
        }
        await registry.deactivate(scope: Self.questionScope)
        await updateScopes()
    }

    /// Stops following the queue (the session can be dropped afterwards).
    public func close() { speechTask?.cancel() }

    /// Handles one typed command: matched among the active commands, then dispatched.
    /// Rejections are reported as "rejected" events.
    ///
    /// - Parameter confidence: for text that was spoken, its recognition's confidence (see
    ///   `handle(_:source:confidence:)`); nil for typed text, which is never asked back.
    @discardableResult
    public func handle(text: String, source: String = "text", confidence: Double? = nil) async -> VoiceCommandRegistry.DispatchReport {
        await prepare(source: source, confidence: confidence)
        return await reportOutcome(await registry.handle(text: text))
    }

    /// Handles a command a listener already matched (`ListenEvent.command`): dispatched as it is,
    /// never matched again. `source` ("voice", "text") goes into the command event.
    ///
    /// - Parameter confidence: the probability that the recognition, or its least sure slot value,
    ///   is right (`StudyListener.withConfidence`); below `askBackThreshold` a command with slot values is
    ///   asked back instead of performed. Nil: never asked back.
    @discardableResult
    public func handle(_ match: MatchResult, source: String = "voice", confidence: Double? = nil) async -> VoiceCommandRegistry.DispatchReport {
        await prepare(source: source, confidence: confidence)
        return await reportOutcome(await registry.dispatch(match))
    }

    private func prepare(source: String, confidence: Double?) async {
        self.source = source
        self.confidence = confidence
        await expireQuestion()
    }

    private func reportOutcome(_ report: VoiceCommandRegistry.DispatchReport) async -> VoiceCommandRegistry.DispatchReport {
        let text = report.match.text
        switch report.outcome {
        case .handled: break
        case .rejected:
            emit(.rejected(.init(text: text, reason: report.match.reason ?? "no command", whileSpeaking: isSpeaking)))
            // A typed line that is no command gets an answer, in its language as far as it shows;
            // speech does not (noise and chatter would make Parlo talk back all day). The answer
            // queues behind a reply being spoken (typed lines come faster than replies), but
            // nothing is added to a reading or a pause.
            if source == "text", reading == nil, !paused {
                await say(StudyReplies.didNotCatch, LanguageDetector().detect(text) ?? lastReply?.language ?? .en)
            }
        case .failed(let why):
            emit(.error(.init(text: text, reason: why)))
        case .timedOut:
            emit(.error(.init(text: text, reason: "handler timed out")))
        }
        return report
    }

    /// Announces the end of the focus timer once its time has come (call every second or so).
    public func checkTimer() async {
        await expireQuestion()
        guard let t = timer, clock.now() >= t.deadline else { return }
        timer = nil
        emit(.timerEnded(.init(minutes: t.minutes)))
        await say(StudyReplies.timerEnded(t.minutes), t.language)
    }

    /// Whether Parlo is speaking (a reply or a reading, not paused).
    public var isSpeaking: Bool { !pending.isEmpty && !paused }
    /// Whether a reading is running or paused.
    public var isReading: Bool { reading != nil }
    /// Seconds left on the focus timer, if one runs.
    public var timerRemaining: Double? { timer.map { max(0, $0.deadline - clock.now()) } }
    public var currentMaterial: StudyMaterial? {
        subject.flatMap { library.subjects[$0]?.materials }.flatMap { $0.indices.contains(materialIndex) ? $0[materialIndex] : nil }
    }

    /// Returns once nothing is queued or playing (ticking the queue): for file output, where
    /// there is no device clock to wait for.
    ///
    /// A paused queue plays nothing until "resume", which can only come from the next command:
    /// waiting for it to fall quiet would block the session for good, so it counts as quiet.
    public func waitUntilQuiet() async {
        while isSpeaking {
            await queue.tick()
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    // MARK: Speaking

    /// Speaks a reply in `language` with the current character and reports it.
    func say(_ text: StudyReplies.Text, _ language: Language, priority: SpeechPriority = .normal) async {
        let line = StudyReplies.pick(text, language)
        lastReply = (line, language)
        emit(.reply(line, language: language, character: character))
        let id = await queue.enqueue(line, priority: priority, character: character, language: language)
        await track(id)
    }

    /// Starts tracking utterance `id`: `prepare` runs first (e.g. recording the reading), then
    /// any events the queue sent before the id was known are replayed, without a suspension in
    /// between, so progress and the end of speech are never lost or reordered (a file sink has
    /// no clock and may finish an utterance inside `enqueue`).
    func track(_ id: Int, prepare: () -> Void = {}) async {
        known.insert(id)
        pending.insert(id)
        prepare()
        for event in early.removeValue(forKey: id) ?? [] { apply(event) }
        await updateScopes()
    }

    /// Follows the queue: reading progress, and when speech ends the full command set returns.
    func speech(_ event: SpeechEvent) async {
        guard known.contains(event.id) else { return early[event.id, default: []].append(event) }
        apply(event)
        guard event.isEnd else { return }
        // A pause holds what was speaking; once that has ended ("next" past the last sentence
        // of a paused reading), it must not hold back the replies that come after.
        if paused && pending.isEmpty {
            paused = false
            await queue.resume()
        }
        await updateScopes()
    }

    /// Cancels everything queued and playing; the queue forgets its pause, and so does the session.
    func stopQueue() async {
        await queue.stop()
        paused = false
    }

    private func apply(_ event: SpeechEvent) {
        switch event {
        case .sentence(let id, let index, let range, _) where id == reading?.id:
            guard var r = reading, let m = material(r.material) else { return }
            r.sentence = r.offset + index
            reading = r
            let global = m.sentenceIndex(r.sentence, page: r.page)
            emit(.sentence(.init(index: r.sentence, total: r.total, text: String(m.text[range]),
                                 language: m.languages.indices.contains(global) ? m.languages[global].rawValue : nil)))
        case .word(let id, let index, let range, let t) where id == reading?.id:
            guard let r = reading, let m = material(r.material) else { return }
            let global = m.sentenceIndex(r.offset + index, page: r.page)
            guard m.sentences.indices.contains(global) else { return }
            let start = m.sentences[global].lowerBound
            let chars = [m.text.utf16.distance(from: start, to: range.lowerBound), m.text.utf16.distance(from: start, to: range.upperBound)]
            emit(.word(.init(sentence: r.offset + index, chars: chars, text: String(m.text[range]), audioT: (t * 1000).rounded() / 1000)))
        case .finished(let id, _), .cancelled(let id, _):
            pending.remove(id)
            known.remove(id)
            if reading?.id == id { endReading(finished: event.name == "finished") }
        default: break
        }
    }

    /// Reports the end of the current reading (finished, or stopped) and forgets it: a reading
    /// replaced before the queue's cancel event arrives is still reported.
    func endReading(finished: Bool) {
        guard let r = reading else { return }
        reading = nil
        let at = StudyEvent.ReadingPosition(index: r.sentence, total: r.total)
        emit(finished ? .readingFinished(at) : .readingStopped(at))
    }

    /// While speaking: reading controls only; otherwise everything.
    func updateScopes() async {
        let speaking = isSpeaking
        guard speaking != speakingScope else { return refreshGate() }
        speakingScope = speaking
        if speaking { await registry.deactivate(scope: Self.studyScope) } else { await registry.activate(scope: Self.studyScope) }
        await registry.activate(scope: Self.readingScope)
        refreshGate()
        emit(.listening(.init(for: speaking ? "reading_controls" : "all")))
    }

    private func refreshGate() { gate.set(speaking: isSpeaking) }

    func material(_ index: Int) -> StudyMaterial? {
        guard let s = subject, let list = library.subjects[s]?.materials, list.indices.contains(index) else { return nil }
        return list[index]
    }
}

extension MatchResult {
    /// The language to reply in.
    var speechLanguage: Language { language ?? .en }
}
