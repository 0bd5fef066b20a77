import Foundation
import Logging
import Parlo
import ParloDesk
import ParloStudy

/// `parlo study --serve`: the desk page beside the session (docs/desk.md).
extension StudyCommand {
    /// Binds the desk's address and prints the URL to open (stderr: stdout stays the session's
    /// lines or JSON). Nil without --serve.
    func startDesk(logger: Logger) async throws -> DeskServer? {
        guard let address = desk.address else { return nil }
        if !address.isLoopback {
            printError("warning: the desk on \(address.host) can be reached from other machines; anyone with its URL can drive this session")
        }
        let server = try await DeskServer.start(address: address, logger: logger)
        FileHandleOutput.stderr("Desk page: \(server.url)\(desk.pushToTalk ? "&ptt=1" : "")\n")
        return server
    }

    /// Hands the page's requests to the session: typed lines take the `--text` path, the talk
    /// button moves the push-to-talk gate.
    func follow(_ server: DeskServer, session: StudySession, talk: PushToTalk?) -> Task<Void, Never> {
        let quiet = out != nil
        return Task {
            for await request in server.hub.requests {
                switch request {
                case .text(let line):
                    await session.handle(text: line)
                    // A file has no clock: write the reply before taking the next line, as --text does.
                    if quiet { await session.waitUntilQuiet() }
                case .talk(let down):
                    talk?.set(held: down)
                }
            }
        }
    }

    /// The listening events the page shows beside the session's own: the level meter, speech
    /// starting and ending, partial text and speech rejected (the session reports commands).
    static func forDesk(_ event: ListenEvent) -> Bool {
        switch event {
        case .level, .speechStart, .speechEnd, .partial, .rejected: return true
        default: return false
        }
    }

    /// Waits for Ctrl-C (or SIGTERM): `--keep-serving` after the input has ended.
    func untilInterrupted() async {
        FileHandleOutput.stderr("Input ended; the desk page stays up for typed commands. Ctrl-C ends the session.\n")
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let handler = InterruptHandler { continuation.finish() }
        for await _ in stream {}
        withExtendedLifetime(handler) {}
    }
}
