import Foundation
import ParloCatalog
import ParloCommands
import ParloCore
import ParloSpeech
@testable import ParloStudy

/// One random study sequence's world: a fresh session whose replies and readings go into a
/// `MemorySink` (the clock moves only when the sequence says so), with every speech event and
/// session event counted, and the invariants that must hold between any two inputs.
///
/// Problems are collected, not asserted, so the test can report them with the seed that
/// replays the sequence.
final class StudyFuzzWorld: @unchecked Sendable {
    let session: StudySession
    let queue: SpeechQueue
    let sink: MemorySink
    let clock = ManualStudyClock()
    let ledger = SpeechLedger()
    let log = SessionLog()
    /// Seconds the queue writes ahead of what was heard.
    let lookahead: Double

    static let library: StudyLibrary = try! StudyLibrary(root: StudyFixtures.sample)
    /// What can be said while Parlo is silent and asks nothing: every command but the answers.
    static let allCommands = Set(StudyFixtures.catalog.commands.map(\.name)).subtracting(StudyAnswers.commands)
    static let help: StudyHelp = try! StudyHelp(catalog: StudyFixtures.catalog)

    /// - Parameters:
    ///   - synthesizer: `SilentSynthesizer` for the bulk, eSpeak NG (`Synthesizer`) for the rest.
    ///   - instant: a sink without a clock (replies to a file): everything is heard as written.
    init(synthesizer: any SpeechSynthesizing, instant: Bool) async throws {
        sink = MemorySink(instant: instant)
        let characters = CharacterCatalog.defaults
        let eva = try characters.character(named: "eva")
        queue = SpeechQueue(sink: sink, character: eva, synthesizer: synthesizer, eventBuffer: 1)
        let registry = VoiceCommandRegistry(matcher: StudyFixtures.matcher)
        let log = self.log
        session = try StudySession(library: Self.library, catalog: StudyFixtures.catalog, registry: registry, queue: queue,
                                   characters: characters, character: eva, clock: clock, help: Self.help) { log.record($0) }
        lookahead = Double(await queue.lookaheadFrames) / Double(sink.sampleRate)
        await session.start()
        let ledger = self.ledger
        await queue.observe { ledger.add($0) }
    }

    var problems: [String] { log.problems }
    func problem(_ p: String) { log.problem(p) }

    /// Ids the queue was given and has not ended: what the session must still count as pending.
    var live: Set<Int> {
        let n = log.enqueues
        return n == 0 ? [] : Set(1...n).subtracting(ledger.ended)
    }

    /// Waits until the session has taken in every speech event the queue sent (they reach it
    /// through a task) and its scopes caught up, then checks the invariants that must hold
    /// between any two inputs. Bounded: a session that never gets there is a problem, not a hang.
    func check(_ after: String) async {
        let deadline = ContinuousClock.now + .seconds(5)
        var rounds = 0
        while true {
            let found = await inconsistencies()
            if found.isEmpty { return }
            if ContinuousClock.now > deadline {
                for p in found { problem("after \(after): \(p)") }
                return
            }
            rounds += 1
            if rounds < 200 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
        }
    }

    /// What disagrees right now between the queue, the session, its gate and its registry.
    private func inconsistencies() async -> [String] {
        let (pending, early, speaking, held) = await session.fuzzState()
        let (paused, position, _) = await queue.fuzzState()
        let active = Set(await session.registry.activeCommands)
        let asking = await session.isAsking
        let expected = (speaking ? StudySession.readingControls : Self.allCommands).union(asking ? StudyAnswers.commands : [])
        var found: [String] = []
        if pending != live || !early.isEmpty {
            found.append("session pending \(pending.sorted()) (early \(early.sorted())), queue live \(live.sorted())")
        }
        if session.gate.speaking != speaking { found.append("gate says speaking \(session.gate.speaking), session \(speaking)") }
        if session.registry.activeSet != expected { found.append("the interpreters' set \(session.registry.activeSet.sorted()), speaking \(speaking)") }
        if active != expected { found.append("registry allows \(active.sorted()), speaking \(speaking)") }
        if held != paused { found.append("the session's pause \(held) differs from the queue's \(paused)") }
        if held && pending.isEmpty { found.append("paused with nothing to resume: the pause would hold back later replies") }
        if paused && sink.pendingFrames > 0 { found.append("paused, yet \(sink.pendingFrames) frames wait to be heard") }
        if speaking && (paused || position == nil) { found.append("the session says Parlo speaks, the queue plays nothing (paused \(paused))") }
        if !speaking && !paused && position != nil { found.append("the queue plays \(position!) but the session says Parlo is silent") }
        return found
    }

