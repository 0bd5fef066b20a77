import Foundation

/// Who may use the desk: the checks every HTTP request and WebSocket upgrade go through.
///
/// Three locks, because the page drives the session (it types commands) and a browser visits
/// other sites meanwhile: the URL's random token (another local user, or a site guessing
/// ports, cannot know it); the Host header (a site whose name is re-pointed at 127.0.0.1 —
/// DNS rebinding — arrives with its own name); and, on the WebSocket, the Origin (browsers do
/// not apply the same-origin policy to WebSockets, so the server must).
public struct DeskAccess: Sendable {
    public enum Verdict: Equatable, Sendable {
        case allow
        /// HTTP status and a one-line reason for the response body.
        case deny(Int, String)
    }

    public let token: DeskToken
    /// The address bound; its port is the real one (never 0).
    public let address: DeskAddress

    public init(token: DeskToken, address: DeskAddress) { self.token = token; self.address = address }

    /// Bound to every interface (0.0.0.0, ::): the host names it is reached by are not known.
    var isWildcard: Bool { address.host == "0.0.0.0" || address.host == "::" }

    /// Host headers accepted: the address bound, and for loopback the other loopback names.
    var allowedHosts: Set<String> {
        var hosts: Set<String> = ["\(address.urlHost):\(address.port)"]
        if address.isLoopback { hosts.formUnion(["127.0.0.1:\(address.port)", "localhost:\(address.port)", "[::1]:\(address.port)"]) }
        return hosts
    }

    /// Checks a request for `target` (path and query, as sent) with its Host (`authority`)
    /// and Origin headers. `webSocket`: an upgrade, which also needs an Origin of this server.
    public func check(target: String, authority: String?, origin: String?, webSocket: Bool) -> Verdict {
        guard let components = URLComponents(string: target), components.path.hasPrefix("/") else {
            return .deny(400, "bad request target")
        }
        let host = authority?.lowercased()
        guard let host, isWildcard || allowedHosts.contains(host) else {
            return .deny(403, "unknown Host: open the URL parlo printed")
        }
        let given = components.queryItems?.first { $0.name == "token" }?.value
        guard token.matches(given) else { return .deny(401, "missing or wrong token: open the URL parlo printed") }
        guard webSocket else { return .allow }
        // The page's own origin: the host it was loaded from, over plain HTTP.
        guard let origin, origin.lowercased() == "http://\(host)" else {
            return .deny(403, "WebSocket refused: Origin \(origin ?? "missing") is not this desk")
        }
        return .allow
    }
}
