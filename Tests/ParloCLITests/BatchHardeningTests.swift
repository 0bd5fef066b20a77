import Foundation
import XCTest
import ParloTesting

/// Issue 13, `parlo batch`: bad options and odd output targets end with one clear line, exit 1
/// or 64, and lose nothing already written.
final class BatchHardeningTests: ScratchFolderTestCase {
    static let cards = BatchCommandTests.cards

    /// A headerless file (zeros) the raw options could apply to.
    func rawFile() -> String {
        let path = dir.appendingPathComponent("x.raw").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(count: 3200))
        return path
    }

    func testOutOfRangeRawRateAndChannelsAreRefusedWithOneLine() throws {
        for option in ["--raw-rate=2147483648", "--raw-rate=0", "--raw-channels=2147483648", "--raw-channels=0"] {
            let out = try ParloProcess.run(["batch", "--raw-rate=16000", option, rawFile()])
            XCTAssertEqual(out.status, 64, "\(option): \(out.stderr)")
            let lines = ParloProcess.errorLines(out)
            XCTAssertEqual(lines.count, 1, out.stderr)
            XCTAssertTrue(lines.first?.contains(String(option.prefix { $0 != "=" })) ?? false, out.stderr)
        }
    }

    /// Both loudest-speech options take a positive dB value or 'off' (`LoudestLookOptions.levelDifference`), in
    /// `parlo batch`, and the second look in `parlo listen` and `parlo study` too.
    func testBadLoudestLevelDifferencesAreRefusedWithOneLine() throws {
        for (command, option) in [("batch", "--second-look-loudest"), ("batch", "--trim-below-loudest"),
                                  ("listen", "--second-look-loudest"), ("study", "--second-look-loudest")] {
            for value in ["loud", "0", "-3"] {
                let input = command == "batch" ? [Self.cards + "/003.wav"] : ["--input", Self.cards + "/003.wav"]
                let out = try ParloProcess.run([command, "\(option)=\(value)"] + input)
                XCTAssertEqual(out.status, 64, "\(command) \(option) \(value): \(out.stderr)")
                let lines = ParloProcess.errorLines(out)
                XCTAssertEqual(lines.count, 1, out.stderr)
                XCTAssertTrue(lines.first?.contains("\(option) takes a level difference in dB") ?? false, out.stderr)
            }
        }
    }

    func testNegativeLevelsAndScoresAreTakenAsValues() throws {
        let out = try ParloProcess.run(["batch", "--jsgf", Self.cards + "/cards.gram", "--noise-floor", "-55",
                                        "--denoise", "-15", Self.cards + "/003.wav"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(try ParloProcess.object(out.lines[0])["text"] as? String, "seven of clubs")
        let rejecting = try ParloProcess.run(["batch", "--jsgf", Self.cards + "/cards.gram", "--reject-word-score", "-12",
                                              "--reject-score", "-9", "--reject-short-score", "-9", Self.cards + "/003.wav"])
        XCTAssertEqual(rejecting.status, 0, rejecting.stderr)
        XCTAssertEqual(rejecting.lines.count, 2, rejecting.stdout)
    }

    func batch(_ extra: [String], files: [String] = [BatchCommandTests.cards + "/003.wav"], in directory: URL? = nil) throws -> ParloProcess.Output {
        let (out, timedOut) = try ParloProcess.run(["batch", "--jsgf", Self.cards + "/cards.gram"] + extra + files,
                                                   timeout: 120, directory: directory)
        XCTAssertFalse(timedOut)
        return out
    }

    func fileType(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0, path)
        return st.st_mode & S_IFMT
    }

    func testOutWritesThroughDevicesFIFOsAndSymlinks() throws {
        // A character device (/dev/null's numbers): written to, never replaced by a file.
        let node = dir.appendingPathComponent("n").path
        guard mknod(node, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else { throw XCTSkip("mknod needs root") }
        XCTAssertEqual(try batch(["--out", node]).status, 0)
        XCTAssertEqual(fileType(node), S_IFCHR)

        // A symlink to a device: the link stays, the device stays.
        let deviceLink = dir.appendingPathComponent("devlink").path
        try FileManager.default.createSymbolicLink(atPath: deviceLink, withDestinationPath: node)
        XCTAssertEqual(try batch(["--out", deviceLink]).status, 0)
        XCTAssertEqual(fileType(deviceLink), S_IFLNK)
        XCTAssertEqual(fileType(node), S_IFCHR)

        // A symlink to a regular file: results land in the target, the link is kept.
        let target = dir.appendingPathComponent("target.jsonl").path, link = dir.appendingPathComponent("link.jsonl").path
        _ = FileManager.default.createFile(atPath: target, contents: Data("old\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        XCTAssertEqual(try batch(["--out", link]).status, 0)
        XCTAssertEqual(fileType(link), S_IFLNK)
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).contains("seven of clubs"))

        // A FIFO: its reader gets the results, and it is still a FIFO afterwards.
        let fifo = dir.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let received = LockedData()
        let reader = Thread { received.set(FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()) }
        reader.start()
        XCTAssertEqual(try batch(["--out", fifo]).status, 0)
        while reader.isExecuting { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertTrue(String(decoding: received.get(), as: UTF8.self).contains("seven of clubs"))
        XCTAssertEqual(fileType(fifo), S_IFIFO)
    }

    func testASecondRunOnTheSameOutIsRefusedAndTheFirstKeepsItsResults() throws {
        let results = dir.appendingPathComponent("r.jsonl").path
        XCTAssertEqual(try batch(["--out", results]).status, 0)
        let before = try String(contentsOfFile: results, encoding: .utf8)
        // Hold the lock as a running batch does, then start another run on the same file.
        let fd = open(results + ".lock", O_RDWR | O_CREAT, 0o644)
        XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
        defer { close(fd) }
        let second = try batch(["--out", results])
        XCTAssertEqual(second.status, 1)
        let lines = ParloProcess.errorLines(second)
        XCTAssertEqual(lines.count, 1, second.stderr)
        XCTAssertTrue(lines.first?.contains("another parlo batch") ?? false, second.stderr)
        XCTAssertEqual(try String(contentsOfFile: results, encoding: .utf8), before)
    }

    func testResumeMatchesPathsByFileAndWarnsAboutADamagedLine() throws {
        let x = dir.appendingPathComponent("x")
        try FileManager.default.createDirectory(at: x, withIntermediateDirectories: true)
        for n in ["001", "002", "003"] {
            try FileManager.default.copyItem(atPath: Self.cards + "/\(n).wav", toPath: x.appendingPathComponent("\(n).wav").path)
        }
        XCTAssertEqual(try batch(["--out", "r.jsonl"], files: ["./x/001.wav", "x/002.wav", "x/003.wav"], in: dir).status, 0)
        let results = dir.appendingPathComponent("r.jsonl").path
        // The result lines of the --out file (the run's own first and last lines aside).
        func resultLines() throws -> [Substring] {
            try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n").filter { $0.contains(#""type":"result""#) }
        }
        var lines = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(try resultLines().count, 3)
        // Spelled differently: still the same files, nothing decoded again.
        let again = try batch(["--out", "r.jsonl", "--resume"], files: ["x/001.wav", dir.path + "/x/./002.wav"], in: dir)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try resultLines().count, 3)
        // A damaged line in the middle: one warning naming it, and its file decoded again.
        let damaged = lines.firstIndex { $0.contains("002.wav") }!
        lines[damaged] = String(lines[damaged].prefix(20))
        try (lines.joined(separator: "\n") + "\n").write(toFile: results, atomically: true, encoding: .utf8)
        let repaired = try batch(["--out", "r.jsonl", "--resume"], files: ["x/001.wav", "x/002.wav", "x/003.wav"], in: dir)
        XCTAssertEqual(repaired.status, 0, repaired.stderr)
        let warnings = ParloProcess.errorLines(repaired)
        XCTAssertEqual(warnings.count, 1, repaired.stderr)
        XCTAssertTrue(warnings.first?.contains("line \(damaged + 1)") ?? false, repaired.stderr)
        let after = try resultLines()
        XCTAssertEqual(after.count, 3, "the damaged line is no result; 002 decoded again")
        XCTAssertTrue(after.last?.contains("002.wav") ?? false)
    }
}

/// Bytes handed from a reader thread to the test.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.withLock { data = d } }
    func get() -> Data { lock.withLock { data } }
}
