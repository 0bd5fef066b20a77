/// A template together with where it was written.
public struct LocatedTemplate: Sendable, Equatable {
    public var text: String
    public var template: Template
    public var location: SourceLocation
    /// Slot values every sentence of the template carries without saying them (hassil's
    /// `slots:` of a `data:` block, e.g. `domain: light`).
    public var constants: [String: SlotValue] = [:]

    public init(text: String, template: Template, location: SourceLocation, constants: [String: SlotValue] = [:]) {
        self.text = text; self.template = template; self.location = location; self.constants = constants
    }
}

/// One command: its canonical name and sentences per language.
public struct CommandDefinition: Sendable, Equatable {
    public var name: String
    public var sentences: [Language: [LocatedTemplate]]
    public var location: SourceLocation

    /// Slots the command's sentences use, sorted.
    public var slotNames: [String] {
        Array(Set(sentences.values.flatMap { $0.flatMap(\.template.slotNames) })).sorted()
    }
}

/// A slot: a list of values (canonical value + phrases per language) or a number range.
public struct SlotDefinition: Sendable, Equatable {
    public struct Value: Sendable, Equatable {
        public var canonical: String
        /// Phrases per language; `nil` key = any language (written as a plain list in YAML).
        public var phrases: [Language?: [LocatedTemplate]]
        public func phrases(in language: Language) -> [LocatedTemplate] {
            phrases[language] ?? phrases[nil] ?? []
        }
    }
    public enum Kind: Sendable, Equatable {
        case values([Value])
        case range(from: Int, to: Int, step: Int)
    }
    public var name: String
    public var kind: Kind
    public var location: SourceLocation
    /// What a range's number is multiplied by when reported: hassil's `multiplier` (Home
    /// Assistant's "volume down by 10" is a step of −10). Spoken numbers stay 0…999.
    public var multiplier = 1
}

/// A shared `<rule>`: one template per language, or one for all languages (`nil` key).
public struct RuleDefinition: Sendable, Equatable {
    public var name: String
    public var templates: [Language?: LocatedTemplate]
    public var location: SourceLocation
    public func template(in language: Language) -> LocatedTemplate? { templates[language] ?? templates[nil] }
}

/// A whole catalog: all YAML files of a folder merged, plus the user's pronunciations.
public struct Catalog: Sendable, Equatable {
    /// Commands in the order they were written.
    public var commands: [CommandDefinition] = []
    public var slots: [String: SlotDefinition] = [:]
    public var rules: [String: RuleDefinition] = [:]
    /// Files read, in order.
    public var files: [String] = []
    /// `pronunciations.dict` of the folder, if any (user overrides, en-us phones).
    public var userPronunciationsPath: String?
    /// Problems found while loading that do not stop it; the CLI prints them, one line each.
    public var warnings: [CatalogWarning] = []
    /// Words and phrases the matcher drops from text and templates (hassil's `skip_words`).
    public var skipWords: [String] = []
    /// Whether sentences are matched as hassil matches them (set for hassil / Home Assistant
    /// files): articles are words like any other, since hassil's templates spell them out
    /// ("il timer" is one timer, "i timer" all of them), and of two exact readings the first
    /// template in file order wins, as hassil's `recognize` returns the first match. Parlo's
    /// own catalogs drop articles and refuse to guess between exact readings.
    public var hassilMatching = false
    /// Common words of each language that are no command (`decoys-LANG.txt` of the folder): the
    /// recognizer offers them beside the commands, so that a word a person says that only
    /// sounds like a command is heard as itself (`CatalogCompiler.compile(_:decoys:)`).
    public var decoys: [Language: [String]] = [:]

    public init() {}

    /// Languages that have at least one sentence, sorted.
    public var languages: [Language] {
        Array(Set(commands.flatMap { $0.sentences.keys })).sorted()
    }

    public func command(named name: String) -> CommandDefinition? { commands.first { $0.name == name } }

