import ParloCatalog

/// The walk of a text through the token graph: an edit distance to a graph instead of to a list.
///
/// Column `i` holds the states reached after reading `i` tokens: a node, the sentence words
/// passed so far (`length`), the slot values taken (an interned set) and the edits spent. Within
/// a column, empty arcs and skipped sentence words (a deletion, one edit) lead to higher nodes,
/// so one pass in node order settles it; a read token either follows a matching arc (free), a
/// different arc (a substitution) or stays (an insertion) into column `i + 1`. A state that can
/// no longer score `floor` even if every remaining token matched is dropped, and a walk keeps at
/// most `maxSearchStates` states: the cost of a match is bounded whatever the catalog's size.
/// With `exact`, no edit is allowed: the walk is a parse of the text, as hassil's.
extension CommandMatcher {
    /// One (command, slot values) reached, with the best score among its sentences.
    struct Hit {
        var command: Int
        var slots: [String: SlotValue]
        var entry: Int
        var score: Double
        var sentence: String
        /// Order the slot values were met in: ties of one template list them as its sentences did.
        var order: Int32
    }

    struct State { var length: Int16; var set: Int32; var cost: Int16; var path: Int32 }

    /// Slot-value sets met during one walk, interned.
    struct CaptureSets {
        var sets: [[Int32]] = [[]]
        var index: [[Int32]: Int32] = [[]: 0]
        mutating func adding(_ capture: Int32, to set: Int32, slotOf: [Int32]) -> Int32 {
            var s = sets[Int(set)]
            // The first value a path gives a slot is kept, as when sentences were listed.
            if s.contains(where: { slotOf[Int($0)] == slotOf[Int(capture)] }) { return set }
            s.append(capture); s.sort()
            if let id = index[s] { return id }
            let id = Int32(sets.count); sets.append(s); index[s] = id
            return id
        }
    }

    /// One way the catalog says `text` exactly: the command, its slot values and the template
    /// (index into `TemplateGraph.entries`). Duplicate checks use it to test a sentence against
    /// every template at once.
    public struct Parse: Sendable, Equatable {
        public var command: String
        public var slots: [String: SlotValue]
        public var language: Language
        public var entry: Int
    }

    /// Every (command, slot values) whose templates say `text` exactly, best template each.
    public func parses(_ text: String) -> [Parse] {
        let tokens = normalizer.textTokens(text)
        guard !tokens.isEmpty else { return [] }
        let ids = tokens.map { graph.vocabulary[$0] ?? -1 }
        let numbers = tokens.map { t in t.utf8.first.flatMap { $0 >= 48 && $0 <= 57 ? Int(t) : nil } }
        return search(ids, numbers: numbers, penalty: 0, exact: true, allowed: { _ in true })
            .sorted { $0.entry < $1.entry }
            .map { Parse(command: commands[$0.command], slots: $0.slots, language: graph.entries[$0.entry].language, entry: $0.entry) }
    }

    /// Lowest score a fuzzy hit needs to be reported at all.
    var floor: Double { min(0.34, acceptThreshold - ambiguityMargin) }

