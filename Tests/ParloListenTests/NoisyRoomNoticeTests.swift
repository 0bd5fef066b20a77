import ParloListen
import XCTest

final class NoisyRoomNoticeTests: XCTestCase {
    func testNoticesANoisyUtteranceThenWaitsAMinute() {
        var n = NoisyRoomNotice()
        let ends: [(Double, Double?)] = [(5, 25), (8, nil), (12, 7.5), (30, 6), (71, 9.9), (80, 4), (140, 12), (150, 3)]
        let noticed = ends.compactMap { t, snr in n.notice(after: .speechEnd(t: t, snrDB: snr)).map { _ in t } }
        XCTAssertEqual(noticed, [12, 80, 150])
        XCTAssertNil(n.notice(after: .speechStart(t: 300)), "only the end of an utterance is measured")
        let message = NoisyRoomNotice.message(snrDB: 6.6, quieter: "--mode ptt")
        XCTAssertTrue(message.hasPrefix("noisy room: you were 7 dB over it; below 10 dB") && message.hasSuffix("or try --mode ptt."), message)
    }
}
