/// A catalog's templates compiled to one word graph: what the grammar, the matcher and the checks
/// read instead of a list of sentences.
///
/// Every template becomes a path of arcs from its own start node to its own end node; rules and
/// slot values are laid out where they are used, so a node belongs to one template and arcs
/// always lead to a higher node (ids are a topological order). A catalog's size is then the sum of
/// its templates' sizes, not the product of their choices: the coffee-maker catalog of
/// Benchmarks/catalogs (10^8 sentences) is a few thousand arcs. The caps guard against hostile
/// catalogs (docs/hardening.md): `maxArcs` arcs in all, and `maxWords` words on any path.
public struct TemplateGraph: Sendable {
    /// What an arc reads.
    public enum Label: Sendable, Hashable {
        /// Nothing: alternatives joining, an optional part skipped.
        case epsilon
        /// A run of words as written (lower case, accents kept), in one template sequence.
        case words([String])
        /// Records slot `slot` taking value `value` (indexes into `slots` and its `values`); reads nothing.
        case value(slot: Int32, value: Int32)
        /// A number of range slot `slot`, spoken as `NumberWords` says in the entry's language.
        case range(slot: Int32)
    }

    public struct Arc: Sendable { public var to: Int32; public var label: Label }

    /// One template of one command in one language: the paths from `start` to `end`.
    public struct Entry: Sendable {
        public var command: Int
        public var language: Language
        public var start: Int32
        public var end: Int32
        public var location: SourceLocation
        public var text: String
    }

    /// A slot as the graph refers to it.
    public struct Slot: Sendable {
        public var name: String
        /// Canonical values of a value slot (empty for a range).
        public var values: [SlotValue]
        /// The numbers of a range slot.
        public var range: StrideThrough<Int>?
        /// A range's reported value is its spoken number times this (`SlotDefinition.multiplier`).
        public var multiplier = 1
    }

    /// Command names in catalog order.
    public private(set) var commands: [String] = []
    /// The catalog's skip words (hassil's `skip_words`), for the matcher's normaliser.
    public private(set) var skipWords: [String] = []
    /// `Catalog.hassilMatching`, for the matcher.
    public private(set) var hassilMatching = false
    public private(set) var entries: [Entry] = []
    public private(set) var slots: [Slot] = []
    /// Outgoing arcs of each node.
    public private(set) var arcs: [[Arc]] = []
    /// Total arcs (what `maxArcs` caps).
    public private(set) var arcCount = 0

    /// Arcs of the whole graph: about 40 bytes each, so the graph stays near 20 MB at most and
    /// is laid out in well under a second. The bundled catalog needs about 3,000.
    public static let maxArcs = 500_000
    /// Words of one sentence: rules that use a sub-rule twice double a sentence's length at each
    /// level, and no one says a command of fifty words.
    public static let maxWords = 50

    var slotIndex: [String: Int32] = [:]

    /// Lays out every template of `catalog` (rules and slots must be valid: `Catalog.validate`).
    public init(catalog: Catalog) throws {
        var builder = Builder(catalog: catalog, graph: self)
        try builder.build()
        self = builder.graph
    }

    /// Spoken forms of the numbers of range slot `slot` in `language`, as word lists, with the
    /// number spoken (`value`; the slot reports it times `Slot.multiplier`).
    public func numberPhrases(_ slot: Int32, in language: Language) -> [(words: [String], value: Int)] {
        guard let range = slots[Int(slot)].range else { return [] }
        var out: [(words: [String], value: Int)] = []
        for n in range {
            for p in NumberWords.phrases(n, in: language) ?? [] { out.append((p.split(separator: " ").map(String.init), n)) }
        }
        return out
    }

    mutating func addNode() -> Int32 { arcs.append([]); return Int32(arcs.count - 1) }

    mutating func addArc(_ from: Int32, _ to: Int32, _ label: Label) throws {
        arcs[Int(from)].append(Arc(to: to, label: label))
        arcCount += 1
        guard arcCount <= Self.maxArcs else { throw TooLarge() }
    }

    struct TooLarge: Error {}

    /// Lays templates out, one entry per template, rules and slots inlined.
    struct Builder {
        let catalog: Catalog
        var graph: TemplateGraph
        var origin = LocatedTemplate(text: "", template: .sequence([]), location: SourceLocation(file: "", line: 0))