    /// Adds `other`'s definitions; a name defined twice is an error naming both places.
    public mutating func merge(_ other: Catalog) throws {
        for c in other.commands {
            if let existing = command(named: c.name) {
                throw CatalogError(.duplicateDefinition, c.location,
                                   "command '\(c.name)' is already defined at \(existing.location)")
            }
            commands.append(c)
        }
        for (name, s) in other.slots {
            if let existing = slots[name] {
                throw CatalogError(.duplicateDefinition, s.location, "slot '\(name)' is already defined at \(existing.location)")
            }
            slots[name] = s
        }
        for (name, r) in other.rules {
            if let existing = rules[name] {
                throw CatalogError(.duplicateDefinition, r.location, "rule '\(name)' is already defined at \(existing.location)")
            }
            rules[name] = r
        }
        files += other.files
        warnings += other.warnings
        skipWords += other.skipWords
        hassilMatching = hassilMatching || other.hassilMatching
    }

    /// Checks that every `{slot}` and `<rule>` reference is defined and rules don't recurse.
    public func validate() throws {
        var allTemplates: [LocatedTemplate] = commands.flatMap { $0.sentences.values.flatMap { $0 } }
        allTemplates += rules.values.flatMap { $0.templates.values }
        for s in slots.values { if case .values(let vs) = s.kind { allTemplates += vs.flatMap { $0.phrases.values.flatMap { $0 } } } }
        for t in allTemplates {
            for name in t.template.slotNames where slots[name] == nil {
                let known = slots.keys.sorted().joined(separator: ", ")
                throw CatalogError(.unknownSlot, t.location,
                                   "unknown slot {\(name)} in \"\(t.text)\" (defined slots: \(known.isEmpty ? "none" : known))")
            }
            for name in t.template.ruleNames where rules[name] == nil {
                let known = rules.keys.sorted().joined(separator: ", ")
                throw CatalogError(.unknownRule, t.location,
                                   "unknown rule <\(name)> in \"\(t.text)\" (defined rules: \(known.isEmpty ? "none" : known))")
            }
        }
        try checkNoCycle()
    }

    /// Refuses a rule or slot that refers to itself, directly or through other rules and slots
    /// (slot values are templates too): expanding it would never end.
    ///
    /// One depth-first pass over the references, each rule and slot visited once: following
    /// every path instead takes time exponential in the depth of rules that share sub-rules.
    private func checkNoCycle() throws {
        enum Node: Hashable { case rule(String), slot(String) }
        func references(_ node: Node) -> [Node] {
            let templates: [Template]
            switch node {
            case .rule(let name): templates = rules[name].map { $0.templates.values.map(\.template) } ?? []
            case .slot(let name):
                guard case .values(let values)? = slots[name]?.kind else { return [] }
                templates = values.flatMap { $0.phrases.values.flatMap { $0.map(\.template) } }
            }
            return templates.flatMap { $0.ruleNames.map(Node.rule) + $0.slotNames.map(Node.slot) }
        }
        func shown(_ node: Node) -> String {
            switch node { case .rule(let n): "<\(n)>"; case .slot(let n): "{\(n)}" }
        }
        var done = Set<Node>()
        var path: [Node] = [], onPath = Set<Node>()
        func visit(_ node: Node) throws {
            if done.contains(node) { return }
            if onPath.contains(node) {
                let loop = path[path.firstIndex(of: node)!...] + [node]
                let location: SourceLocation
                switch node {
                case .rule(let n): location = rules[n]?.location ?? SourceLocation(file: files.first ?? "", line: 0)
                case .slot(let n): location = slots[n]?.location ?? SourceLocation(file: files.first ?? "", line: 0)
                }
                let what = if case .rule = node { "rule" } else { "slot" }
                throw CatalogError(.recursiveRule, location, "\(what) \(shown(node)) refers to itself via \(loop.map(shown).joined(separator: " → "))")
            }
            path.append(node); onPath.insert(node)
            for next in references(node) { try visit(next) }
            path.removeLast(); onPath.remove(node)
            done.insert(node)
        }
        for name in rules.keys.sorted() { try visit(.rule(name)) }
        for name in slots.keys.sorted() { try visit(.slot(name)) }
    }
}
