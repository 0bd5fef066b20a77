import ParloCore
import XCTest
@testable import ParloSpeechQueue
import ParloCore

final class SpeechQueueLogicTests: XCTestCase {
    typealias L = SpeechQueueLogic

    func testNormalItemsPlayInOrder() {
        var q = L()
        XCTAssertEqual(q.enqueue(.init(id: 1, priority: .normal, sentenceCount: 2)), [.start(1), .play(1, sentence: 0, from: nil)])
        XCTAssertEqual(q.enqueue(.init(id: 2, priority: .normal, sentenceCount: 1)), [])
        XCTAssertEqual(q.sentenceEnded(1, sentence: 0), [])
        XCTAssertEqual(q.sentenceEnded(1, sentence: 1), [.finish(1), .start(2), .play(2, sentence: 0, from: nil)])
        XCTAssertEqual(q.sentenceEnded(2, sentence: 0), [.finish(2)])
        XCTAssertTrue(q.isIdle)
    }

    func testInterruptCutsAndSpeaksNowKeepingTheQueue() {
        var q = L()
        _ = q.enqueue(.init(id: 1, priority: .normal, sentenceCount: 2))
        _ = q.enqueue(.init(id: 2, priority: .normal, sentenceCount: 1))
        XCTAssertEqual(q.enqueue(.init(id: 3, priority: .interrupt, sentenceCount: 1)),
                       [.cut, .cancel(1), .start(3), .play(3, sentence: 0, from: nil)])
        XCTAssertEqual(q.sentenceEnded(3, sentence: 0), [.finish(3), .start(2), .play(2, sentence: 0, from: nil)])
    }

    func testBackgroundIsDroppedWhenAnythingElseWaits() {
        var q = L()
        _ = q.enqueue(.init(id: 1, priority: .normal, sentenceCount: 1))
        XCTAssertEqual(q.enqueue(.init(id: 2, priority: .background, sentenceCount: 1)), [.cancel(2)])
        _ = q.stop()
        _ = q.enqueue(.init(id: 3, priority: .background, sentenceCount: 1))
        XCTAssertEqual(q.enqueue(.init(id: 4, priority: .normal, sentenceCount: 1)),
                       [.cut, .cancel(3), .start(4), .play(4, sentence: 0, from: nil)])
    }

    func testPauseResumesAtTheLastHeardWord() {
        var q = L()
        _ = q.enqueue(.init(id: 1, priority: .normal, sentenceCount: 3))
        _ = q.sentenceEnded(1, sentence: 0)
        q.heard(1, sentence: 1, word: 42)
        XCTAssertEqual(q.pause(), [.cut])
        XCTAssertEqual(q.enqueue(.init(id: 2, priority: .normal, sentenceCount: 1)), [], "waits while paused")
        XCTAssertEqual(q.resume(), [.play(1, sentence: 1, from: 42)])
    }

    func testSkipSentencePreviousRepeatAndStop() {
        var q = L()
        _ = q.enqueue(.init(id: 1, priority: .normal, sentenceCount: 2))
        _ = q.enqueue(.init(id: 2, priority: .normal, sentenceCount: 1))
        XCTAssertEqual(q.skip(.sentence), [.cut, .play(1, sentence: 1, from: nil)])
        XCTAssertEqual(q.previous(), [.cut, .play(1, sentence: 0, from: nil)])
        XCTAssertEqual(q.repeatSentence(), [.cut, .play(1, sentence: 0, from: nil)])
        XCTAssertEqual(q.skip(.utterance), [.cut, .cancel(1), .start(2), .play(2, sentence: 0, from: nil)])
        XCTAssertEqual(q.skip(.sentence), [.cut, .finish(2)])
        _ = q.enqueue(.init(id: 3, priority: .normal, sentenceCount: 1))
        _ = q.enqueue(.init(id: 4, priority: .normal, sentenceCount: 1))
        XCTAssertEqual(q.stop(), [.cut, .cancel(3), .cancel(4)])
        XCTAssertTrue(q.isIdle)
    }

    /// 10,000 random calls, with the driver's reports interleaved: every utterance ends once.
    func testRandomisedCallsEndEveryUtteranceExactlyOnce() {
        var rng = SeededRandom(seed: 0x5EED)
        var q = L()
        var started = Set<Int>(), ended = [Int: Int](), enqueued = Set<Int>()
        var nextID = 1
        func record(_ actions: [L.Action]) {
            for a in actions {
                switch a {
                case .start(let id):
                    XCTAssertTrue(started.insert(id).inserted, "started twice \(id)")
                    XCTAssertNil(ended[id], "started after end \(id)")
                case .finish(let id), .cancel(let id):
                    ended[id, default: 0] += 1
                case .play(let id, _, _):
                    XCTAssertEqual(q.current?.item.id, id)
                    XCTAssertNil(ended[id])
                case .cut: break
                }
            }
        }
        for _ in 0..<10_000 {
            switch rng.next() % 12 {
            case 0, 1, 2:
                let p: SpeechPriority = [.normal, .normal, .interrupt, .background][Int(rng.next() % 4)]
                enqueued.insert(nextID)
                record(q.enqueue(.init(id: nextID, priority: p, sentenceCount: Int(rng.next() % 4))))
                nextID += 1
            case 3: record(q.pause())
            case 4: record(q.resume())
            case 5: record(q.skip(.sentence))
            case 6: record(q.skip(.utterance))
            case 7: if rng.next() % 4 == 0 { record(q.stop()) }
            case 8: record(q.previous())
            default:
                if let c = q.current {
                    q.heard(c.item.id, sentence: c.sentence, word: Int(rng.next() % 50))
                    record(q.sentenceEnded(c.item.id, sentence: c.sentence))
                }
            }
        }
        record(q.stop())
        XCTAssertTrue(q.isIdle)
        XCTAssertGreaterThan(enqueued.count, 2000)
        for id in enqueued { XCTAssertEqual(ended[id], 1, "utterance \(id) ended \(ended[id] ?? 0) times") }
        XCTAssertEqual(Set(ended.keys), enqueued)
    }
}
