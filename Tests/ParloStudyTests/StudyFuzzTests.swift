import Foundation
import ParloCore
import ParloSpeech
import XCTest
@testable import ParloStudy

/// The study session as a state machine under random input (issue 13): thousands of random
/// command sequences, typed and heard, with pause/resume/stop/next arriving while Parlo speaks.
/// After every input the session and the speech queue must agree (`StudyFuzzWorld.check`);
/// every sequence must end, every utterance end exactly once, and nothing be left over.
///
/// Deterministic: a sequence is a function of its seed (the sink's clock moves only when the
/// sequence says so, and the session takes in each speech event before the next input). A
/// failure prints the seed; `PARLO_FUZZ_SEED=0x… swift test --filter StudyFuzzTests` replays it.
/// Wall time only bounds a hang (`Watchdog`).
final class StudyFuzzTests: XCTestCase {
    /// Typed commands, replies as timed silence: the session's rules, fast (10,000 sequences).
    func testTypedSequencesWithSilentSpeech() async {
        await fuzz("typed/silent", count: 10_000, base: 0x5EED_0000) { seed in
            try await Self.typed(seed: seed, synthesizer: SilentSynthesizer())
        }
    }

    /// The same with eSpeak NG speaking every reply and sentence (≈ 3 ms each).
    func testTypedSequencesWithESpeak() async {
        await fuzz("typed/espeak", count: 100, base: 0xE5BE_0000) { seed in
            try await Self.typed(seed: seed, synthesizer: Synthesizer())
        }
    }

    /// Commands heard through `StudyListener`: synthetic utterances found by the real meter and
    /// endpointer, hypotheses from a script, the real interpreters on the session's gate.
    func testHeardSequencesWithScriptedRecognition() async {
        await fuzz("audio/scripted", count: 250, base: 0xA0D1_0000) { seed in
            try await Self.heard(seed: seed, recorded: false)
        }
    }

    /// Recorded commands (the clean fixtures, English and Italian, and non-commands) decoded
    /// by PocketSphinx in both of the listener's decoders: whatever they make of them, the
    /// session must stay consistent.
    func testHeardSequencesWithPocketSphinx() async {
        await fuzz("audio/pocketsphinx", count: 6, base: 0x5915_0000) { seed in
            try await Self.heard(seed: seed, recorded: true)
        }
    }

    /// Every phrase of the pool does what it says when everything is active, so the sequences
    /// really exercise the commands they name.
    func testThePhrasePoolMatchesItsCommands() {
        XCTAssertGreaterThan(FuzzScript.fixtures.count, 100)
        for p in FuzzScript.fixtures {
            XCTAssertEqual(StudyFixtures.matcher.match(p.text).command, p.command, p.text)
        }
        for text in FuzzScript.core { XCTAssertNotNil(StudyFixtures.matcher.match(text).command, text) }
        for text in FuzzScript.noise { XCTAssertNil(StudyFixtures.matcher.match(text).command, text) }
    }

    // MARK: Runners

    static func typed(seed: UInt64, synthesizer: any SpeechSynthesizing) async throws -> FuzzReport? {
        var rng = SeededRandom(seed: seed)
        let world = try await StudyFuzzWorld(synthesizer: synthesizer, instant: rng.index(below: 4) == 0)
        let steps = FuzzScript.steps(&rng)
        for step in steps where world.problems.isEmpty {
            switch step {
            case .say(let text): await world.type(text)
            case .play(let n): await world.play(seconds: Double(n) * 0.05)
            case .minutes(let m): await world.jump(minutes: m)
            }
        }
        await world.end(stopFirst: rng.index(below: 2) == 0)
        await world.session.close()
        return world.report(seed: seed, steps)
    }

    static func heard(seed: UInt64, recorded: Bool) async throws -> FuzzReport? {
        var rng = SeededRandom(seed: seed)
        // A sink without a clock is `parlo study --input --fast --out`: the listener waits for speech.
        let instant = rng.index(below: 4) == 0
        // Slower words than typed sequences: commands take longer to say, and must still meet Parlo speaking.
        let world = try await StudyFuzzWorld(synthesizer: SilentSynthesizer(secondsPerWord: 0.25), instant: instant)
        let steps = FuzzScript.steps(&rng, say: recorded ? FuzzScript.recordedPhrase : FuzzScript.phrase)
        _ = try await AudioFuzzRun(world: world, steps: steps, seed: seed).run(recorded: recorded, waitForSpeech: instant)
        await world.end(stopFirst: rng.index(below: 2) == 0)
        await world.session.close()
        return world.report(seed: seed, steps)
    }

    /// Runs `count` sequences (or only `PARLO_FUZZ_SEED`) under a watchdog; reports up to three
    /// failing sequences with their seeds.
    func fuzz(_ name: String, count: Int, base: UInt64, limit: Duration = .seconds(20),
              _ run: @escaping @Sendable (UInt64) async throws -> FuzzReport?) async {
        let replay = ProcessInfo.processInfo.environment["PARLO_FUZZ_SEED"].flatMap { UInt64($0.dropFirst(2), radix: 16) }
        let n = ProcessInfo.processInfo.environment["PARLO_FUZZ_COUNT"].flatMap { Int($0) } ?? count
        let seeds = replay.map { [$0] } ?? (0..<UInt64(n)).map { base &+ $0 }
        let failures = Failures(), ran = Failures()
        let started = ContinuousClock.now
        SessionLog.resetTotals()
        let hang = await Watchdog().run(limit: limit) { dog in
            for seed in seeds where failures.count < 3 {
                dog.begin("\(name) seed 0x\(String(seed, radix: 16))")
                ran.add("")
                do {
                    if let report = try await run(seed) { failures.add("\(report)") }
                } catch {
                    failures.add("seed 0x\(String(seed, radix: 16)): \(error)")
                }
            }
        }
        if let hang { XCTFail("\(name): \(hang) (replay: PARLO_FUZZ_SEED=<that seed>)") }
        for f in failures.all { XCTFail("\(name): \(f)") }
        let t = SessionLog.totals
        print("\(name): \(ran.count) sequences in \(ContinuousClock.now - started); commands acted: \(t.silent) while silent, \(t.speaking) while Parlo spoke")
        XCTAssertGreaterThan(t.speaking, ran.count / 20, "\(name): the sequences must reach Parlo while it speaks")
    }
}

/// Failure reports from the sequences' task.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ s: String) { lock.withLock { items.append(s) } }
    var count: Int { lock.withLock { items.count } }
    var all: [String] { lock.withLock { items } }
}
