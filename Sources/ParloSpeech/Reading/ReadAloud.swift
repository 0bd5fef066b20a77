import Foundation

/// Where reading is: sentence `index` (0-based) of `total` (nil until counted).
public struct ReadingProgress: Sendable, Equatable {
    public var index: Int
    public var total: Int?
    public var text: String
    public var language: Language
    /// When the sentence reached the listener, on the playback clock (see `SpeechEvent`).
    public var t: Double = 0
    /// The PDF page (from 1) the sentence is on; nil for text and Markdown.
    public var page: Int? = nil
}

/// A word being heard: `chars` within sentence `index`'s text, `t` on the playback clock.
public struct ReadingWord: Sendable, Equatable {
    public var index: Int
    public var chars: [Int]
    public var text: String
    public var t: Double
}

/// Reads a document aloud through a `SpeechQueue`, streaming.
///
/// Blocks come from a `TextBlockReader` and are enqueued one paragraph at a time, at most
/// `ahead` paragraphs beyond the one being heard: the first sentence is heard while the rest of
/// a text file is not even read (a PDF is read page by page, Markdown parsed whole), and memory
/// stays bounded for a book. The total sentence count is
/// computed by a separate pass in the background (progress shows it once known). The position
/// is saved at every sentence so the next `read` resumes there.
// @unchecked Sendable: the settings (`language`, `ahead`, `store`) are set before `run` and only read by the task running it; the one value the background counting task shares is `totalBox`, a LockedBox.
public final class ReadAloud: @unchecked Sendable {
    public let path: String?
    private let queue: SpeechQueue
    private let makeBlocks: () throws -> TextBlockReader
    public var language: Language?
    public var ahead = 2
    public var store: ReadingPositionStore?
    private let segmenter = SentenceSegmenter()
    private let tagger = SentenceLanguages()
    private let totalBox = LockedBox<Int?>(nil)
    /// The document's sentence count, once the background pass has counted it.
    public var total: Int? { totalBox.value }

    /// Reads `path` (text, Markdown or PDF by extension). The reader consumes `queue.events`, so the
    /// queue must keep its default unbounded event buffer and have no other `events` consumer.
    public init(path: String, queue: SpeechQueue, language: Language? = nil, markdown: Bool? = nil) {
        self.path = path
        self.queue = queue
        self.language = language
        makeBlocks = { try TextBlockReader(path: path, markdown: markdown) }
    }

    /// Reads an in-memory document.
    public init(text: String, markdown: Bool, queue: SpeechQueue, language: Language? = nil) {
        path = nil
        self.queue = queue
        self.language = language
        makeBlocks = { TextBlockReader(text: text, markdown: markdown) }
    }

    /// The language of each sentence of `block` (forced, or detected per sentence with the
    /// neighbouring blocks' languages as context: `SentenceLanguages`).
    func languages(of block: String, _ ranges: [Range<String.Index>], previous: Language?,
                   next: (text: String, sentences: [Range<String.Index>])?) -> [Language] {
        if let language { return Array(repeating: language, count: ranges.count) }
        let after = next.flatMap { tagger.firstDecided(in: $0.text, sentences: $0.sentences) }
        return tagger.languages(of: block, sentences: ranges, before: previous, after: after)
    }

    /// Counts sentences with the same blocks and segmenter (cancellable).
    public func countSentences() throws -> Int {
        var blocks = try makeBlocks()
        var n = 0
        while let b = blocks.next() {
            if Task.isCancelled { break }
            n += segmenter.sentences(in: b).count
        }
        return n
    }

    /// Reads from sentence `from` (default: the saved position, else 0) to the end or until the
    /// queue is stopped; `progress` is called as each sentence starts being heard. Returns the
    /// number of the sentence after the last one heard.
    @discardableResult
    public func run(from: Int? = nil, words: (@Sendable (ReadingWord) -> Void)? = nil,
                    progress: @escaping @Sendable (ReadingProgress) -> Void) async throws -> Int {
        let start = from ?? path.flatMap { store?.position(of: $0) } ?? 0
        let counter = Task.detached { [self] in
            let n = try? countSentences()
            if !Task.isCancelled { totalBox.value = n }
        }
        defer { counter.cancel() }
        var blocks = try makeBlocks()
        var base = 0                       // global index of the next block's first sentence
        var inFlight: [Int: (base: Int, text: String, languages: [Language], sentences: [Range<String.Index>], page: Int?)] = [:]
        var order: [Int] = []
        var previousLanguage: Language? = nil
        var next = start
        var stopped = false

        // One block of look-ahead: a heading takes the language of the text after it.
        // A block's PDF page is read as it comes out of the reader, before the look-ahead moves on.
        var peeked: (text: String, sentences: [Range<String.Index>], page: Int?)?
        func nextBlock() -> (text: String, sentences: [Range<String.Index>], page: Int?)? {
            if let p = peeked { peeked = nil; return p }
            return blocks.next().map { ($0, segmenter.sentences(in: $0), blocks.page) }
        }
        func fill() async {
            while order.count < ahead, let (block, ranges, page) = nextBlock() {
                peeked = nextBlock()
                let langs = languages(of: block, ranges, previous: previousLanguage, next: peeked.map { ($0.text, $0.sentences) })
                previousLanguage = langs.last ?? previousLanguage
                defer { base += ranges.count }
                guard base + ranges.count > start else { continue }
                let skip = max(0, start - base)
                let id = await queue.enqueue(block, language: language, sentences: Array(ranges[skip...]),
                                             sentenceLanguages: Array(langs[skip...]))
                inFlight[id] = (base + skip, block, Array(langs[skip...]), Array(ranges[skip...]), page)
                order.append(id)
            }
        }
        await fill()
        if order.isEmpty { return start }
        for await event in queue.events {
            switch event {
            case .sentence(let id, let index, let range, let t):
                guard let u = inFlight[id] else { continue }
                let global = u.base + index
                next = global
                if let path { try store?.save(global, total: totalBox.value, of: path) }
                progress(ReadingProgress(index: global, total: totalBox.value, text: String(u.text[range]),
                                         language: u.languages.indices.contains(index) ? u.languages[index] : language ?? .en, t: t,
                                         page: u.page))
            case .word(let id, let index, let range, let t):
                guard let words, let u = inFlight[id], u.sentences.indices.contains(index) else { continue }
                let s = u.sentences[index].lowerBound
                words(ReadingWord(index: u.base + index, chars: [u.text.utf16.distance(from: s, to: range.lowerBound),
                                                                  u.text.utf16.distance(from: s, to: range.upperBound)],
                                  text: String(u.text[range]), t: t))
            case .finished(let id, _), .cancelled(let id, _):
                guard inFlight.removeValue(forKey: id) != nil else { continue }
                order.removeAll { $0 == id }
                if case .cancelled = event { stopped = true; break }
                await fill()
            default: continue
            }
            if stopped || order.isEmpty { break }
        }
        if stopped {
            return next
        }
        if let path { store?.clear(path) }
        return base
    }
}

/// A value shared between the reader and its counting task.
// @unchecked Sendable: `_value` is read and written only under `lock`.
final class LockedBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: T
    init(_ v: T) { _value = v }
    var value: T {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }
}
