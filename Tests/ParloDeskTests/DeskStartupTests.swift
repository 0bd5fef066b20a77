@testable import ParloDesk
import XCTest

/// `DeskStartup` hands the server task's outcome to `DeskServer.start`, whichever comes first.
/// Before it, an outcome that came before the wait (a taken port failing at once on a loaded
/// machine) was dropped and `start` never returned: a fresh clone's `make test` hung in
/// `DeskServerTests.testATakenAddressFailsInOneLine`.
final class DeskStartupTests: XCTestCase {
    func testAnOutcomeSettledBeforeTheWaitIsNotLost() async throws {
        let failed = DeskStartup()
        failed.settle(.failure(DeskError("address already in use")))
        do {
            _ = try await failed.outcome()
            XCTFail("a failure settled first must reach the waiter")
        } catch {
            XCTAssertTrue("\(error)".contains("address already in use"), "\(error)")
        }
        let bound = DeskStartup()
        bound.settle(.success(8123))
        bound.settle(.failure(DeskError("stopped")))          // the first outcome counts
        let port = try await bound.outcome()
        XCTAssertEqual(port, 8123)
    }

    func testAnOutcomeSettledWhileWaitingWakesTheWaiter() async throws {
        let startup = DeskStartup()
        async let port = startup.outcome()
        try await Task.sleep(for: .milliseconds(50))
        startup.settle(.success(4242))
        let value = try await port
        XCTAssertEqual(value, 4242)
    }
}
