import ParloCapture
import ParloCatalog
import ParloCommands
import ParloRecognizer
import ParloListen

/// Drives a study session from audio: capture stream → `ListenPipeline` → session.
///
/// The pipeline stays synchronous; commands it reports are handed to the session right after
/// each chunk, so a reading control acts within one capture period (barge-in).
public final class StudyListener {
    public let session: StudySession
    public let pipeline: ListenPipeline
    /// Wait for speech to end after each command before reading more audio: for recorded input
    /// played faster than real time with file output, where nothing else paces the two.
    public var waitForSpeech = false

    public init(session: StudySession, pipeline: ListenPipeline) {
        self.session = session
        self.pipeline = pipeline
    }

    /// Consumes `stream` until it ends; `observe` sees every listening event (for --json).
    public func run(_ stream: CaptureStream, observe: (ListenEvent) -> Void = { _ in }) async throws {
        var events: [ListenEvent] = []
        for try await chunk in stream {
            try pipeline.process(chunk) { events.append($0) }
            await deliver(&events, observe)
            await session.checkTimer()
        }
        try pipeline.finish { events.append($0) }
        await deliver(&events, observe)
    }

    private func deliver(_ events: inout [ListenEvent], _ observe: (ListenEvent) -> Void) async {
        for event in events {
            observe(event)
            if case .command(_, _, let text, _) = event {
                await session.handle(text: text, source: "voice")
                if waitForSpeech { await session.waitUntilQuiet() }
            }
        }
        events.removeAll()
    }
}

extension StudyListener {
    /// Builds the listening side for `session` from a compiled catalog: a recognizer on the
    /// catalog grammar, and a `StudyInterpreter` that matches with the catalog's sentences and
    /// reads the session's gate.
    public convenience init(session: StudySession, compiled: CompiledCatalog, model: AcousticModel,
                            options: ListenPipeline.Options = .init()) throws {
        let recognizer = try CatalogRecognizer(compiled: compiled, model: model)
        let interpreter = StudyInterpreter(matcher: CommandMatcher(sentences: compiled.sentences), gate: session.gate)
        self.init(session: session, pipeline: ListenPipeline(recognizer: recognizer.primary, interpreter: interpreter,
                                                             options: options))
    }
}
