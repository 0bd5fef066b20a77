/// How an utterance competes with others, in the spirit of Speech Dispatcher's priorities.
public enum SpeechPriority: String, Sendable, Codable, CaseIterable {
    /// Cuts whatever is playing and speaks now.
    case interrupt
    /// First in, first out.
    case normal
    /// Dropped when anything else is speaking or waiting.
    case background
}

/// What `skip` skips.
public enum SkipUnit: String, Sendable, CaseIterable { case sentence, utterance }

/// The rules of the speech queue as a value-type state machine, free of audio and clocks.
///
/// Every call returns the actions its driver (`SpeechQueue`) must perform in order. The driver
/// reports back what the listener has *heard* (`heard`, `sentenceEnded`). Keeping the rules here
/// makes "every utterance ends exactly once" testable over thousands of random calls.
///
/// Contract with the driver: after `.play(id, sentence, from)` the driver plays that utterance
/// from there through its last sentence, reporting each sentence end, until a `.cut`.
public struct SpeechQueueLogic: Sendable {
    public struct Item: Sendable, Equatable {
        public var id: Int
        public var priority: SpeechPriority
        public var sentenceCount: Int
        public init(id: Int, priority: SpeechPriority, sentenceCount: Int) {
            self.id = id; self.priority = priority; self.sentenceCount = sentenceCount
        }
    }

    public enum Action: Sendable, Equatable {
        /// The utterance became current: emit `started`.
        case start(Int)
        /// Play utterance `id` from `sentence`, from text offset `from` (a word start) or its beginning.
        case play(Int, sentence: Int, from: Int?)
        /// Discard all audio not yet heard and everything scheduled with it.
        case cut
        /// Emit `finished` (the utterance was heard to its end).
        case finish(Int)
        /// Emit `cancelled` (it was dropped, skipped, interrupted or stopped).
        case cancel(Int)
    }

    public struct Current: Sendable, Equatable {
        public var item: Item
        public var sentence = 0
        /// Start offset of the last word heard in `sentence`: where a resume begins.
        public var word: Int?
    }

    public private(set) var pending: [Item] = []
    public private(set) var current: Current?
    public private(set) var paused = false

    public init() {}

    /// Nothing current and nothing waiting.
    public var isIdle: Bool { current == nil && pending.isEmpty }

    public mutating func enqueue(_ item: Item) -> [Action] {
        var actions: [Action] = []
        switch item.priority {
        case .background:
            if current != nil || !pending.isEmpty { return [.cancel(item.id)] }
            pending.append(item)
        case .normal:
            actions += dropWaitingBackground()
            if let c = current, c.item.priority == .background {
                actions += [.cut, .cancel(c.item.id)]
                current = nil
            }
            pending.append(item)
        case .interrupt:
            actions += dropWaitingBackground()
            if let c = current {
                actions += [.cut, .cancel(c.item.id)]
                current = nil
            }
            paused = false
            pending.insert(item, at: 0)
        }
        return actions + startNextIfIdle()
    }

    public mutating func pause() -> [Action] {
        guard !paused else { return [] }
        paused = true
        return current == nil ? [] : [.cut]
    }

    public mutating func resume() -> [Action] {
        guard paused else { return [] }
        paused = false
        guard let c = current else { return startNextIfIdle() }
        return [.play(c.item.id, sentence: c.sentence, from: c.word)]
    }

    public mutating func skip(_ unit: SkipUnit) -> [Action] {
        guard let c = current else { return [] }
        switch unit {
        case .utterance:
            current = nil
            return [.cut, .cancel(c.item.id)] + startNextIfIdle()
        case .sentence:
            return [.cut] + move(toSentence: c.sentence + 1)
        }
    }

    /// Goes back one sentence (or restarts the first): the "previous" reading control.
    public mutating func previous() -> [Action] {
        guard let c = current else { return [] }
        return [.cut] + move(toSentence: max(0, c.sentence - 1))
    }

    /// Restarts the current sentence: the "repeat" reading control.
    public mutating func repeatSentence() -> [Action] {
        guard let c = current else { return [] }
        return [.cut] + move(toSentence: c.sentence)
    }

    /// Cancels everything, current and waiting, and clears a pause.
    public mutating func stop() -> [Action] {
        var actions: [Action] = []
        if let c = current { actions += [.cut, .cancel(c.item.id)] }
        actions += pending.map { .cancel($0.id) }
        current = nil
        pending = []
        paused = false
        return actions
    }

    /// The driver heard the word starting at text offset `word` in `sentence` of `id`.
    public mutating func heard(_ id: Int, sentence: Int, word: Int) {
        guard current?.item.id == id, current?.sentence == sentence else { return }
        current?.word = word
    }

    /// The driver heard the end of `sentence` of `id`.
    public mutating func sentenceEnded(_ id: Int, sentence: Int) -> [Action] {
        guard let c = current, c.item.id == id, c.sentence == sentence, !paused else { return [] }
        let next = sentence + 1
        if next >= c.item.sentenceCount {
            current = nil
            return [.finish(id)] + startNextIfIdle()
        }
        current?.sentence = next
        current?.word = nil
        return []
    }

    private mutating func move(toSentence s: Int) -> [Action] {
        guard let c = current else { return [] }
        if s >= c.item.sentenceCount {
            current = nil
            return [.finish(c.item.id)] + startNextIfIdle()
        }
        current?.sentence = s
        current?.word = nil
        return paused ? [] : [.play(c.item.id, sentence: s, from: nil)]
    }

    private mutating func dropWaitingBackground() -> [Action] {
        let dropped = pending.filter { $0.priority == .background }
        pending.removeAll { $0.priority == .background }
        return dropped.map { .cancel($0.id) }
    }

    private mutating func startNextIfIdle() -> [Action] {
        var actions: [Action] = []
        while current == nil, !paused, !pending.isEmpty {
            let item = pending.removeFirst()
            actions.append(.start(item.id))
            if item.sentenceCount == 0 {
                actions.append(.finish(item.id))
                continue
            }
            current = Current(item: item)
            actions.append(.play(item.id, sentence: 0, from: nil))
        }
        return actions
    }
}
