import Foundation
import Logging
import Parlo
import ParloDesk
import ParloStudy
import Synchronization

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
    func untilInterrupted(_ stop: SessionStop) async {
        FileHandleOutput.stderr("Input ended; the desk page stays up for typed commands. Ctrl-C ends the session.\n")
        await stop.wait()
    }
}

/// One Ctrl-C handler for a whole served session: first it stops the input, and once the input
/// has ended (`--keep-serving`) it ends the wait for typed commands.
///
/// One, because a second `InterruptHandler` in the same process never fires: libdispatch
/// installs its signal handler once, and the first handler's teardown set the signal back to
/// its default, which the second one's `SIG_IGN` then turned into "ignored".
final class SessionStop: Sendable {
    private struct State { var fired = false; var actions: [@Sendable () -> Void] = [] }
    private let state = Mutex(State())
    // @unchecked: the handler is only kept alive here, never used after init.
    private struct Handler: @unchecked Sendable { let handler: InterruptHandler }
    private let handler = Mutex<Handler?>(nil)

    init() {
        let handler = InterruptHandler { [weak self] in self?.fire() }
        self.handler.withLock { $0 = Handler(handler: handler) }
    }

    /// Runs `action` on Ctrl-C, or now if it has come already.
    func onStop(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { s -> Bool in
            if !s.fired { s.actions.append(action) }
            return s.fired
        }
        if now { action() }
    }

    /// Returns after Ctrl-C.
    func wait() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        onStop { continuation.finish() }
        for await _ in stream {}
    }

    private func fire() {
        let actions = state.withLock { s -> [@Sendable () -> Void] in
            s.fired = true
            defer { s.actions = [] }
            return s.actions
        }
        actions.forEach { $0() }
    }
}