        mutating func build() throws {
            graph.skipWords = catalog.skipWords
            graph.hassilMatching = catalog.hassilMatching
            for name in catalog.slots.keys.sorted() {
                let s = catalog.slots[name]!
                graph.slotIndex[name] = Int32(graph.slots.count)
                // `{list:slot}` (hassil) reads the list and reports the slot.
                let shown = name.split(separator: ":").last.map(String.init) ?? name
                switch s.kind {
                case .values(let vs):
                    graph.slots.append(Slot(name: shown, values: vs.map { .text($0.canonical) }, range: nil))
                case .range(let from, let to, let step):
                    graph.slots.append(Slot(name: shown, values: [], range: stride(from: from, through: to, by: step), multiplier: s.multiplier))
                }
            }
            for (c, command) in catalog.commands.enumerated() {
                graph.commands.append(command.name)
                for language in command.sentences.keys.sorted() {
                    for t in command.sentences[language] ?? [] {
                        origin = t
                        // Sizes are estimated before anything is laid out: 30 rules each using the
                        // next twice would otherwise be refused only after millions of arcs.
                        let size = try estimate(t.template, language)
                        guard graph.arcCount + size.arcs <= TemplateGraph.maxArcs else {
                            throw CatalogError(.tooManySentences, t.location, "the catalog's graph grows past \(TemplateGraph.maxArcs) arcs at \"\(t.text)\" (command '\(command.name)'): rules used many times inside each other multiply it")
                        }
                        guard size.words <= TemplateGraph.maxWords else {
                            throw CatalogError(.tooManySentences, t.location, "\"\(t.text)\" makes sentences of more than \(TemplateGraph.maxWords) words")
                        }
                        let start = graph.addNode()
                        do {
                            var at = start
                            for (name, value) in t.constants.sorted(by: { $0.key < $1.key }) {
                                let next = graph.addNode()
                                try graph.addArc(at, next, constant(name, value))
                                at = next
                            }
                            let end = try lay(t.template, language, from: at)
                            graph.entries.append(Entry(command: c, language: language, start: start, end: end,
                                                       location: t.location, text: t.text))
                        } catch is TooLarge {
                            throw CatalogError(.tooManySentences, t.location, "the catalog's graph grows past \(TemplateGraph.maxArcs) arcs at \"\(t.text)\" (command '\(command.name)'): rules used many times inside each other multiply it")
                        }
                    }
                }
            }
        }

        /// The arc that gives slot `name` the fixed `value`.
        mutating func constant(_ name: String, _ value: SlotValue) -> Label {
            let key = "=\(name)"
            if graph.slotIndex[key] == nil {
                graph.slotIndex[key] = Int32(graph.slots.count)
                graph.slots.append(Slot(name: name, values: [], range: nil))
            }
            let s = graph.slotIndex[key]!
            if let v = graph.slots[Int(s)].values.firstIndex(of: value) { return .value(slot: s, value: Int32(v)) }
            graph.slots[Int(s)].values.append(value)
            return .value(slot: s, value: Int32(graph.slots[Int(s)].values.count - 1))
        }

        /// Arcs `lay` would add for `t`, and the most words on one of its paths (both saturating).
        struct Size { var arcs: Int; var words: Int }
        var sizes: [String: Size] = [:]

        mutating func estimate(_ t: Template, _ language: Language) throws -> Size {
            let cap = TemplateGraph.maxArcs * 4
            func add(_ a: Int, _ b: Int) -> Int { min(cap, a + b) }
            switch t {
            case .word: return Size(arcs: 1, words: 1)
            case .sequence(let items):
                var total = Size(arcs: 1, words: 0)
                for item in items {
                    let s = try estimate(item, language)
                    total = Size(arcs: add(total.arcs, s.arcs), words: add(total.words, s.words))
                }
                return total
            case .alternatives(let alts):
                var total = Size(arcs: alts.count, words: 0)
                for alt in alts {
                    let s = try estimate(alt, language)
                    total = Size(arcs: add(total.arcs, s.arcs), words: max(total.words, s.words))
                }
                return total
            case .optional(let inner):
                let s = try estimate(inner, language)
                return Size(arcs: add(s.arcs, 2), words: s.words)
            case .rule(let name):
                let key = "<\(name)>\(language.rawValue)"
                if let known = sizes[key] { return known }
                guard let rt = catalog.rules[name]?.template(in: language) else {
                    throw CatalogError(.unknownRule, origin.location, "rule <\(name)> has no template for '\(language)' (used in \"\(origin.text)\")")
                }
                sizes[key] = Size(arcs: cap, words: cap)   // a cycle (not validated) is too large, not endless
                let s = try estimate(rt.template, language)
                sizes[key] = s
                return s
            case .slot(let name):
                let key = "{\(name)}\(language.rawValue)"
                if let known = sizes[key] { return known }
                guard let slot = catalog.slots[name] else {
                    throw CatalogError(.unknownSlot, origin.location, "unknown slot {\(name)} in \"\(origin.text)\"")
                }
                sizes[key] = Size(arcs: cap, words: cap)
                var total = Size(arcs: 1, words: 0)
                switch slot.kind {
                case .range(let from, let to, let step):
                    for n in stride(from: from, through: to, by: step) {
                        for p in NumberWords.phrases(n, in: language) ?? [] {
                            total.words = max(total.words, p.split(separator: " ").count)
                        }
                    }
                case .values(let values):
                    for v in values {
                        for p in v.phrases(in: language) {
                            let s = try estimate(p.template, language)
                            total = Size(arcs: add(total.arcs, add(s.arcs, 2)), words: max(total.words, s.words))
                        }
                    }
                }
                sizes[key] = total
                return total
            }
        }

