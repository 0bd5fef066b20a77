#if canImport(Glibc)
import Glibc
#endif

/// Whether a standard stream is a terminal: decides between human output and JSON Lines.
public enum Terminal {
    public static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    public static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    /// NO_COLOR set to anything but the empty string (no-color.org): print no colour codes.
    public static var noColor: Bool { (getenv("NO_COLOR").map { String(cString: $0) } ?? "").isEmpty == false }

    /// How many columns the terminal on `fd` has: `COLUMNS` when set (as shells and
    /// argument-parser honour it), else the terminal's own size, else 80. Read at each call, so
    /// a line redrawn after the window narrowed fits the new width.
    public static func columns(of fd: Int32 = STDERR_FILENO) -> Int {
        if let env = getenv("COLUMNS"), let n = Int(String(cString: env)), n > 0 { return n }
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Columns `text` takes on a terminal: East Asian wide characters and emoji two, combining
    /// marks none, everything else one.
    public static func width(_ text: String) -> Int {
        text.reduce(0) { total, character in
            let scalars = character.unicodeScalars
            if scalars.contains(where: isWide) { return total + 2 }
            return total + (scalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark } ? 0 : 1)
        }
    }

    /// `text` cut to at most `columns` columns, its end replaced by "…" when cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        guard columns > 0 else { return "" }
        var out = "", used = 0
        for character in text {
            let w = width(String(character))
            if used + w > columns - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    private static func isWide(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
