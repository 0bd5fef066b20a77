import Parlo

/// `parlo grammar check --json`: the report as events of docs/events.schema.json — one `catalog`
/// line, then one line per word, duplicate and confusable pair, so a tool can filter by `type`.
enum CatalogReportEvents {
    struct Catalog: Encodable {
        struct Command: Encodable { var command: String; var sentences: [String: Int] }
        var sentences: Int
        var commands: [Command]
    }
    struct Pronunciation: Encodable {
        struct Entry: Encodable { var phones: [String]; var source: String }
        var word: String
        var pronunciations: [Entry]
    }
    struct Duplicate: Encodable {
        struct Use: Encodable { var command, language, file: String; var line: Int }
        var text: String
        var conflict: Bool
        var uses: [Use]
    }
    struct Confusable: Encodable {
        struct Side: Encodable { var command, language, text: String }
        var distance: Double
        var first, second: Side
    }

    /// Every line, in report order.
    static func lines(_ r: CatalogReport, showWords: Bool) throws -> [String] {
        let encoder = JSONLinesEncoder()
        func line(_ type: String, _ payload: some Encodable) throws -> String {
            try encoder.line(TaggedEvent(type: type, payload: payload))
        }
        var out = [try line("catalog", Catalog(sentences: r.sentenceCount, commands: r.commands.map { c in
            .init(command: c.name, sentences: Dictionary(uniqueKeysWithValues: c.sentences.map { ($0.key.rawValue, $0.value) }))
        }))]
        if showWords {
            for (word, entries) in r.words {
                out.append(try line("pronunciation", Pronunciation(word: word, pronunciations: entries.map {
                    .init(phones: $0.phones, source: $0.source.description)
                })))
            }
        }
        for d in r.duplicates {
            out.append(try line("duplicate", Duplicate(text: d.text, conflict: d.isConflict, uses: d.uses.map {
                .init(command: $0.command, language: $0.language.rawValue, file: $0.location.file, line: $0.location.line)
            })))
        }
        for c in r.confusables {
            func side(_ s: ExpandedSentence) -> Confusable.Side { .init(command: s.command, language: s.language.rawValue, text: s.text) }
            out.append(try line("confusable", Confusable(distance: (c.distance * 1000).rounded() / 1000,
                                                         first: side(c.first), second: side(c.second))))
        }
        return out
    }
}
