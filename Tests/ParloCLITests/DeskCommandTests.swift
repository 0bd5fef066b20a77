import Foundation
import ParloTesting
import XCTest

/// `parlo study --serve` on the command line: bad addresses, a taken port and a non-loopback
/// address each get one clear line; a typed session with --serve ends as it does without.
final class DeskCommandTests: ScratchFolderTestCase {
    static let grammar = Repository.grammars

    func testABadAddressIsOneLineAndExit64() throws {
        for bad in ["127.0.0.1:99999", "[::1", "host:port"] {
            let out = try ParloProcess.run(["study", "--text", "--mute", "--serve", bad, "--grammar", Self.grammar], stdin: "")
            XCTAssertEqual(out.status, 64, out.stderr)
            XCTAssertEqual(out.errorLines.count, 1, out.stderr)
            XCTAssertTrue(out.stderr.contains("is not ADDR:PORT"), out.stderr)
        }
        let lonely = try ParloProcess.run(["study", "--text", "--mute", "--keep-serving", "--grammar", Self.grammar], stdin: "")
        XCTAssertEqual(lonely.status, 64, lonely.stderr)
        XCTAssertTrue(lonely.stderr.contains("--keep-serving needs --serve"), lonely.stderr)
    }

    func testATakenPortIsOneLineAndExit1() throws {
        // Hold a port with a listening socket of our own.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        XCTAssertTrue(bound)
        let port = Int(UInt16(bigEndian: addr.sin_port))
        let out = try ParloProcess.run(["study", "--text", "--mute", "--serve", "127.0.0.1:\(port)", "--grammar", Self.grammar], stdin: "help\n")
        XCTAssertEqual(out.status, 1, out.stderr)
        XCTAssertEqual(out.errorLines.count, 1, out.stderr)
        XCTAssertTrue(out.stderr.contains("address already in use"), out.stderr)
        XCTAssertTrue(out.stdout.isEmpty, "the session did not start: \(out.stdout)")
    }

    func testServingEverywhereWarnsAndTheSessionRunsAsUsual() throws {
        let out = try ParloProcess.run(["study", "--text", "--json", "--out", path("r.wav"), "--serve", "0.0.0.0:0", "--grammar", Self.grammar],
                                       stdin: "open math\nhelp\n")
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stderr.contains("warning: the desk on 0.0.0.0 can be reached from other machines"), out.stderr)
        XCTAssertTrue(out.stderr.contains("Desk page: http://0.0.0.0:"), out.stderr)
        XCTAssertTrue(out.stderr.contains("?token="), out.stderr)
        XCTAssertTrue(out.stdout.contains(#""type":"subject_opened""#), "the session's JSON is unchanged: \(out.stdout)")
        let loopback = try ParloProcess.run(["study", "--text", "--mute", "--serve", "--grammar", Self.grammar], stdin: "help\n")
        XCTAssertEqual(loopback.status, 0, loopback.stderr)
        XCTAssertFalse(loopback.stderr.contains("warning"), loopback.stderr)
        XCTAssertTrue(loopback.stderr.contains("Desk page: http://127.0.0.1:"), loopback.stderr)
    }
}
