import ParloCore
import ParloCatalog

/// A sentence chosen for the fixture set: what is said, in which language, meaning which command.
public struct PlannedSentence: Sendable, Equatable {
    /// Canonical command name; nil for out-of-grammar speech.
    public var command: String?
    public var language: Language
    /// Words as spoken (accents kept), e.g. ["leggi", "più", "veloce"].
    public var words: [String]
    public var slots: [String: SlotValue]
    /// Position of this sentence among its command's (or the out-of-grammar) sentences in this language.
    public var index: Int

    public var text: String { words.joined(separator: " ") }
}

/// Chooses which sentences of a catalog become fixtures, deterministically.
///
/// For each command and language it picks `perCommand` sentences, more when a slot needs it: every
/// value of a value-list slot once per language, and `rangeSamples` numbers spread over a number
/// range (each language gets a shifted spread, so together they cover more numbers). Picks rotate
/// over the command's templates so that each way of saying it is heard; the variant within a
/// template (optional words, alternatives) is drawn from a generator seeded by `seed`, command and
/// language, so editing one command does not reshuffle the others. Sentences whose unit noun
/// disagrees with their number ("one minutes") are avoided (`NumberAgreement`) unless no other
/// sentence can say a required slot value.
public struct FixturePlanner: Sendable {
    public let catalog: Catalog
    public var perCommand: Int
    public var seed: UInt64
    /// How many numbers of a range slot are spoken per language.
    public var rangeSamples = 8

    public init(catalog: Catalog, perCommand: Int = 3, seed: UInt64 = 1) {
        self.catalog = catalog; self.perCommand = max(1, perCommand); self.seed = seed
    }

    /// The chosen command sentences, in catalog order, languages sorted within a command.
    public func plan() throws -> [PlannedSentence] {
        let expander = SentenceExpander(catalog: catalog)
        var out: [PlannedSentence] = []
        for command in catalog.commands {
            let all = try expander.sentences(of: command)
            for (languageIndex, language) in command.sentences.keys.sorted().enumerated() {
                let sentences = all.filter { $0.language == language }
                guard !sentences.isEmpty else { continue }
                out += try pick(command, language, languageIndex: languageIndex, from: sentences)
            }
        }
        guard !out.isEmpty else { throw FixtureError(.emptyCatalog, "the catalog has no sentences") }
        return out
    }

    /// Slot values every language must cover, one dictionary per required sentence.
    func requirements(of command: CommandDefinition, languageIndex: Int) -> [[String: SlotValue]] {
        var perSlot: [(String, [SlotValue])] = []
        for name in command.slotNames {
            guard let slot = catalog.slots[name] else { continue }
            perSlot.append((name, values(of: slot, languageIndex: languageIndex)))
        }
        let count = perSlot.map(\.1.count).max() ?? 0
        return (0..<count).map { i in
            Dictionary(uniqueKeysWithValues: perSlot.compactMap { name, values in
                values.isEmpty ? nil : (name, values[i % values.count])
            })
        }
    }

    /// All values of a list slot; a spread of a range (endpoints included for the first language).
    func values(of slot: SlotDefinition, languageIndex: Int) -> [SlotValue] {
        switch slot.kind {
        case .values(let values):
            return values.map { .text($0.canonical) }
        case .range(let from, let to, let step):
            let all = Array(stride(from: from, through: to, by: step))
            let k = min(rangeSamples, all.count)
            guard k > 1 else { return all.prefix(1).map { .number($0) } }
            let shift = languageIndex * max(1, all.count / (2 * k))
            var picked: [Int] = []
            for i in 0..<k {
                let position = (Double(i) * Double(all.count - 1) / Double(k - 1)).rounded()
                let n = all[min(all.count - 1, Int(position) + shift)]
                if !picked.contains(n) { picked.append(n) }
            }
            return picked.map { .number($0) }
        }
    }

    func pick(_ command: CommandDefinition, _ language: Language, languageIndex: Int,
              from sentences: [ExpandedSentence]) throws -> [PlannedSentence] {
        var rng = SeededRandom(seed: seed ^ StableHash.of("\(command.name)|\(language.rawValue)"))
        var templates: [SourceLocation] = []
        for s in sentences where !templates.contains(s.location) { templates.append(s.location) }
        let required = requirements(of: command, languageIndex: languageIndex)
        let count = max(perCommand, required.count)
        let start = rng.index(below: templates.count)
        var used = Set<[String]>()
        var out: [PlannedSentence] = []
        for i in 0..<count {
            let need = i < required.count ? required[i] : [:]
            func fits(_ s: ExpandedSentence) -> Bool {
                !used.contains(s.words) && need.allSatisfy { s.slots[$0.key] == $0.value }
            }
            let template = templates[(start + i) % templates.count]
            // Natural sentences first (`NumberAgreement`); any sentence rather than a slot value left out.
            let natural = sentences.filter { NumberAgreement.isNatural($0.words, slots: $0.slots, language: language) }
            var candidates = natural.filter { $0.location == template && fits($0) }
            if candidates.isEmpty { candidates = natural.filter(fits) }
            if candidates.isEmpty { candidates = sentences.filter(fits) }
            guard !candidates.isEmpty else {
                if need.isEmpty { break }  // fewer distinct sentences than perCommand: fine
                throw FixtureError(.uncovered, "command '\(command.name)' (\(language)) has no sentence with \(need)")
            }
            let s = candidates[rng.index(below: candidates.count)]
            used.insert(s.words)
            out.append(PlannedSentence(command: command.name, language: language, words: s.words,
                                       slots: s.slots, index: out.count))
        }
        return out
    }
}
