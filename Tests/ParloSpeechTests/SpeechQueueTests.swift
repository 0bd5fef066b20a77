import XCTest
import ParloTesting
import ParloAudio
import ParloCore
@testable import ParloSpeech

/// Collects a queue's events synchronously, in order.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [SpeechEvent] = []
    func add(_ e: SpeechEvent) { lock.withLock { items.append(e) } }
    var events: [SpeechEvent] { lock.withLock { items } }
    var names: [String] { events.map(\.name) }
    /// Words heard, as text; `id` selects one utterance (ranges index that utterance's text).
    func words(in text: String, id: Int? = nil) -> [String] {
        events.compactMap {
            if case .word(let i, _, let r, _) = $0, id == nil || id == i { return String(text[r]) } else { return nil }
        }
    }
}

extension SpeechEvent {
    /// The event without its time ("finished 3"), for comparisons.
    var label: String { "\(name) \(id)" }
}

final class SpeechQueueTests: XCTestCase {
    let adam = CharacterCatalog.defaults.characters[0]

    func makeQueue(instant: Bool = false) async -> (SpeechQueue, MemorySink, EventLog) {
        let sink = MemorySink(instant: instant)
        let queue = SpeechQueue(sink: sink, character: adam, eventBuffer: 0)
        let log = EventLog()
        await queue.observe { log.add($0) }
        return (queue, sink, log)
    }

    /// Plays the sink's clock forward in 20 ms steps until the queue is idle (or `limit` seconds).
    func play(_ queue: SpeechQueue, _ sink: MemorySink, seconds limit: Double = 30) async {
        var t = 0.0
        while t < limit {
            if await queue.isIdle { return }
            sink.advance(seconds: 0.02)
            await queue.tick()
            t += 0.02
        }
    }

    func testWordsAreEmittedWhenHeardNotWhenSynthesised() async throws {
        let (queue, sink, log) = await makeQueue()
        let text = "One two three four five. Six seven."
        let id = await queue.enqueue(text)
        XCTAssertEqual(log.names.prefix(2), ["started", "sentence"])
        XCTAssertLessThanOrEqual(log.words(in: text).count, 1, "nothing heard yet beyond the first word")
        XCTAssertLessThanOrEqual(sink.pendingFrames, Int(0.2 * 22050) + 1, "only the look-ahead is written")
        sink.advance(seconds: 0.5)
        await queue.tick()
        let early = log.words(in: text).count
        XCTAssertGreaterThan(early, 0)
        XCTAssertLessThan(early, 5)
        await play(queue, sink)
        XCTAssertEqual(log.words(in: text), ["One", "two", "three", "four", "five", "Six", "seven"])
        XCTAssertEqual(log.names.filter { $0 == "sentence" }.count, 2)
        XCTAssertEqual(log.events.last?.label, "finished \(id)")
        XCTAssertEqual(sink.flushedFrames, 0)
        XCTAssertGreaterThan(sink.played.count, 22050)
    }

    func testPauseResumesAtTheWordWhereItStopped() async throws {
        let (queue, sink, log) = await makeQueue()
        let text = "Alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima."
        let id = await queue.enqueue(text)
        for _ in 0..<40 { sink.advance(seconds: 0.02); await queue.tick() }
        await queue.pause()
        let heard = log.words(in: text)
        XCTAssertGreaterThan(heard.count, 1)
        XCTAssertLessThan(heard.count, 12)
        XCTAssertEqual(sink.pendingFrames, 0, "pause cuts the pending audio")
        sink.advance(seconds: 2); await queue.tick()
        XCTAssertEqual(log.words(in: text), heard, "nothing is heard while paused")
        await queue.resume()
        await play(queue, sink)
        let all = log.words(in: text)
        XCTAssertEqual(all[heard.count], heard.last!, "resume restarts at the last word heard")
        XCTAssertEqual(Array(all[(heard.count + 1)...]), Array(Self.nato.drop { $0 != heard.last! }.dropFirst()))
        XCTAssertEqual(log.events.last?.label, "finished \(id)")
    }