    func search(_ ids: [Int32], numbers: [Int?], penalty: Double, exact: Bool, allowed: (Int) -> Bool,
                preferring: Language? = nil) -> [Hit] {
        let n = ids.count
        let slack = 1 - floor
        func keep(_ cost: Int, _ length: Int, _ column: Int) -> Bool {
            if exact { return cost == 0 }
            return Double(cost) + penalty <= slack * Double(max(n, length + n - column)) + 1e-9
        }
        var sets = CaptureSets()
        var paths: [(parent: Int32, text: Int32)] = []
        var stateCount = 0
        var column: [Int32: [State]] = [:]
        var heap = NodeHeap()
        // Where each (node, length, slot values) sits in its column: a node reached with many
        // slot-value sets (a large catalog's fuzzy walk) must not be scanned for each arrival.
        struct Key: Hashable { var node: Int32; var length: Int16; var set: Int32 }
        var slots: [Key: Int] = [:], nextSlots: [Key: Int] = [:]
        func add(_ node: Int32, _ s: State, into col: inout [Int32: [State]], heap: inout NodeHeap, index: inout [Key: Int]) {
            let key = Key(node: node, length: s.length, set: s.set)
            if let k = index[key] {
                if col[node]![k].cost <= s.cost { return }
                col[node]![k] = s
                return
            }
            guard stateCount < maxSearchStates else { return }
            stateCount += 1
            if col[node] == nil { col[node] = [s]; heap.push(node); index[key] = 0 }
            else { index[key] = col[node]!.count; col[node]!.append(s) }
        }
        // Only templates that could score: an exact walk needs every token, a fuzzy one any.
        let hasNumber = numbers.contains { $0 != nil }
        for e in graph.entries where allowed(e.command) {
            func reads(_ k: Int) -> Bool { e.tokens.contains(ids[k]) || numbers[k] != nil && e.readsNumbers }
            if exact ? !ids.indices.allSatisfy(reads) : !(ids.contains(where: e.tokens.contains) || hasNumber && e.readsNumbers) { continue }
            add(e.start, State(length: 0, set: 0, cost: 0, path: -1), into: &column, heap: &heap, index: &slots)
        }
        var finals: [(node: Int32, state: State)] = []
        for i in 0...n {
            var next: [Int32: [State]] = [:]
            var nextHeap = NodeHeap()
            while let node = heap.pop() {
                guard let states = column[node] else { continue }
                if i == n, graph.endOf[Int(node)] >= 0 { for s in states { finals.append((node, s)) } }
                for s in states {
                    let cost = Int(s.cost), length = Int(s.length)
                    // An input token the sentence lacks.
                    if i < n, keep(cost + 1, length, i + 1) {
                        add(node, State(length: s.length, set: s.set, cost: s.cost + 1, path: s.path), into: &next, heap: &nextHeap, index: &nextSlots)
                    }
                    for arc in graph.arcs[Int(node)] {
                        var path = s.path
                        if arc.text >= 0 { paths.append((s.path, arc.text)); path = Int32(paths.count - 1) }
                        switch arc.label {
                        case .epsilon:
                            add(arc.to, State(length: s.length, set: s.set, cost: s.cost, path: path), into: &column, heap: &heap, index: &slots)
                        case .capture(let c):
                            let set = sets.adding(c, to: s.set, slotOf: graph.captureSlot)
                            add(arc.to, State(length: s.length, set: set, cost: s.cost, path: path), into: &column, heap: &heap, index: &slots)
                        case .token, .number:
                            // A number missed or misheard is each of the range's numbers at the
                            // same cost; its first three stand for all (what `decide` reports).
                            var guesses: [Int32] = [s.set]
                            if case .number(let r) = arc.label {
                                guesses = graph.ranges[Int(r)].first3.map { sets.adding($0, to: s.set, slotOf: graph.captureSlot) }
                            }
                            // A sentence word the input lacks.
                            if keep(cost + 1, length + 1, i) {
                                for set in guesses {
                                    add(arc.to, State(length: s.length + 1, set: set, cost: s.cost + 1, path: path), into: &column, heap: &heap, index: &slots)
                                }
                            }
                            guard i < n else { continue }
                            if case .number(let r) = arc.label, let value = numbers[i], let c = graph.ranges[Int(r)].captures[value] {
                                let set = sets.adding(c, to: s.set, slotOf: graph.captureSlot)
                                if keep(cost, length + 1, i + 1) {
                                    add(arc.to, State(length: s.length + 1, set: set, cost: s.cost, path: path), into: &next, heap: &nextHeap, index: &nextSlots)
                                }
                                continue
                            }
                            var same = false
                            if case .token(let t) = arc.label { same = t == ids[i] }
                            let c = cost + (same ? 0 : 1)
                            if keep(c, length + 1, i + 1) {
                                for set in same ? [s.set] : guesses {
                                    add(arc.to, State(length: s.length + 1, set: set, cost: Int16(c), path: path), into: &next, heap: &nextHeap, index: &nextSlots)
                                }
                            }
                        }
                    }
                }
            }
            if i < n { column = next; heap = nextHeap; slots = nextSlots; nextSlots = [:] }
        }
        // Best sentence per (command, slot values); ties go to a template in the preferred
        // language, then to the earlier template.
        struct Target: Hashable { var command: Int; var set: Int32 }
        var best: [Target: (entry: Int, score: Double, path: Int32)] = [:]
        let preferred: (Int) -> Bool = { e in preferring.map { self.graph.entries[e].language == $0 } ?? false }
        for (node, s) in finals where s.length > 0 {
            let entry = Int(graph.endOf[Int(node)])
            let score = max(0, 1 - (Double(s.cost) + penalty) / Double(max(n, Int(s.length))))
            guard exact || score >= floor else { continue }
            let key = Target(command: graph.entries[entry].command, set: s.set)
            if let b = best[key], b.score > score
                || (b.score == score && (preferred(b.entry) != preferred(entry) ? preferred(b.entry) : b.entry <= entry)) { continue }
            best[key] = (entry, score, s.path)
        }
        return best.map { key, b in
            var slots: [String: SlotValue] = [:]
            for c in sets.sets[Int(key.set)] {
                let capture = graph.captures[Int(c)]
                // hassil's `{list:@name}` / `{@list}` is a capture for the response, not an
                // entity: it must be said, but hassil reports no slot for it.
                guard !capture.slot.hasPrefix("@") else { continue }
                slots[capture.slot] = capture.value
            }
            var words: [String] = []
            var p = b.path
            while p >= 0 { words.append(graph.texts[Int(paths[Int(p)].text)]); p = paths[Int(p)].parent }
            return Hit(command: key.command, slots: slots, entry: b.entry, score: b.score,
                       sentence: words.reversed().filter { !$0.isEmpty }.joined(separator: " "), order: key.set)
        }
    }
}

/// A min-heap of node ids, each pushed once per column.
struct NodeHeap {
    var items: [Int32] = []
    mutating func push(_ x: Int32) {
        items.append(x)
        var i = items.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if items[p] <= items[i] { break }
            items.swapAt(p, i); i = p
        }
    }
    mutating func pop() -> Int32? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count, items[l] < items[m] { m = l }
                if r < items.count, items[r] < items[m] { m = r }
                if m == i { break }
                items.swapAt(m, i); i = m
            }
        }
        return top
    }
}
