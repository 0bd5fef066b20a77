/// Sentences read off the graph: all of them when few, a uniform sample when many.
///
/// The checks of `parlo grammar check` and the fixture tools want sentences; a catalog of 10^8
/// cannot list them, so `sentences(limit:)` lists up to a bound in template order and `sample`
/// draws paths weighted by how many sentences each continuation holds (every sentence of an
/// entry equally likely), reproducibly from a seed.
extension TemplateGraph {
    /// A partial path: words so far and slots taken.
    struct Walk { var words: [String] = []; var slots: [String: SlotValue] = [:] }

    /// The sentences of `entry` in template order (optional parts taken before skipped), at most `limit`.
    public func sentences(of entry: Entry, limit: Int) -> [ExpandedSentence] {
        var out: [ExpandedSentence] = []
        var seen = Set<ExpandedSentence>()
        var phrases: [Int32: [(words: [String], value: Int)]] = [:]
        func visit(_ node: Int32, _ walk: Walk) {
            guard out.count < limit else { return }
            if node == entry.end {
                // One template saying a sentence twice ("(a|a)") says it once.
                guard seen.insert(ExpandedSentence(command: "", language: entry.language, words: walk.words, slots: walk.slots)).inserted else { return }
                out.append(ExpandedSentence(command: commands[entry.command], language: entry.language,
                                            words: walk.words, slots: walk.slots, location: entry.location))
                return
            }
            for arc in arcs[Int(node)] {
                guard arc.to <= entry.end else { continue }
                var next = walk
                switch arc.label {
                case .epsilon: break
                case .words(let ws): next.words += ws
                case .value(let s, let v): next.slots[slots[Int(s)].name] = slots[Int(s)].values[Int(v)]
                case .range(let s):
                    if phrases[s] == nil { phrases[s] = numberPhrases(s, in: entry.language) }
                    for p in phrases[s]! {
                        var n = next
                        n.words += p.words; n.slots[slots[Int(s)].name] = .number(p.value * slots[Int(s)].multiplier)
                        visit(arc.to, n)
                    }
                    continue
                }
                visit(arc.to, next)
            }
        }
        visit(entry.start, Walk())
        return out
    }

    /// Every sentence of the catalog in template order, or nil when there are more than `limit`.
    public func allSentences(limit: Int) -> [ExpandedSentence]? {
        guard sentenceCount <= Double(limit) else { return nil }
        return entries.flatMap { sentences(of: $0, limit: limit) }
    }

    /// `count` sentences of `entry`, each drawn uniformly among its sentences (repeats possible).
    public func sample(_ entry: Entry, count: Int, random: inout SeededRandom) -> [ExpandedSentence] {
        // Sentences from each node to the end, computed backwards (arcs lead to higher nodes).
        let size = Int(entry.end - entry.start) + 1
        var toEnd = [Double](repeating: 0, count: size)
        toEnd[size - 1] = 1
        var phrases: [Int32: [(words: [String], value: Int)]] = [:]
        func weight(_ arc: Arc) -> Double {
            guard case .range(let s) = arc.label else { return 1 }
            if phrases[s] == nil { phrases[s] = numberPhrases(s, in: entry.language) }
            return Double(phrases[s]!.count)
        }
        for node in stride(from: entry.end - 1, through: entry.start, by: -1) {
            toEnd[Int(node - entry.start)] = arcs[Int(node)].filter { $0.to <= entry.end }
                .reduce(0) { $0 + weight($1) * toEnd[Int($1.to - entry.start)] }
        }
        var out: [ExpandedSentence] = []
        for _ in 0..<count {
            var node = entry.start, walk = Walk()
            while node != entry.end {
                let choices = arcs[Int(node)].filter { $0.to <= entry.end }
                let total = toEnd[Int(node - entry.start)]
                guard total > 0 else { break }
                var r = Double(random.next() >> 11) / Double(1 << 53) * total
                var pick = choices.last!
                for arc in choices {
                    r -= weight(arc) * toEnd[Int(arc.to - entry.start)]
                    if r < 0 { pick = arc; break }
                }
                switch pick.label {
                case .epsilon: break
                case .words(let ws): walk.words += ws
                case .value(let s, let v): walk.slots[slots[Int(s)].name] = slots[Int(s)].values[Int(v)]
                case .range(let s):
                    let p = phrases[s]![random.index(below: phrases[s]!.count)]
                    walk.words += p.words; walk.slots[slots[Int(s)].name] = .number(p.value * slots[Int(s)].multiplier)
                }
                node = pick.to
            }
            out.append(ExpandedSentence(command: commands[entry.command], language: entry.language,
                                        words: walk.words, slots: walk.slots, location: entry.location))
        }
        return out
    }

    /// Every word the graph can produce in each language, as written (for pronunciations), in
    /// the order the templates first use them: of two spellings of one grammar word ("più",
    /// "piu") the first one written is the one eSpeak NG pronounces.
    public func words() -> [Language: [String]] {
        var out: [Language: [String]] = [:]
        var seen: [Language: Set<String>] = [:]
        var numberWords: [String: [String]] = [:]
        for entry in entries {
            var list = out[entry.language] ?? [], set = seen[entry.language] ?? []
            func add(_ ws: [String]) { for w in ws where set.insert(w).inserted { list.append(w) } }
            for node in entry.start...entry.end {
                for arc in arcs[Int(node)] {
                    switch arc.label {
                    case .words(let ws): add(ws)
                    case .range(let s):
                        let key = "\(s)|\(entry.language.rawValue)"
                        if numberWords[key] == nil { numberWords[key] = numberPhrases(s, in: entry.language).flatMap(\.words) }
                        add(numberWords[key]!)
                    case .epsilon, .value: break
                    }
                }
            }
            out[entry.language] = list; seen[entry.language] = set
        }
        return out
    }
}