    static let nato = ["Alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima"]

    func testSkipSentenceAndStop() async throws {
        let (queue, sink, log) = await makeQueue()
        let text = "First sentence is here. Second sentence now. Third one."
        let a = await queue.enqueue(text)
        let b = await queue.enqueue("Never heard.")
        sink.advance(seconds: 0.3); await queue.tick()
        await queue.skip(.sentence)
        sink.advance(seconds: 0.3); await queue.tick()
        let sentences = log.events.compactMap { if case .sentence(_, let i, _, _) = $0 { return i } else { return nil } }
        XCTAssertEqual(sentences, [0, 1])
        await queue.stop()
        XCTAssertEqual(log.events.suffix(2).map(\.label), ["cancelled \(a)", "cancelled \(b)"])
        XCTAssertFalse(log.words(in: text).contains("is"), "the rest of sentence 1 was skipped: \(log.words(in: text))")
        let isIdle = await queue.isIdle
        XCTAssertTrue(isIdle)
    }

    func testInterruptCutsThenQueueContinues() async throws {
        let (queue, sink, log) = await makeQueue()
        let a = await queue.enqueue("A long answer that will be cut off in the middle of it.")
        let b = await queue.enqueue("Then this.")
        sink.advance(seconds: 0.5); await queue.tick()
        let pendingBefore = sink.pendingFrames
        XCTAssertGreaterThan(pendingBefore, 0)
        let c = await queue.enqueue("Battery low!", priority: .interrupt)
        XCTAssertEqual(sink.flushedFrames, pendingBefore, "the interrupt cut the audio not yet heard")
        let bg = await queue.enqueue("Background chatter.", priority: .background)
        await play(queue, sink)
        let ends = log.events.filter(\.isEnd)
        XCTAssertEqual(ends.map(\.label), ["cancelled \(a)", "cancelled \(bg)", "finished \(c)", "finished \(b)"])
        let starts = log.events.compactMap { if case .started(let id, _) = $0 { return id } else { return nil } }
        XCTAssertEqual(starts, [a, c, b])
    }

    func testSSMLOnlyWhenAsked() async throws {
        let (queue, _, log) = await makeQueue(instant: true)
        let markup = "<speak>Hello <break time=\"500ms\"/> world</speak>"
        let a = await queue.enqueue(markup, ssml: true)
        XCTAssertEqual(log.words(in: markup, id: a), ["Hello", "world"])
        let plain = "Use a <b> tag."
        let b = await queue.enqueue(plain)
        XCTAssertEqual(log.names.filter { $0 == "finished" }.count, 2)
        XCTAssertEqual(log.words(in: plain, id: b), ["Use", "a", "b", "tag"], "without --ssml markup is just text")
    }

    func testRateChangeAppliesFromTheNextSentence() async throws {
        let (queue, sink, log) = await makeQueue(instant: true)
        let text = "This sentence is spoken at normal speed. This sentence is spoken at normal speed."
        await queue.setRate(2)
        _ = await queue.enqueue(text)
        let fastFrames = sink.played.count
        await queue.setRate(1)
        _ = await queue.enqueue(text)
        let normalFrames = sink.played.count - fastFrames
        XCTAssertGreaterThan(Double(normalFrames) / Double(fastFrames), 1.5)
        XCTAssertEqual(log.names.filter { $0 == "finished" }.count, 2)
    }

    func testRateChangeMidUtteranceAppliesToTheNextSentence() async throws {
        let (queue, sink, log) = await makeQueue()
        let starts = LockedBox<[Int]>([])
        await queue.observe { if case .sentence = $0 { starts.value.append(sink.playedFrames) } }
        let sentence = "This sentence is spoken at normal speed today."
        _ = await queue.enqueue(sentence + " " + sentence + " " + sentence)
        sink.advance(seconds: 0.1); await queue.tick()
        await queue.setRate(2)
        await play(queue, sink)
        let s = starts.value
        XCTAssertEqual(s.count, 3)
        let first = Double(s[1] - s[0]), second = Double(s[2] - s[1])
        XCTAssertGreaterThan(first / second, 1.6, "sentence 1 at normal rate, sentence 2 at double rate")
        XCTAssertEqual(log.names.last, "finished")
    }

