import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import Synchronization

/// The desk page's server: the page's three files over HTTP and the session's events over a
/// WebSocket at `/ws`, on Hummingbird, every request checked by `DeskAccess`.
///
/// It lives as long as the study session: `start` binds (failing at once, in one line, when the
/// address is taken), `stop` ends the pages' sockets and the server.
public final class DeskServer: Sendable {
    public let hub: DeskHub
    public let access: DeskAccess
    private let task: Task<Void, any Error>

    /// The URL to open, token included.
    public var url: String { "http://\(access.address.urlHost):\(access.address.port)/?token=\(access.token)" }

    private init(hub: DeskHub, access: DeskAccess, task: Task<Void, any Error>) {
        self.hub = hub
        self.access = access
        self.task = task
    }

    /// Binds `address` and serves until `stop()`. Hummingbird's own lines are left out but for
    /// critical ones: it logs a normal shutdown's cancelled connections as errors.
    public static func start(address: DeskAddress, token: DeskToken = .random(), hub: DeskHub = DeskHub(),
                             logger: Logger = Logger(label: "parlo.desk")) async throws -> DeskServer {
        var quiet = logger
        quiet.logLevel = .critical
        // The real port is known once bound; requests before that cannot arrive.
        let bound = Mutex<DeskAccess?>(nil)
        let startup = DeskStartup()
        let app = Application(
            responder: DeskResponder(access: { bound.withLock { $0 } }),
            server: .http1WebSocketUpgrade { request, _, _ in
                guard let access = bound.withLock({ $0 }) else { return .dontUpgrade }
                let target = request.path ?? ""
                guard target.hasPrefix("/ws"), URLComponents(string: target)?.path == "/ws" else { return .dontUpgrade }
                let verdict = access.check(target: target, authority: request.authority,
                                           origin: request.headerFields[.origin], webSocket: true)
                guard verdict == .allow else {
                    // NIO answers a refused upgrade with 400 and closes; a plain GET of /ws
                    // (no upgrade asked) gets DeskResponder's status and reason instead.
                    logger.info("desk: refused a WebSocket: \(verdict)")
                    return .dontUpgrade
                }
                return .upgrade([:]) { inbound, outbound, _ in try await serve(hub, inbound, outbound) }
            },
            configuration: .init(address: .hostname(address.host, port: address.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? address.port
                bound.withLock { $0 = DeskAccess(token: token, address: DeskAddress(host: address.host, port: port)) }
                startup.settle(.success(port))
            },
            logger: quiet)
        let task = Task {
            do { try await app.run() } catch {
                startup.settle(.failure(error))
                throw error
            }
            startup.settle(.failure(DeskError("the desk server stopped before it started")))
        }
        do {
            let port = try await startup.outcome()
            return DeskServer(hub: hub, access: DeskAccess(token: token, address: DeskAddress(host: address.host, port: port)), task: task)
        } catch {
            task.cancel()
            throw DeskError("cannot serve the desk on \(address): \(Self.reason(error))")
        }
    }

    /// The system's reason in words ("address already in use"), not NIO's call trace.
    static func reason(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("Address already in use") { return "address already in use (leave the port out for a free one)" }
        if text.contains("Cannot assign requested address") { return "no interface has this address" }
        if text.contains("Permission denied") { return "permission denied (ports below 1024 need root)" }
        if let range = text.range(of: "): ") { return String(text[range.upperBound...]) }
        return text
    }

    /// Ends every page's socket and the server; returns once it has stopped.
    public func stop() async {
        hub.finish()
        task.cancel()
        _ = await task.result
    }
}

/// One page's socket: the session's lines out, the page's requests in, until either side ends.
private func serve(_ hub: DeskHub, _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async throws {
    let (id, lines) = hub.join()
    defer { hub.leave(id) }
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            for await line in lines { try await outbound.write(.text(line)) }
        }
        group.addTask {
            for try await message in inbound.messages(maxSize: 8192) {
                if case .text(let json) = message, let request = DeskRequest(json: json) { hub.receive(request) }
            }
        }
        _ = try await group.next()
        group.cancelAll()
    }
}
