import Foundation
import ParloAudio
import ParloCapture
import ParloCatalog
import ParloGrammar
import ParloCommands
import ParloCore
import ParloListen
import ParloRecognizer
import ParloSpeech
@testable import ParloStudy

/// A decoder whose final hypotheses are a script: the utterances are found by the real level
/// meter and endpointer, streamed through a real recognizer (`ListenPipeline` needs one for
/// partials), and each one "is heard" as the script's next line.
final class ScriptedDecoder: UtteranceDecoder {
    let recognizer: Recognizer
    let script: [String]
    private(set) var decoded = 0

    init(recognizer: Recognizer, script: [String]) { self.recognizer = recognizer; self.script = script }

    func decodeUtterance(_ samples: [Int16]) throws -> Recognition {
        let text = decoded < script.count ? script[decoded] : ""
        decoded += 1
        return Recognition(text: text, words: [], score: 0, audioSeconds: Double(samples.count) / Double(SpeechFormat.sampleRate),
                           rejected: text.isEmpty)
    }
}

/// Microphone chunks made on demand: before handing over each chunk the sequence moves Parlo's
/// playback clock by the chunk's duration and checks the world, so what the listener hears and
/// what Parlo has said stay in step (as with a real microphone and speakers), deterministically.
struct ScriptedMic: AsyncSequence {
    typealias Element = AudioChunk
    let produce: @Sendable () async -> AudioChunk?

    struct AsyncIterator: AsyncIteratorProtocol {
        let produce: @Sendable () async -> AudioChunk?
        func next() async -> AudioChunk? { await produce() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(produce: produce) }
}

/// One random sequence through the audio path: microphone chunks → `StudyListener` (its two
/// pipelines, `CommandInterpreter`s on the session's gate, the delivery between them) → session.
final class AudioFuzzRun: @unchecked Sendable {
    static let chunk = 1_600   // 100 ms, a common capture period
    /// The two decoders' streaming recognizers, built once: the full catalog, and the reading
    /// controls with the phone loop used while Parlo speaks (as `StudyListener` builds them).
    /// Built once and only read afterwards; each fuzz sequence streams through its own pipeline.
    nonisolated(unsafe) static let recognizers: (full: CatalogRecognizer, controls: CatalogRecognizer) = {
        let model = try! AcousticModel.locate()
        var controls = StudyFixtures.catalog
        controls.commands = controls.commands.filter { StudySession.readingControls.contains($0.name) }
        return (try! CatalogRecognizer(compiled: StudyListener.compile(StudyFixtures.catalog, model: model), model: model,
                                       rejection: Rejection.streamingFloors),
                try! CatalogRecognizer(compiled: StudyListener.compile(controls, model: model), model: model,
                                       rejection: StudyListener.whileSpeakingRejection))
    }()
    /// Both decoders' matchers, built once (each expands and normalises every sentence).
    static let matchers = (full: recognizers.full.compiled.matcher(),
                           controls: recognizers.controls.compiled.matcher())
    /// A minute of room noise, sliced for the gaps (making it costs more than decoding them).
    static let roomNoise: [Int16] = { var seed: UInt64 = 7; return RoomNoise.samples(16_000 * 60, seed: &seed) }()
    /// Read and written only under `cacheLock`.
    nonisolated(unsafe) static var audioCache: [String: [Int16]] = [:]
    static let cacheLock = NSLock()

    let world: StudyFuzzWorld
    private var decoders: [ScriptedDecoder] = []
    private var pending: [[Int16]] = []
    private var steps: ArraySlice<FuzzStep>
    private var position = 0
    private var noiseAt: Int

    init(world: StudyFuzzWorld, steps: [FuzzStep], seed: UInt64) {
        self.world = world
        self.steps = steps[...]
        noiseAt = Int(seed % UInt64(Self.roomNoise.count))
    }

