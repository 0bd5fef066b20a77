import Foundation

/// A one-line progress bar on stderr, redrawn in place; only used when stderr is a terminal.
struct ProgressBar {
    let total: Int
    private let start = Date()

    init(total: Int) { self.total = total }

    func update(done: Int, file: String) {
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let elapsed = Date().timeIntervalSince(start)
        let eta = done == 0 ? 0 : elapsed / Double(done) * Double(total - done)
        let name = (file as NSString).lastPathComponent
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = String(format: "\r\u{1B}[2K%@ %d/%d  %.0fs left  %@", bar, done, total, eta, String(name.prefix(40)))
        FileHandle.standardError.write(Data(line.utf8))
    }

    func clear() { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
}
