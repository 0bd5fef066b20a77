import Foundation
import Parlo

/// Shows listening events: JSON Lines when piped (or `--json`), otherwise one live status line
/// (8-bar meter, state, partial text) with each result printed above it.
struct ListenPrinter {
    let json: Bool
    private let encoder = JSONLinesEncoder()
    private var bars = "        "
    private var lastDraw = -1.0
    private var noisyRoom = NoisyRoomNotice()

    init(json: Bool) { self.json = json }

    mutating func show(_ event: ListenEvent, phase: Endpointer.Phase, armed: Bool, partial: String) throws {
        if json {
            FileHandleOutput.stdout(try encoder.line(event) + "\n")
            return
        }
        switch event {
        case .level(let l):
            bars = l.barText
            guard l.t - lastDraw >= 0.04 else { return }   // 25 redraws a second is plenty
            lastDraw = l.t
        case .recognized(let t, let r, let ms):
            line(String(format: "%7.2fs  heard \"%@\"  (latency %d ms)", t, r.text as NSString, ms))
        case .command(let t, let m, let ms):
            let slots = m.slots.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let conf = String(format: " %.2f", m.confidence)
            line(String(format: "%7.2fs  ▶ ", t) + "\(m.command ?? "?") \(slots.joined(separator: " ")) [\(m.language?.rawValue ?? "?")\(conf)] latency \(ms) ms")
        case .rejected(_, let text, _, _) where text.isEmpty:
            break   // nothing was heard (noise, or the utterance cut by Ctrl-C): not worth a line
        case .rejected(let t, let text, let reason, _):
            line(String(format: "%7.2fs  ✗ ", t) + "\"\(text)\" — \(reason)")
        case .wake(let t, let phrase):
            line(String(format: "%7.2fs  ", t) + "wake: \(phrase)")
        case .speechEnd(let t, _):
            if let snr = noisyRoom.notice(after: event) {
                line(String(format: "%7.2fs  ", t) + NoisyRoomNotice.message(snrDB: snr, quieter: "--mode ptt"))
            }
        case .speechStart, .partial:
            break
        }
        let state = armed && phase == .waiting ? "awake" : phase.rawValue
        let status = "\r\u{1B}[K[\(bars)] \(state.padding(toLength: 8, withPad: " ", startingAt: 0)) \(partial)"
        FileHandleOutput.stdout(status)
    }

    /// Prints a result on its own line, above the status line.
    private func line(_ text: String) { FileHandleOutput.stdout("\r\u{1B}[K" + text + "\n") }

    func finish() { if !json { FileHandleOutput.stdout("\n") } }
}
