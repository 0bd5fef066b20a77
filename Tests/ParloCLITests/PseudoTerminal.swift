import Foundation
import Glibc
import ParloTesting

/// Runs `parlo` with stdout and stderr on a pseudo-terminal of a given width, as a user's
/// terminal: progress bars and reports are printed only there.
enum PseudoTerminal {
    /// Everything the terminal received ("\n" arrives as "\r\n") and the exit status.
    static func run(_ arguments: [String], columns: Int, environment: [String: String]) throws -> (status: Int32, output: String) {
        // posix_openpt and friends are not in Swift's Glibc module: the same through /dev/ptmx,
        // unlocking the pair (TIOCSPTLCK) and asking its number (TIOCGPTN), as glibc does.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSDebugDescriptionErrorKey: "no pseudo-terminal: \(String(cString: strerror(errno)))"])
        }
        let name = "/dev/pts/\(number)"
        defer { close(master) }
        var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
        let p = Process()
        p.executableURL = ParloProcess.binary
        p.arguments = arguments
        p.environment = environment
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        p.standardOutput = terminal
        p.standardError = terminal
        p.standardInput = FileHandle.nullDevice
        try p.run()
        close(slave)   // the child holds it now: reading ends (EIO) when the child exits
        var output = Data(), buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(master, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            output.append(buffer, count: n)
        }
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// This process's environment without `COLUMNS` (so the terminal's own width counts), plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { $0.key != "COLUMNS" }.merging(extra) { $1 }
    }

    /// The lines of a terminal's output, progress frames (`\r` redraws) left out.
    static func lines(_ output: String) -> [String] {
        output.components(separatedBy: "\r\n").map { line in
            String(line.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
                .replacingOccurrences(of: "\u{1B}[2K", with: "")
        }.filter { !$0.isEmpty }
    }

    /// The progress frames drawn (each after a carriage return and erase-line).
    static func frames(_ output: String) -> [String] {
        output.components(separatedBy: "\u{1B}[2K").dropFirst().map { segment in
            String(segment.prefix { $0 != "\r" && $0 != "\n" })
        }.filter { !$0.isEmpty }
    }
}
