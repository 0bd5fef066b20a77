import Foundation

/// A command catalog of pocketsphinx-testdata's `cards` sentences ("ten of clubs", "five five"),
/// for tests that hear those real recordings through a catalog.
public enum CardsCatalog {
    public static let yaml = """
        slots:
          rank:
            values: [ace, two, three, four, five, six, seven, eight, nine, ten, jack, queen, king]
          suit:
            values: [clubs, hearts, diamonds, spades]
        commands:
          card:
            en: ["{rank} of {suit}"]
          pair:
            en: ["{rank} {rank}"]
        """

    /// Writes the catalog as `cards.yaml` into `folder`, created if need be; returns `folder`.
    @discardableResult
    public static func write(into folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try yaml.write(toFile: folder + "/cards.yaml", atomically: true, encoding: .utf8)
        return folder
    }
}