    func testWAVSinkWritesThePlayableFile() async throws {
        let path = NSTemporaryDirectory() + "parlo-say-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try WAVFileSink(path: path)
        let queue = SpeechQueue(sink: sink, character: adam, eventBuffer: 0)
        let log = EventLog()
        await queue.observe { log.add($0) }
        _ = await queue.enqueue("Hello from Parlo. Ciao da Parlo.")
        XCTAssertEqual(log.names.last, "finished")
        sink.close()
        let file = try SoundFile(path: path)
        XCTAssertEqual(file.sampleRate, 22050)
        XCTAssertEqual(file.frames, sink.writtenFrames)
        XCTAssertGreaterThan(Double(file.frames) / 22050, 1.0)
    }

    /// Random calls on the real queue with real (short) synthesis: every utterance ends once.
    func testRandomisedQueueCallsEndEveryUtteranceOnce() async throws {
        let (queue, sink, log) = await makeQueue()
        var rng = SeededRandom(seed: 42)
        var ids: [Int] = []
        let texts = ["Yes.", "No. Maybe.", "OK then. Go on. Stop.", "Ciao."]
        for _ in 0..<10_000 {
            switch rng.next() % 10 {
            case 0, 1:
                let p: SpeechPriority = [.normal, .interrupt, .background][Int(rng.next() % 3)]
                ids.append(await queue.enqueue(texts[Int(rng.next() % 4)], priority: p))
            case 2: await queue.pause()
            case 3: await queue.resume()
            case 4: await queue.skip(.sentence)
            case 5: await queue.skip(.utterance)
            case 6: if rng.next() % 5 == 0 { await queue.stop() }
            default: sink.advance(seconds: 0.05); await queue.tick()
            }
        }
        await queue.resume()
        await play(queue, sink, seconds: 600)
        let idle = await queue.isIdle
        XCTAssertTrue(idle, "no deadlock: the queue drains")
        var ends: [Int: Int] = [:]
        for e in log.events where e.isEnd { ends[e.id, default: 0] += 1 }
        for id in ids { XCTAssertEqual(ends[id], 1, "utterance \(id)") }
    }
}

final class ReadingControlTests: XCTestCase {
    func testSpokenControlsActOnTheQueue() async throws {
        let sink = MemorySink()
        let queue = SpeechQueue(sink: sink, character: CharacterCatalog.defaults.characters[2], eventBuffer: 0)
        let log = EventLog()
        await queue.observe { log.add($0) }
        let text = "One sentence here. Two sentence here. Three sentence here."
        let id = await queue.enqueue(text)
        XCTAssertEqual(ReadingControl(word: "Prossimo"), .next)
        await ReadingControl(word: "prossimo")!.perform(on: queue)
        await ReadingControl(word: "ripeti")!.perform(on: queue)
        await ReadingControl(word: "precedente")!.perform(on: queue)
        let sentences = log.events.compactMap { if case .sentence(_, let i, _, _) = $0 { return i } else { return nil } }
        XCTAssertEqual(sentences, [0, 1, 1, 0])
        await ReadingControl(word: "faster")!.perform(on: queue)
        let rate = await queue.rateScale
        XCTAssertEqual(rate, 1.25, accuracy: 0.001)
        await ReadingControl(word: "pausa")!.perform(on: queue)
        let paused = await queue.isPaused
        XCTAssertTrue(paused)
        await ReadingControl(word: "basta")!.perform(on: queue)
        XCTAssertEqual(log.events.last?.label, "cancelled \(id)")
        XCTAssertNil(ReadingControl(word: "banana"))
    }
}
