import Foundation

/// Where the desk page is served: `HOST:PORT` as given to `parlo study --serve`.
///
/// Port 0 asks the system for a free one (the default: two sessions never fight over a port).
/// Anything but a loopback host makes the page reachable from other machines, so the CLI warns.
public struct DeskAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int

    /// 127.0.0.1 on a free port.
    public static let loopback = DeskAddress(host: "127.0.0.1", port: 0)

    public init(host: String, port: Int) { self.host = host; self.port = port }

    /// Parses `HOST:PORT`, `HOST` (free port), `:PORT` (loopback) or `[IPv6]:PORT`; nil for
    /// anything else (the caller names the bad value in one line).
    public init?(parsing text: String) {
        var host = text, portText: Substring? = nil
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty { guard rest.first == ":" else { return nil }; portText = rest.dropFirst() }
        } else if let colon = text.lastIndex(of: ":") {
            guard text.firstIndex(of: ":") == colon else { return nil }  // bare IPv6 needs brackets
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        if host.isEmpty { host = Self.loopback.host }
        guard host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:".contains($0) }) else { return nil }
        var port = 0
        if let portText {
            guard let p = Int(portText), (0...65535).contains(p) else { return nil }
            port = p
        }
        self.init(host: host, port: port)
    }

    /// Whether only this machine can reach the address (127.0.0.0/8, ::1, localhost).
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The host as it goes in a URL (IPv6 in brackets).
    public var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    public var description: String { "\(urlHost):\(port)" }
}
