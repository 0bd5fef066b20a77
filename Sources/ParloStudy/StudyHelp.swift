import ParloCatalog

/// Builds "what can I say" from the catalog itself, so help never drifts from the grammar.
///
/// For each command the shortest catalog sentence in the asked language is the example (slots
/// come out filled with a real value, e.g. "go to math"), in catalog order.
public struct StudyHelp: Sendable {
    private var examples: [String: [Language: String]] = [:]
    private var order: [String] = []

    /// The value number slots take in examples.
    public static let exampleNumber = 10

    public init(catalog: Catalog) throws {
        let sentences = try SentenceExpander(catalog: catalog).sentences()
        var best: [String: [Language: [String]]] = [:]
        for s in sentences {
            if !order.contains(s.command) { order.append(s.command) }
            // A number slot reads best as "ten" ("set a ten minute timer"), not "one minute(s)".
            if s.slots.values.contains(where: { $0.intValue != nil && $0.intValue != Self.exampleNumber }) { continue }
            if let current = best[s.command]?[s.language], current.count <= s.words.count { continue }
            best[s.command, default: [:]][s.language] = s.words
        }
        examples = best.mapValues { $0.mapValues { $0.joined(separator: " ") } }
    }

    /// The example sentence for `command` in `language` (English when it has none in that language).
    public func example(_ command: String, in language: Language) -> String? {
        examples[command]?[language] ?? examples[command]?[.english]
    }

    /// Examples for the `active` commands, in catalog order.
    public func examples(for active: Set<String>, in language: Language) -> [String] {
        order.filter(active.contains).compactMap { example($0, in: language) }
    }
}
