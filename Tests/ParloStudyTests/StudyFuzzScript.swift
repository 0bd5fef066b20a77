import Foundation
import ParloCore

/// One input of a random study sequence.
enum FuzzStep: CustomStringConvertible {
    /// A typed line, or an utterance the microphone hears.
    case say(String)
    /// Slices of 50 ms: playback moves on (and the microphone hears the room).
    case play(Int)
    /// The study clock jumps by minutes and the focus timer is checked.
    case minutes(Int)

    var description: String {
        switch self {
        case .say(let text): return "say \"\(text)\""
        case .play(let n): return "play \(n * 50) ms"
        case .minutes(let m): return "+\(m) min"
        }
    }
}

/// Random study sequences from a seed: commands in English and Italian (every clean sentence
/// of the command fixtures), non-commands, empty lines, time passing while Parlo speaks.
enum FuzzScript {
    /// A spoken or typed phrase, with its fixture recording (16 kHz after reading).
    struct Phrase { var text: String; var command: String?; var audio: String? }

    /// The clean fixtures of audio-fixtures/commands: every command, both languages, and
    /// sentences that are no command.
    static let fixtures: [Phrase] = {
        let folder = StudyFixtures.repo.appendingPathComponent("audio-fixtures/commands")
        let manifest = (try? String(contentsOf: folder.appendingPathComponent("manifest.jsonl"), encoding: .utf8)) ?? ""
        return manifest.split(separator: "\n").compactMap { line in
            guard let data = line.data(using: .utf8),
                  let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  o["snr_db"] is NSNull, let text = o["text"] as? String, let audio = o["audio"] as? String else { return nil }
            return Phrase(text: text, command: o["command"] as? String, audio: folder.appendingPathComponent(audio).path)
        }
    }()

    /// What a student says most: drawn more often so readings start and get interrupted.
    static let core = ["open math", "apri la storia", "read the page", "leggi la pagina", "pause", "pausa", "resume",
                       "continua", "next", "prossimo", "previous", "repeat", "stop", "basta", "what can I say"]
    /// Typed lines that are no command at all.
    static let noise = ["", "   ", "fly me to the moon", "che tempo fa oggi", "open", "timer", "ciao"]

    static func phrase(_ rng: inout SeededRandom) -> String {
        switch rng.index(below: 20) {
        case 0..<9: return core[rng.index(below: core.count)]
        case 9: return noise[rng.index(below: noise.count)]
        default: return fixtures[rng.index(below: fixtures.count)].text
        }
    }

    /// Commands with a recording: the ones that change the state most, half of the time.
    static let recorded = fixtures.filter { ["open_subject", "read_page", "pause", "resume", "next", "stop"].contains($0.command ?? "") }

    static func recordedPhrase(_ rng: inout SeededRandom) -> String {
        let pool = rng.index(below: 2) == 0 ? recorded : fixtures
        return pool[rng.index(below: pool.count)].text
    }

    /// 1–12 steps: mostly commands, with playback and clock jumps in between.
    static func steps(_ rng: inout SeededRandom, say: (inout SeededRandom) -> String = phrase) -> [FuzzStep] {
        (0..<(1 + rng.index(below: 12))).map { _ in
            switch rng.index(below: 20) {
            case 0..<11: return .say(say(&rng))
            case 11..<18: return .play(1 + rng.index(below: 40))
            default: return .minutes(1 + rng.index(below: 30))
            }
        }
    }
}

/// Fails a run instead of hanging it: `run` returns a message naming the sequence (set with
/// `begin`) that took longer than `limit`, and leaves that sequence's task behind.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var label = ""
    private var since = ContinuousClock.now
    private var finished = false
    private var continuation: CheckedContinuation<String?, Never>?

    /// Marks the start of a sequence.
    func begin(_ label: String) { lock.withLock { self.label = label; since = .now } }

    func run(limit: Duration, _ body: @escaping @Sendable (Watchdog) async -> Void) async -> String? {
        await withCheckedContinuation { (c: CheckedContinuation<String?, Never>) in
            lock.withLock { continuation = c; since = .now }
            let work = Task { await body(self); self.end(nil) }
            // A thread, not a task: it must run even if the work keeps every executor thread busy.
            Thread {
                while true {
                    Thread.sleep(forTimeInterval: 0.2)
                    let (done, stuck, label) = self.lock.withLock { (self.finished, ContinuousClock.now - self.since > limit, self.label) }
                    if done { return }
                    if stuck {
                        work.cancel()
                        self.end("\(label) still running after \(limit): hang")
                        return
                    }
                }
            }.start()
        }
    }

    private func end(_ result: String?) {
        let c: CheckedContinuation<String?, Never>? = lock.withLock {
            guard !finished else { return nil }
            finished = true
            defer { continuation = nil }
            return continuation
        }
        c?.resume(returning: result)
    }
}