    /// Plays `seconds` of audio, in steps no longer than the queue's look-ahead (a sink plays
    /// only what was written, and the queue writes only that far ahead), then checks.
    func play(seconds: Double) async {
        var left = seconds
        while left > 1e-9, problems.isEmpty {
            let step = min(left, lookahead)
            sink.advance(seconds: step)
            await queue.tick()
            left -= step
        }
        await check("playing")
    }

    /// After a handled "stop": nothing is queued, paused or waiting to be heard.
    func checkStopped(_ after: String) async {
        let (idle, paused) = await (queue.isIdle, queue.isPaused)
        if !idle || paused || sink.pendingFrames > 0 {
            problem("after \(after): stop left the queue idle=\(idle) paused=\(paused), \(sink.pendingFrames) frames pending")
        }
    }

    /// Plays until the queue is idle, at most `seconds` of audio, checking every second.
    func playOut(seconds: Int = 120) async -> Bool {
        for _ in 0..<seconds where problems.isEmpty {
            if await queue.isIdle { return true }
            await play(seconds: 1)
        }
        return await queue.isIdle
    }

    /// The end of a sequence: everything started has ended exactly once, nothing is left.
    func checkEnd() async {
        await check("the end")
        let (paused, _, idle) = await queue.fuzzState()
        let (known, reading) = await (session.known, session.reading)
        if !idle || paused { problem("end: queue idle=\(idle) paused=\(paused)") }
        if !known.isEmpty || reading != nil { problem("end: session still knows \(known.sorted()), reading \(reading != nil)") }
        for p in ledger.check(ids: log.enqueues) { problem(p) }
        let r = log.readings
        if r.started != r.ended { problem("end: \(r.started) readings started, \(r.ended) ended") }
    }
}

/// What the session reported: enqueues, readings, problems found, the last events.
final class SessionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var _problems: [String] = []
    private var _enqueues = 0
    private var _readings = (started: 0, ended: 0)
    private var _events: [String] = []

    var problems: [String] { lock.withLock { _problems } }
    var enqueues: Int { lock.withLock { _enqueues } }
    var readings: (started: Int, ended: Int) { lock.withLock { _readings } }
    /// The session's last events, for a failure report.
    var recent: [String] { lock.withLock { Array(_events.suffix(12)) } }
    func problem(_ p: String) { lock.withLock { _problems.append(p) } }

    /// Commands that acted, over all sessions since `resetTotals` (silent, while speaking).
    nonisolated(unsafe) private static var _totals = (silent: 0, speaking: 0)
    private static let totalsLock = NSLock()
    static var totals: (silent: Int, speaking: Int) { totalsLock.withLock { _totals } }
    static func resetTotals() { totalsLock.withLock { _totals = (0, 0) } }

    func record(_ e: StudyEvent) {
        if e.type == "command" {
            let speaking = e["while_speaking"] == .bool(true)
            Self.totalsLock.withLock { if speaking { Self._totals.speaking += 1 } else { Self._totals.silent += 1 } }
        }
        lock.withLock {
            // Every enqueue is announced by exactly one of these two, just before it.
            if e.type == "reply" || e.type == "reading_started" { _enqueues += 1 }
            if e.type == "reading_started" { _readings.started += 1 }
            if e.type == "reading_finished" || e.type == "reading_stopped" { _readings.ended += 1 }
            if e.type != "listening" { _events.append("\(e.type) \(e.string("text") ?? e.string("command") ?? "")") }
        }
    }
}

