#if canImport(Glibc)
import Glibc
#endif

/// Whether a standard stream is a terminal: decides between human output and JSON Lines.
public enum Terminal {
    public static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    public static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    /// NO_COLOR set to anything but the empty string (no-color.org): print no colour codes.
    public static var noColor: Bool { (getenv("NO_COLOR").map { String(cString: $0) } ?? "").isEmpty == false }
}
