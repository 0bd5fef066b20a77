/// The page's own files, embedded in the binary (`.embedInCode`): the only things the server
/// answers with, so no request path can reach the file system.
public enum DeskPage {
    public struct File: Sendable {
        public let contentType: String
        public let bytes: [UInt8]
    }

    /// URL path → file. `/` is the page; its CSS and JavaScript are named by it.
    public static let files: [String: File] = [
        "/": File(contentType: "text/html; charset=utf-8", bytes: PackageResources.desk_html),
        "/desk.css": File(contentType: "text/css; charset=utf-8", bytes: PackageResources.desk_css),
        "/desk.js": File(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.desk_js),
    ]

    /// The page and its files together, in bytes (kept under 150 KB: DeskPageTests).
    public static var totalBytes: Int { files.values.reduce(0) { $0 + $1.bytes.count } }
}