/// Every speech event of one queue, checked as it arrives: one start, one end, nothing after.
final class SpeechLedger: @unchecked Sendable {
    private let lock = NSLock()
    private var starts: [Int: Int] = [:]
    private var ends: [Int: Int] = [:]
    private var late: [String] = []

    func add(_ e: SpeechEvent) {
        lock.withLock {
            if ends[e.id] != nil { late.append("\(e.name) of utterance \(e.id) after its end") }
            if case .started = e { starts[e.id, default: 0] += 1 }
            if e.isEnd { ends[e.id, default: 0] += 1 }
        }
    }

    var ended: Set<Int> { lock.withLock { Set(ends.keys) } }

    /// Problems with utterances 1…`ids`, the ones the session enqueued.
    func check(ids: Int) -> [String] {
        lock.withLock {
            var out = late
            for id in 1..<(ids + 1) where ends[id] != 1 { out.append("utterance \(id) ended \(ends[id] ?? 0) times") }
            for (id, n) in starts where n > 1 { out.append("utterance \(id) started \(n) times") }
            for id in ends.keys where id > ids { out.append("utterance \(id) ended but was never announced") }
            return out
        }
    }
}

/// What a failing sequence did and found: enough to read the failure and to replay it.
struct FuzzReport: CustomStringConvertible {
    var seed: UInt64
    var steps: [FuzzStep]
    var problems: [String]
    var recent: [String]

    var description: String {
        "seed 0x\(String(seed, radix: 16)) (replay: PARLO_FUZZ_SEED=0x\(String(seed, radix: 16)))\n  steps: "
            + steps.map(\.description).joined(separator: ", ")
            + "\n  problems:\n    " + problems.prefix(5).joined(separator: "\n    ")
            + "\n  last session events: " + recent.joined(separator: " | ")
    }
}

extension StudyFuzzWorld {
    /// Types `text` as `parlo study --text` does (with a sink without a clock it waits for
    /// speech to end, as with `--out`).
    func type(_ text: String) async {
        let report = await session.handle(text: text)
        if sink.instant { await session.waitUntilQuiet() }
        await check("\"\(text)\"")
        if report.outcome == .handled, report.match.command == "stop" { await checkStopped("\"\(text)\"") }
    }

    /// The study clock jumps; the session checks its focus timer.
    func jump(minutes: Int) async {
        clock.advance(by: Double(minutes) * 60)
        await session.checkTimer()
        await check("+\(minutes) min")
    }

    /// Ends the sequence, stopped or played out: the only reason speech may not end by itself
    /// is a pause (Parlo waits for "resume"), so a paused queue is resumed once. Then a final
    /// "stop", and the end checks.
    func end(stopFirst: Bool) async {
        if stopFirst { await type("basta") }
        if problems.isEmpty, !(await playOut()) {
            let (paused, position, _) = await queue.fuzzState()
            if !paused {
                problem("speech never ends (not paused) after 120 s of playback: at \(String(describing: position)), "
                        + "\(sink.writtenFrames) frames written, \(sink.playedFrames) played")
            }
            await type("resume")
            if problems.isEmpty, !(await playOut()) { problem("speech never ends after resume and 120 s of playback") }
        }
        if problems.isEmpty { await type("stop") }
        if problems.isEmpty { await checkEnd() }
    }

    func report(seed: UInt64, _ steps: [FuzzStep]) -> FuzzReport? {
        problems.isEmpty ? nil : FuzzReport(seed: seed, steps: steps, problems: problems, recent: log.recent)
    }
}

extension StudySession {
    /// What the fuzz checks, read in one hop: pending ids, ids with early events, speaking, paused.
    func fuzzState() -> (Set<Int>, Set<Int>, Bool, Bool) { (pending, Set(early.keys), isSpeaking, paused) }
}

extension SpeechQueue {
    /// Paused, the current utterance and sentence, idle: in one hop.
    func fuzzState() -> (Bool, (id: Int, sentence: Int)?, Bool) { (isPaused, position, isIdle) }
}
