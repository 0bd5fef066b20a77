import ParloCatalog

/// A catalog's `TemplateGraph` in the matcher's terms: arcs read normalised tokens.
///
/// Each run of words becomes the tokens `TextNormalizer` makes of it (a run that is only
/// politeness becomes an empty arc), so catalog and text agree on every rule as when each
/// sentence was normalised whole. A range slot whose every phrase normalises to its digits (all
/// of en and it) becomes one arc reading a number, not a thousand phrases. Nodes are numbered so
/// that every arc leads to a higher node: one pass in node order settles a column of the search.
struct TokenGraph: Sendable {
    enum Label: Sendable {
        case epsilon
        case token(Int32)
        /// A number token within range slot `range` (index into `ranges`).
        case number(Int32)
        case capture(Int32)
    }
    struct Arc: Sendable {
        var to: Int32
        var label: Label
        /// The words as written that this arc begins (index into `texts`), for a candidate's sentence.
        var text: Int32 = -1
    }
    struct Entry: Sendable {
        var command: Int; var language: Language; var start: Int32; var end: Int32
        /// Tokens of the template's sentences, and whether it reads a number: a template sharing
        /// no token with a text cannot score, so the walk never enters it.
        var tokens: Set<Int32> = []
        var readsNumbers = false
    }
    /// A range slot: numbers read as one token, each with its capture.
    struct Range: Sendable {
        var captures: [Int: Int32]
        /// Captures of the three lowest numbers: a number not heard is any of them.
        var first3: [Int32] = []
    }

    var arcs: [[Arc]] = []
    var entries: [Entry] = []
    /// Entry index of each end node (-1 elsewhere).
    var endOf: [Int32] = []
    var vocabulary: [String: Int32] = [:]
    var words: [String] = []
    /// The number each token is, if it is one.
    var numberValue: [Int32: Int] = [:]
    /// Commands whose sentences contain each token (sorted), for the "shares only" message.
    var commandsOfToken: [[Int]] = []
    var ranges: [Range] = []
    /// Capture id → slot name and value; `captureSlot` → slot id for "first value wins".
    var captures: [(slot: String, value: SlotValue)] = []
    var captureSlot: [Int32] = []
    var captureIndex: [String: [SlotValue: Int32]] = [:]
    var slotIDs: [String: Int32] = [:]
    var texts: [String] = []

    mutating func token(_ w: String, command: Int) -> Int32 {
        let id: Int32
        if let known = vocabulary[w] { id = known } else {
            id = Int32(words.count); vocabulary[w] = id; words.append(w); commandsOfToken.append([])
            if let first = w.utf8.first, first >= 48 && first <= 57 || first == 45, let n = Int(w) { numberValue[id] = n }
        }
        if commandsOfToken[Int(id)].last != command, !commandsOfToken[Int(id)].contains(command) {
            commandsOfToken[Int(id)].append(command); commandsOfToken[Int(id)].sort()
        }
        return id
    }

    mutating func capture(_ slot: String, _ value: SlotValue) -> Int32 {
        if let id = captureIndex[slot]?[value] { return id }
        let id = Int32(captures.count)
        captures.append((slot, value))
        let s = slotIDs[slot] ?? Int32(slotIDs.count)
        slotIDs[slot] = s
        captureSlot.append(s)
        captureIndex[slot, default: [:]][value] = id
        return id
    }

    mutating func text(_ s: String) -> Int32 { texts.append(s); return Int32(texts.count - 1) }

    /// Pieces of a path between two nodes, before they are laid out as arcs.
    enum Piece { case tokens([Int32], text: Int32), number(Int32, text: Int32), capture(Int32) }

    /// Arcs of one graph before renumbering: source node → (pieces, target node).
    struct Pending { var from: Int; var to: Int; var pieces: [Piece] }