    /// A 120 ms burst of loud noise: long enough for the endpointer, as short as it gets, since
    /// the streaming recognizer still decodes it (the script gives the result).
    static let burst: [Int16] = { var rng = SeededRandom(seed: 3); return (0..<1_920).map { _ in Int16(rng.signedUnit() * 6_000) } }()

    /// Speech for `text`: its fixture recording, or (scripted) the burst.
    static func speech(for text: String, recorded: Bool) -> [Int16] {
        guard recorded, let path = FuzzScript.fixtures.first(where: { $0.text == text })?.audio else { return burst }
        return cacheLock.withLock {
            if let cached = audioCache[path] { return cached }
            let samples = (try? AudioFileReader(path: path).readAll()) ?? []
            audioCache[path] = samples
            return samples
        }
    }

    /// Feeds the sequence to a listener built on the world's session; returns the listener.
    func run(recorded: Bool, waitForSpeech: Bool) async throws -> StudyListener {
        let script = steps.compactMap { if case .say(let t) = $0 { return t } else { return nil } }
        var options = ListenPipeline.Options()
        options.emitLevels = false
        if !recorded {
            options.finalPass = .batch
            options.endpointer.preRoll = 0.02
            options.endpointer.hangover = 0.06
        } else {
            options.finalPass = .streaming   // the shared recognizers are warm after the first sequence
            options.endpointer.hangover = 0.3
        }
        func pipeline(_ r: CatalogRecognizer, _ matcher: CommandMatcher, _ role: CommandInterpreter.Role) -> ListenPipeline {
            let interpreter = CommandInterpreter(matcher: matcher, gate: world.session.gate, registry: world.session.registry, role: role)
            let scripted = ScriptedDecoder(recognizer: r.primary, script: script)
            if !recorded { decoders.append(scripted) }
            let decoder: any UtteranceDecoder = recorded ? r.primary : scripted
            return ListenPipeline(recognizer: decoder, interpreter: interpreter, options: options)
        }
        let listener = StudyListener(session: world.session,
                                     pipeline: pipeline(Self.recognizers.full, Self.matchers.full, .whenSilent),
                                     bargeIn: pipeline(Self.recognizers.controls, Self.matchers.controls, .whileSpeaking))
        listener.waitForSpeech = waitForSpeech
        try await listener.run(ScriptedMic { [self] in await self.next(recorded: recorded) })
        for d in decoders where d.decoded != script.count && world.problems.isEmpty {
            world.problem("the pipeline found \(d.decoded) utterances where \(script.count) were said")
        }
        return listener
    }

    /// The next 100 ms of microphone audio, after Parlo's clock moved by as much.
    private func next(recorded: Bool) async -> AudioChunk? {
        await world.check("chunk \(position / Self.chunk)")
        guard world.problems.isEmpty else { return nil }
        while pending.isEmpty, let step = steps.popFirst() {
            switch step {
            case .say(let text):
                pending = Self.split(room(0.2) + Self.speech(for: text, recorded: recorded) + room(recorded ? 0.5 : 0.2))
            case .play(let n): pending = Self.split(room(Double(n) * 0.05))
            case .minutes(let m):
                world.clock.advance(by: Double(m) * 60)   // the listener checks the timer after each chunk
                pending = Self.split(room(0.1))
            }
        }
        guard !pending.isEmpty else { return nil }
        let samples = pending.removeFirst()
        world.sink.advance(seconds: Double(samples.count) / 16_000)
        await world.queue.tick()
        defer { position += samples.count }
        return AudioChunk(samples: samples, start: position)
    }

    private func room(_ seconds: Double) -> [Int16] {
        let n = Int(seconds * 16_000)
        if noiseAt + n > Self.roomNoise.count { noiseAt = 0 }
        defer { noiseAt += n }
        return Array(Self.roomNoise[noiseAt..<(noiseAt + n)])
    }

    private static func split(_ samples: [Int16]) -> [[Int16]] {
        stride(from: 0, to: samples.count, by: chunk).map { Array(samples[$0..<min($0 + chunk, samples.count)]) }
    }
}
