import Foundation
import ParloCore

/// A one-line progress bar on stderr, redrawn in place; only used when stderr is a terminal.
///
/// Each frame is cut to one column less than the terminal's width, read again at every redraw
/// (a window narrowed mid-run is followed): a line that wraps leaves its first rows behind,
/// since carriage return and erase-line reach only the row the cursor is on.
struct ProgressBar {
    let total: Int
    private let start = Date()

    init(total: Int) { self.total = total }

    func update(done: Int, file: String) {
        let elapsed = Date().timeIntervalSince(start)
        let eta = done == 0 ? 0 : elapsed / Double(done) * Double(total - done)
        let line = Self.frame(done: done, total: total, secondsLeft: eta, file: (file as NSString).lastPathComponent,
                              columns: Terminal.columns(of: STDERR_FILENO))
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
    }

    func clear() { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }

    /// One frame, at most `columns - 1` wide: the counts first, then the time left, the bar
    /// (up to 30 cells) and the file name, each only if it still fits.
    static func frame(done: Int, total: Int, secondsLeft: Double, file: String, columns: Int) -> String {
        let room = max(1, columns - 1)
        let counts = "\(done)/\(total)"
        let left = secondsLeft >= 60 ? String(format: "%d min left", Int(secondsLeft / 60)) : String(format: "%.0f s left", secondsLeft)
        var text = counts + "  " + left
        guard Terminal.width(text) <= room else { return Terminal.truncate(counts, to: room) }
        let spare = room - Terminal.width(text)
        // The bar takes what is left beyond 20 columns for the name, up to 30 cells.
        let barWidth = min(30, max(0, spare - 21))
        if barWidth >= 5 {
            let filled = total == 0 ? barWidth : barWidth * min(done, total) / total
            text = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + " " + text
        }
        let nameRoom = room - Terminal.width(text) - 2
        if nameRoom >= 4 { text += "  " + Terminal.truncate(file, to: nameRoom) }
        return text
    }
}