    /// Lays out `pending` over `nodeCount` nodes so every arc leads to a higher node: node k's
    /// chains get their inner nodes right after k (sources are visited in increasing order and
    /// every pending arc leads to a higher source node).
    mutating func layOut(nodeCount: Int, pending: [Pending], entries raw: [(command: Int, language: Language, start: Int, end: Int)]) {
        var bySource = [[Int]](repeating: [], count: nodeCount)
        for (i, p) in pending.enumerated() { bySource[p.from].append(i) }
        var newID = [Int32](repeating: -1, count: nodeCount)
        var laid: [(from: Int32, to: Int, label: Label, text: Int32)] = []   // `to` still an old id when >= 0
        var next: Int32 = 0
        var innerTargets: [(arc: Int, node: Int32)] = []
        for k in 0..<nodeCount {
            newID[k] = next; next += 1
            for i in bySource[k] {
                let p = pending[i]
                var at = newID[k]
                var steps: [(Label, Int32)] = []
                for piece in p.pieces {
                    switch piece {
                    case .tokens(let ts, let text):
                        if ts.isEmpty { steps.append((.epsilon, text)) }
                        for (j, t) in ts.enumerated() { steps.append((.token(t), j == 0 ? text : -1)) }
                    case .number(let r, let text): steps.append((.number(r), text))
                    case .capture(let c): steps.append((.capture(c), -1))
                    }
                }
                if steps.isEmpty { steps = [(.epsilon, -1)] }
                for (j, step) in steps.enumerated() {
                    if j == steps.count - 1 {
                        laid.append((at, p.to, step.0, step.1))
                    } else {
                        let inner = next; next += 1
                        laid.append((at, -1, step.0, step.1))
                        innerTargets.append((laid.count - 1, inner))
                        at = inner
                    }
                }
            }
        }
        arcs = [[Arc]](repeating: [], count: Int(next))
        var inner = [Int: Int32]()
        for t in innerTargets { inner[t.arc] = t.node }
        for (i, a) in laid.enumerated() {
            let to = a.to >= 0 ? newID[a.to] : inner[i]!
            arcs[Int(a.from)].append(Arc(to: to, label: a.label, text: a.text))
        }
        endOf = [Int32](repeating: -1, count: Int(next))
        for e in raw {
            endOf[Int(newID[e.end])] = Int32(entries.count)
            var entry = Entry(command: e.command, language: e.language, start: newID[e.start], end: newID[e.end])
            for node in entry.start...entry.end {
                for arc in arcs[Int(node)] {
                    if case .token(let t) = arc.label { entry.tokens.insert(t) }
                    if case .number = arc.label { entry.readsNumbers = true }
                }
            }
            entries.append(entry)
        }
    }

