import Foundation
import Hummingbird

/// Answers plain HTTP: the page's own files to a request with the token, nothing else.
///
/// Paths are looked up in `DeskPage.files` as they are; `/../etc/passwd`, `/desk.js/..` or an
/// encoded `%2e%2e` match nothing there and get 404: no file system is behind it.
struct DeskResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let access: @Sendable () -> DeskAccess?

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let access = access() else { return Self.text(503, "starting") }
        let head = request.head
        let target = head.path ?? ""
        let webSocket = URLComponents(string: target)?.path == "/ws"
        switch access.check(target: target, authority: head.authority, origin: head.headerFields[.origin], webSocket: webSocket) {
        case .deny(let status, let reason): return Self.text(status, reason)
        case .allow: break
        }
        // An allowed /ws here is a GET that asked for no upgrade.
        if webSocket { return Self.text(426, "the events come over a WebSocket") }
        guard head.method == .get || head.method == .head else { return Self.text(405, "only GET") }
        guard let file = DeskPage.files[request.uri.path] else { return Self.text(404, "not part of the desk page") }
        var bytes = file.bytes
        if request.uri.path == "/" { bytes = Self.withToken(bytes, access.token) }
        var headers = Self.common
        headers[.contentType] = file.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The page names its CSS and script with the token (`{{TOKEN}}`): the token is hex, so
    /// it needs no escaping in HTML.
    static func withToken(_ page: [UInt8], _ token: DeskToken) -> [UInt8] {
        Array(String(decoding: page, as: UTF8.self).replacingOccurrences(of: "{{TOKEN}}", with: token.value).utf8)
    }

    /// No caching (the token is in the URL), no Referer leaving the page, no sniffing, and a
    /// policy that lets the page load only its own files and open only its own WebSocket.
    static let common: HTTPFields = {
        var fields = HTTPFields()
        fields[.cacheControl] = "no-store"
        fields[.init("Referrer-Policy")!] = "no-referrer"
        fields[.init("X-Content-Type-Options")!] = "nosniff"
        fields[.contentSecurityPolicy] = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return fields
    }()

    static func text(_ status: Int, _ body: String) -> Response {
        var headers = common
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(string: body + "\n")))
    }
}
