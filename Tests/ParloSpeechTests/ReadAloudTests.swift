import XCTest
@testable import ParloSpeech

final class ReadAloudTests: XCTestCase {
    let eva = CharacterCatalog.defaults.characters[1]

    func tempDir() -> String {
        let d = NSTemporaryDirectory() + "parlo-read-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    func testReadsAllSentencesInOrderWithLanguagePerParagraph() async throws {
        let sink = MemorySink(instant: true)
        let queue = SpeechQueue(sink: sink, character: eva)
        let md = "# Lesson one\n\nThe cat is on the table. It sleeps.\n\nIl gatto è sul tavolo. Dorme.\n"
        let reader = ReadAloud(text: md, markdown: true, queue: queue)
        let seen = LockedBox<[ReadingProgress]>([])
        let end = try await reader.run { p in seen.value.append(p) }
        XCTAssertEqual(seen.value.map(\.index), [0, 1, 2, 3, 4])
        XCTAssertEqual(seen.value.map(\.text), ["Lesson one.", "The cat is on the table.", "It sleeps.", "Il gatto è sul tavolo.", "Dorme."])
        XCTAssertEqual(seen.value.map(\.language), [.en, .en, .en, .it, .it])
        XCTAssertEqual(end, 5)
        XCTAssertGreaterThan(sink.played.count, 22050 * 3)
    }

    func testResumesFromTheSavedPositionAndFromSentence() async throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/notes.txt"
        try "One. Two. Three.\n\nFour. Five.".write(toFile: path, atomically: true, encoding: .utf8)
        let store = ReadingPositionStore(directory: dir + "/state")
        // Read with a clock we drive, and stop during sentence 3 ("Four.").
        let sink = MemorySink()
        let queue = SpeechQueue(sink: sink, character: eva)
        let reader = ReadAloud(path: path, queue: queue)
        reader.store = store
        let sentencesHeard = LockedBox<Int>(0)
        await queue.observe { if case .sentence = $0 { sentencesHeard.value += 1 } }
        let task = Task { try await reader.run { _ in } }
        while sentencesHeard.value < 4 {
            sink.advance(seconds: 0.05)
            await queue.tick()
            await Task.yield()
        }
        await queue.stop()
        let stoppedAt = try await task.value
        XCTAssertEqual(stoppedAt, 3)
        XCTAssertEqual(store.position(of: path), 3)
        // A new reader resumes at "Four.".
        let sink2 = MemorySink(instant: true)
        let reader2 = ReadAloud(path: path, queue: SpeechQueue(sink: sink2, character: eva))
        reader2.store = store
        let seen2 = LockedBox<[String]>([])
        try await reader2.run { p in seen2.value.append(p.text) }
        XCTAssertEqual(seen2.value, ["Four.", "Five."])
        XCTAssertNil(store.position(of: path), "finished documents are forgotten")
        // --from-sentence 1
        let seen3 = LockedBox<[String]>([])
        let reader3 = ReadAloud(path: path, queue: SpeechQueue(sink: MemorySink(instant: true), character: eva))
        try await reader3.run(from: 1) { p in seen3.value.append(p.text) }
        XCTAssertEqual(seen3.value, ["Two.", "Three.", "Four.", "Five."])
    }

    /// A 40 MB book: reading starts at once, and memory does not grow with the file.
    func testHugeTextStreamsWithBoundedMemory() async throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/book.txt"
        let paragraph = String(repeating: "This is a sentence of the very long book. ", count: 20) + "\n\n"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        let block = Data(String(repeating: paragraph, count: 1000).utf8)
        for _ in 0..<45 { handle.write(block) }
        try handle.close()
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        XCTAssertGreaterThan(size, 37_000_000)
        let before = residentMB()
        let sink = MemorySink()
        let queue = SpeechQueue(sink: sink, character: eva)
        let reader = ReadAloud(path: path, queue: queue)
        let seen = LockedBox<Int>(0)
        let started = Date()
        let task = Task { try await reader.run { _ in seen.value += 1 } }
        while seen.value < 30 {
            sink.advance(seconds: 0.5)
            await queue.tick()
            await Task.yield()
        }
        await queue.stop()
        _ = try await task.value
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        let grown = residentMB() - before
        XCTAssertLessThan(grown, 30, "resident memory grew by \(grown) MB for a \(size / 1_000_000) MB file")
    }

    func residentMB() -> Double {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = s.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * 4096 / 1_000_000
    }
}
