/// One concrete sentence a catalog accepts, with the slot values it carries.
public struct ExpandedSentence: Sendable, Equatable, Hashable {
    public var command: String
    public var language: Language
    /// Words as written (lower-case, accents kept), one per element.
    public var words: [String]
    public var slots: [String: SlotValue]
    public var location: SourceLocation

    public init(command: String, language: Language, words: [String], slots: [String: SlotValue] = [:],
                location: SourceLocation = SourceLocation(file: "", line: 0)) {
        self.command = command; self.language = language; self.words = words; self.slots = slots; self.location = location
    }

    /// The sentence spelled with grammar words (accents folded), space-separated.
    public var text: String { words.map(Spelling.grammarWord).joined(separator: " ") }
}

/// Expands templates into every sentence they accept (the matcher's and checker's view).
///
/// Optional parts and alternatives multiply, so expansion is capped per command: a template that
/// would produce more than `limit` sentences is an error pointing at it.
public struct SentenceExpander: Sendable {
    public let catalog: Catalog
    public var limit: Int
    /// Sentences of the whole catalog, all commands together (the bundled one has about 1,200).
    public var totalLimit: Int
    /// Words of all those sentences together (the bundled catalog has about 5,000): what the
    /// matcher indexes, so what a catalog costs to load.
    public var totalWordLimit = 200_000
    /// Words of one sentence: rules that use a sub-rule twice double a sentence's length at each
    /// level, and no one says a command of fifty words.
    public var maxWords = 50

    public init(catalog: Catalog, limit: Int = 10_000, totalLimit: Int = 20_000) {
        self.catalog = catalog; self.limit = limit; self.totalLimit = totalLimit
    }

    /// A partial sentence during expansion.
    struct Partial: Hashable { var words: [String]; var slots: [String: SlotValue] }

    /// What the catalog has expanded to so far, against `totalLimit` and `totalWordLimit`.
    struct Budget { var sentences = 0, words = 0 }

    /// Every sentence of every command, in catalog order.
    public func sentences() throws -> [ExpandedSentence] {
        var out: [ExpandedSentence] = []
        var budget = Budget()
        for command in catalog.commands { out += try sentences(of: command, budget: &budget) }
        return out
    }

    /// Every sentence of `command`, languages sorted, duplicates (same words and slots) removed.
    public func sentences(of command: CommandDefinition) throws -> [ExpandedSentence] {
        var budget = Budget()
        return try sentences(of: command, budget: &budget)
    }

    /// Templates within `limit` each can still add up: a few kilobytes of YAML repeating one
    /// large rule would ask for gigabytes and minutes, so the sentences and words of the whole
    /// catalog are counted as they are made.
    func sentences(of command: CommandDefinition, budget: inout Budget) throws -> [ExpandedSentence] {
        var out: [ExpandedSentence] = []
        var seen = Set<Partial>()
        for language in command.sentences.keys.sorted() {
            for t in command.sentences[language] ?? [] {
                for p in try expand(t.template, language: language, at: t) where seen.insert(p).inserted {
                    out.append(ExpandedSentence(command: command.name, language: language, words: p.words,
                                                slots: p.slots, location: t.location))
                    budget.sentences += 1
                    budget.words += p.words.count
                }
                seen.removeAll(keepingCapacity: true)
                guard budget.sentences <= totalLimit, budget.words <= totalWordLimit else {
                    throw CatalogError(.tooManySentences, t.location, "the catalog expands to more than \(totalLimit) sentences or \(totalWordLimit) words (at command '\(command.name)')")
                }
            }
        }
        return out
    }

    /// Spoken phrases of one slot value per language (numbers as words).
    public func phrases(ofSlot slot: SlotDefinition, in language: Language) throws -> [(words: [String], value: SlotValue)] {
        switch slot.kind {
        case .range(let from, let to, let step):
            guard NumberWords.languages.contains(language) else {
                throw CatalogError(.badSlot, slot.location, "slot '\(slot.name)': numbers cannot be spoken in '\(language)' yet (only en, it)")
            }
            var out: [(words: [String], value: SlotValue)] = []
            for n in stride(from: from, through: to, by: step) {
                for phrase in NumberWords.phrases(n, in: language) ?? [] {
                    out.append((phrase.split(separator: " ").map(String.init), .number(n)))
                }
            }
            return out
        case .values(let values):
            var out: [(words: [String], value: SlotValue)] = []
            for v in values {
                for t in v.phrases(in: language) {
                    for p in try expand(t.template, language: language, at: t) { out.append((p.words, .text(v.canonical))) }
                    guard out.count <= limit else {
                        throw CatalogError(.tooManySentences, slot.location, "slot '\(slot.name)' has more than \(limit) phrases")
                    }
                }
            }
            return out
        }
    }

    func tooMany(_ origin: LocatedTemplate) -> CatalogError {
        CatalogError(.tooManySentences, origin.location, "\"\(origin.text)\" expands to more than \(limit) sentences")
    }

    func expand(_ t: Template, language: Language, at origin: LocatedTemplate) throws -> [Partial] {
        switch t {
        case .word(let w): return [Partial(words: [w], slots: [:])]
        case .sequence(let items):
            var acc = [Partial(words: [], slots: [:])]
            for item in items {
                let next = try expand(item, language: language, at: origin)
                guard acc.count * next.count <= limit else { throw tooMany(origin) }
                let longest = (acc.map(\.words.count).max() ?? 0) + (next.map(\.words.count).max() ?? 0)
                guard longest <= maxWords else {
                    throw CatalogError(.tooManySentences, origin.location, "\"\(origin.text)\" makes sentences of more than \(maxWords) words")
                }
                acc = acc.flatMap { a in next.map { b in
                    Partial(words: a.words + b.words, slots: a.slots.merging(b.slots) { x, _ in x })
                } }
            }
            return acc
        case .alternatives(let alts):
            // Capped like sequences: `(<r>|<r>|…)` would otherwise multiply one rule's thousands.
            var all: [Partial] = []
            for alt in alts {
                all += try expand(alt, language: language, at: origin)
                guard all.count <= limit else { throw tooMany(origin) }
            }
            return all
        case .optional(let inner):
            return [Partial(words: [], slots: [:])] + (try expand(inner, language: language, at: origin))
        case .slot(let name):
            guard let slot = catalog.slots[name] else {
                throw CatalogError(.unknownSlot, origin.location, "unknown slot {\(name)} in \"\(origin.text)\"")
            }
            return try phrases(ofSlot: slot, in: language).map { Partial(words: $0.words, slots: [name: $0.value]) }
        case .rule(let name):
            guard let rule = catalog.rules[name], let rt = rule.template(in: language) else {
                throw CatalogError(.unknownRule, origin.location, "rule <\(name)> has no template for '\(language)' (used in \"\(origin.text)\")")
            }
            return try expand(rt.template, language: language, at: origin)
        }
    }
}