    /// The matcher's view of a catalog graph.
    init(graph: TemplateGraph, normalizer: TextNormalizer) {
        // A range becomes one number arc when each of its phrases reads as exactly its number.
        var rangeArc: [String: Int32] = [:]   // "slot|language" → range index, or -1: lay out phrases
        var phraseCache: [String: [(words: [String], value: Int)]] = [:]
        var rangeText: [String: Int32] = [:]
        var numbersRegistered = Set<String>()
        var pending: [Pending] = []
        var nodeCount = graph.arcs.count
        let entryOf: [Int] = {
            var owner = [Int](repeating: 0, count: graph.arcs.count)
            for (i, e) in graph.entries.enumerated() { for n in e.start...e.end { owner[Int(n)] = i } }
            return owner
        }()
        for (node, list) in graph.arcs.enumerated() {
            let entry = graph.entries[entryOf[node]]
            let c = entry.command
            for arc in list {
                var pieces: [Piece] = []
                switch arc.label {
                case .epsilon: break
                case .words(let ws):
                    let said = ws.joined(separator: " "), shown = text(ws.map(Spelling.grammarWord).joined(separator: " "))
                    let tokens = normalizer.tokens(said)
                    pieces = [.tokens(tokens.map { token($0, command: c) }, text: shown)]
                    // Words that are all skip words ("thank you", "grazie") are also an arc of
                    // themselves: a text of nothing else keeps them (`TextNormalizer.textTokens`),
                    // and where they are the whole sentence, or one alternative of it, it must
                    // still find them.
                    let kept = tokens.isEmpty ? normalizer.tokens(said, skipping: false) : []
                    if !kept.isEmpty {
                        pending.append(Pending(from: node, to: Int(arc.to), pieces: [.tokens(kept.map { token($0, command: c) }, text: shown)]))
                    }
                case .value(let s, let v):
                    pieces = [.capture(capture(graph.slots[Int(s)].name, graph.slots[Int(s)].values[Int(v)]))]
                case .range(let s):
                    let name = graph.slots[Int(s)].name, multiplier = graph.slots[Int(s)].multiplier
                    // Per slot, not per name: two lists may report one name with other numbers.
                    let key = "\(s)|\(entry.language.rawValue)"
                    if phraseCache[key] == nil { phraseCache[key] = graph.numberPhrases(s, in: entry.language) }
                    let phrases = phraseCache[key]!
                    if rangeArc[key] == nil {
                        let plain = phrases.allSatisfy { normalizer.tokens($0.words.joined(separator: " ")) == [String($0.value)] }
                        if plain {
                            var r = Range(captures: [:])
                            for p in phrases { r.captures[p.value] = capture(name, .number(p.value * multiplier)) }
                            r.first3 = r.captures.keys.sorted().prefix(3).map { r.captures[$0]! }
                            ranges.append(r)
                            rangeArc[key] = Int32(ranges.count - 1)
                        } else { rangeArc[key] = -1 }
                    }
                    if let r = rangeArc[key], r >= 0 {
                        if numbersRegistered.insert("\(key)|\(c)").inserted {
                            for p in phrases { _ = token(String(p.value), command: c) }
                        }
                        if rangeText[key] == nil {
                            rangeText[key] = text(phrases.first.map { $0.words.map(Spelling.grammarWord).joined(separator: " ") } ?? "")
                        }
                        pieces = [.number(r, text: rangeText[key]!)]
                    } else {
                        // Phrases laid out one by one between two new nodes: still above `node`
                        // and below `arc.to` once laid out, as `layOut` visits sources in order.
                        for p in phrases {
                            let tokens = normalizer.tokens(p.words.joined(separator: " ")).map { token($0, command: c) }
                            pending.append(Pending(from: node, to: Int(arc.to), pieces: [
                                .capture(capture(name, .number(p.value * multiplier))),
                                .tokens(tokens, text: text(p.words.map(Spelling.grammarWord).joined(separator: " ")))]))
                        }
                        continue
                    }
                }
                pending.append(Pending(from: node, to: Int(arc.to), pieces: pieces))
            }
        }
        nodeCount = graph.arcs.count
        layOut(nodeCount: nodeCount, pending: pending,
               entries: graph.entries.map { ($0.command, $0.language, Int($0.start), Int($0.end)) })
    }

    /// The matcher's view of a list of sentences (tests, small tools): one path each.
    init(sentences: [ExpandedSentence], commands: [String], normalizer: TextNormalizer) {
        let index = Dictionary(commands.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var pending: [Pending] = []
        var raw: [(command: Int, language: Language, start: Int, end: Int)] = []
        for s in sentences {
            guard let c = index[s.command] else { continue }
            let start = raw.count * 2
            var pieces = s.slots.keys.sorted().map { Piece.capture(capture($0, s.slots[$0]!)) }
            pieces.append(.tokens(normalizer.textTokens(s.words.joined(separator: " ")).map { token($0, command: c) }, text: text(s.text)))
            pending.append(Pending(from: start, to: start + 1, pieces: pieces))
            raw.append((c, s.language, start, start + 1))
        }
        layOut(nodeCount: raw.count * 2, pending: pending, entries: raw)
    }
}
