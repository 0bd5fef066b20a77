import Foundation
import ParloAudio
import ParloCatalog
import ParloCommands
import ParloListen
import ParloRecognizer
import ParloSpeech
@testable import ParloStudy

/// Paths and shared objects for the study tests.
enum StudyFixtures {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let grammars = repo.appendingPathComponent("grammars").path
    /// The checkout's sample materials, whatever the working folder or installed copies.
    static let sample = repo.appendingPathComponent("Sources/ParloStudy/Resources/sample").path
    static let sessionScript = repo.appendingPathComponent("audio-fixtures/session/demo-session.txt").path
    static let sessionAudio = repo.appendingPathComponent("audio-fixtures/session/demo-session.wav").path

    /// The study catalog with the answers to Parlo's questions (as `parlo study` loads it), once
    /// per test process.
    static let catalog: Catalog = try! StudyAnswers.adding(to: CatalogLoader.load(folder: grammars))
    static let matcher: CommandMatcher = try! CommandMatcher(catalog: catalog)

    static let directory: String = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-study-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    /// Collects session events (the emit closure runs on the session's actor).
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var _events: [StudyEvent] = []
        var onEvent: (@Sendable (StudyEvent) -> Void)?
        func add(_ e: StudyEvent) { lock.withLock { _events.append(e) }; onEvent?(e) }
        var events: [StudyEvent] { lock.withLock { _events } }
        func of(_ type: String) -> [StudyEvent] { events.filter { $0.type == type } }
        func clear() { lock.withLock { _events.removeAll() } }

        /// Waits (up to `seconds`) until an event of `type` has arrived.
        func wait(for type: String, seconds: Double = 10) async -> StudyEvent? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let e = of(type).last { return e }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return nil
        }
    }

    /// A started session on the sample materials, speaking into `sink`.
    static func session(sink: any SpeechSink, clock: any StudyClock = ManualStudyClock(),
                        character: String = "eva") async throws -> (StudySession, Recorder, SpeechQueue) {
        let recorder = Recorder()
        let characters = CharacterCatalog.defaults
        let queue = SpeechQueue(sink: sink, character: try characters.character(named: character), eventBuffer: 1)
        let registry = VoiceCommandRegistry(matcher: matcher)
        let session = try StudySession(library: try StudyLibrary(root: sample), catalog: catalog, registry: registry, queue: queue,
                                       characters: characters, character: try characters.character(named: character),
                                       clock: clock) { recorder.add($0) }
        await session.start()
        return (session, recorder, queue)
    }

    /// A listener for `session` on the study catalog, as most study tests hear: no level events
    /// and a 0.3 s hangover (`hangover: nil` keeps the pipeline's own). A `recording` gets the
    /// noise floor `parlo study --input` lays under a recording, and waits for its first speech.
    static func listener(_ session: StudySession, hangover: Double? = 0.3, recording: Bool = false) throws -> StudyListener {
        var options = ListenPipeline.Options()
        if let hangover { options.endpointer.hangover = hangover }
        options.emitLevels = false
        let listener = try StudyListener(session: session, catalog: catalog, model: try AcousticModel.locate(), options: options,
                                         noiseFloor: recording ? Recognizer.fileNoiseFloorDB : nil)
        listener.waitForSpeech = recording
        return listener
    }
}
