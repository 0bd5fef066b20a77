import Foundation

/// Where the repository's data is, whatever the working directory of the test run: tests read
/// the bundled catalog and audio fixtures from the checkout they were built from.
public enum Repository {
    /// The checkout's root (this file is Sources/ParloTesting/Repository.swift).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The bundled catalog, grammars/.
    public static let grammars = root.appendingPathComponent("grammars").path
    /// audio-fixtures/`name`.
    public static func fixtures(_ name: String) -> String { root.appendingPathComponent("audio-fixtures/\(name)").path }
}
