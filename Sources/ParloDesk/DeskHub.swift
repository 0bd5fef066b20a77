import Foundation
import ParloCore
import Synchronization

/// Fans the session's event lines out to every connected page, and the pages' requests in.
///
/// `send` is called from the session's event callback, which must never wait on a slow browser:
/// each page gets its own bounded buffer (`AsyncStream`, newest kept), drained by that page's
/// socket writer. A page that falls 4096 lines behind loses the oldest, never stalls Parlo.
public final class DeskHub: Sendable {
    private struct State {
        var clients: [Int: AsyncStream<String>.Continuation] = [:]
        var next = 0
        var everConnected = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())
    private let requestStream: AsyncStream<DeskRequest>
    private let requestContinuation: AsyncStream<DeskRequest>.Continuation

    public init() {
        (requestStream, requestContinuation) = AsyncStream.makeStream(of: DeskRequest.self)
    }

    /// The pages' requests, in arrival order, until `finish()`.
    public var requests: AsyncStream<DeskRequest> { requestStream }

    /// Number of pages connected now.
    public var clientCount: Int { state.withLock { $0.clients.count } }

    /// Sends one JSON line to every page.
    public func send(_ line: String) {
        for c in state.withLock({ Array($0.clients.values) }) { c.yield(line) }
    }

    /// Sends one event as the JSON line `--json` prints (the same encoder, the same schema).
    public func send<Event: Encodable>(event: Event) {
        guard clientCount > 0, let line = try? JSONLinesEncoder().line(event) else { return }
        send(line)
    }

    /// A page connected: the lines it is to be sent, and its id for `leave`.
    func join() -> (id: Int, lines: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(4096))
        let (id, waiters) = state.withLock { s -> (Int, [CheckedContinuation<Void, Never>]) in
            s.next += 1
            s.clients[s.next] = continuation
            s.everConnected = true
            defer { s.waiters = [] }
            return (s.next, s.waiters)
        }
        waiters.forEach { $0.resume() }
        return (id, stream)
    }

    func leave(_ id: Int) {
        state.withLock { $0.clients.removeValue(forKey: id) }?.finish()
    }

    func receive(_ request: DeskRequest) { requestContinuation.yield(request) }

    /// Returns once a page has connected (at once if one already did): `--wait-for-page`.
    public func waitForPage() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let now = state.withLock { s -> Bool in
                if s.everConnected { return true }
                s.waiters.append(c)
                return false
            }
            if now { c.resume() }
        }
    }

    /// Ends `waitForPage` without a page (Ctrl-C while waiting); later waits return at once.
    public func stopWaiting() {
        let waiters = state.withLock { s in
            defer { s.waiters = []; s.everConnected = true }
            return s.waiters
        }
        waiters.forEach { $0.resume() }
    }

    /// Ends every page's stream and the requests (the session is over).
    public func finish() {
        let (clients, waiters) = state.withLock { s in
            defer { s.clients = [:]; s.waiters = [] }
            return (Array(s.clients.values), s.waiters)
        }
        clients.forEach { $0.finish() }
        waiters.forEach { $0.resume() }
        requestContinuation.finish()
    }
}