        /// Lays `t` out from `from`; returns the node where it ends.
        mutating func lay(_ t: Template, _ language: Language, from: Int32) throws -> Int32 {
            switch t {
            case .word(let w):
                let end = graph.addNode()
                try graph.addArc(from, end, .words([w]))
                return end
            case .sequence(let items):
                var at = from
                var run: [String] = []
                for item in items {
                    if case .word(let w) = item { run.append(w); continue }
                    if !run.isEmpty { let n = graph.addNode(); try graph.addArc(at, n, .words(run)); at = n; run = [] }
                    at = try lay(item, language, from: at)
                }
                if !run.isEmpty { let n = graph.addNode(); try graph.addArc(at, n, .words(run)); at = n }
                return at
            case .alternatives(let alts):
                var ends: [Int32] = []
                for alt in alts { ends.append(try lay(alt, language, from: from)) }
                let end = graph.addNode()
                for e in ends { try graph.addArc(e, end, .epsilon) }
                return end
            case .optional(let inner):
                let innerEnd = try lay(inner, language, from: from)
                let end = graph.addNode()
                try graph.addArc(from, end, .epsilon)
                try graph.addArc(innerEnd, end, .epsilon)
                return end
            case .rule(let name):
                guard let rule = catalog.rules[name], let rt = rule.template(in: language) else {
                    throw CatalogError(.unknownRule, origin.location, "rule <\(name)> has no template for '\(language)' (used in \"\(origin.text)\")")
                }
                return try lay(rt.template, language, from: from)
            case .slot(let name):
                guard let slot = catalog.slots[name], let index = graph.slotIndex[name] else {
                    throw CatalogError(.unknownSlot, origin.location, "unknown slot {\(name)} in \"\(origin.text)\"")
                }
                switch slot.kind {
                case .range:
                    guard NumberWords.languages.contains(language) else {
                        throw CatalogError(.badSlot, slot.location, "slot '\(name)': numbers cannot be spoken in '\(language)' yet (only en, it)")
                    }
                    let end = graph.addNode()
                    try graph.addArc(from, end, .range(slot: index))
                    return end
                case .values(let values):
                    var ends: [Int32] = []
                    for (v, value) in values.enumerated() {
                        for phrase in value.phrases(in: language) {
                            let n = graph.addNode()
                            try graph.addArc(from, n, .value(slot: index, value: Int32(v)))
                            ends.append(try lay(phrase.template, language, from: n))
                        }
                    }
                    if ends.isEmpty { throw CatalogError(.badSlot, slot.location, "slot '\(name)' has no words for '\(language)'") }
                    let end = graph.addNode()
                    for e in ends { try graph.addArc(e, end, .epsilon) }
                    return end
                }
            }
        }
    }

    /// Sentences of `entry` (paths times number phrases), as a Double: 10^8 and more are normal.
    public func sentenceCount(of entry: Entry) -> Double {
        var count = [Double](repeating: 0, count: Int(entry.end - entry.start) + 1)
        count[0] = 1
        var phrases: [Int32: Double] = [:]
        for node in entry.start...entry.end {
            let here = count[Int(node - entry.start)]
            guard here > 0 else { continue }
            for arc in arcs[Int(node)] where arc.to <= entry.end {
                var k = 1.0
                if case .range(let s) = arc.label {
                    if phrases[s] == nil { phrases[s] = Double(numberPhrases(s, in: entry.language).count) }
                    k = phrases[s]!
                }
                count[Int(arc.to - entry.start)] += here * k
            }
        }
        return count.last ?? 0
    }

    /// Sentences of the whole catalog (duplicates between templates counted each time).
    public var sentenceCount: Double { entries.reduce(0) { $0 + sentenceCount(of: $1) } }
}
