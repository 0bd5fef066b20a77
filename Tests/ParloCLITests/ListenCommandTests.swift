import Foundation
import ParloAudio
import ParloCore
import XCTest
import ParloTesting

/// `parlo listen` on the command catalog, fed a recorded session through the live pipeline.
final class ListenCommandTests: XCTestCase {
    func testEnglishAndItalianCommandsBecomeCommandEventsWithSlots() throws {
        let session = BatchCatalogTests.root.appendingPathComponent("audio-fixtures/session/demo-session.wav").path
        let grammar = BatchCatalogTests.root.appendingPathComponent("grammars").path
        let out = try ParloProcess.run(["listen", "--input", session, "--fast", "--no-levels", "--json", "--grammar", grammar])
        XCTAssertEqual(out.status, 0, out.stderr)
        let events = try out.lines.map(ParloProcess.object)
        let commands = events.filter { $0["type"] as? String == "command" }
        XCTAssertEqual(commands.compactMap { $0["command"] as? String }.prefix(6),
                       ["open_subject", "show_mind_map", "next", "open_subject", "use_voice", "set_timer"])
        XCTAssertEqual(commands.compactMap { $0["language"] as? String }.prefix(6), ["en", "en", "en", "it", "it", "en"])
        XCTAssertEqual((commands[3]["slots"] as? [String: Any])?["subject"] as? String, "history")
        XCTAssertEqual((commands[5]["slots"] as? [String: Any])?["minutes"] as? Int, 20)
        // Latency counts from the end of speech, so every command's includes the 250 ms
        // hangover of stream time (`latency_s` is that plus the wall time of deciding). How long
        // deciding takes depends on the machine's load, so the 300 ms median budget is measured
        // by `make bench` (ParloListenBench), not here: a bound on the slowest (600 ms) failed at
        // 675 ms for a cold first utterance while an evaluation shared the two cores (session 59).
        let latencies = try commands.map { try XCTUnwrap($0["latency_s"] as? Double) }
        for latency in latencies { XCTAssertGreaterThanOrEqual(latency, 0.2, "counted from the end of speech: \(latencies)") }
        // A command is as sure as its recognition (the calibrated confidence of the `recognized`
        // event just before it), never the text match's constant 1 alone.
        for (i, event) in events.enumerated() where event["type"] as? String == "command" {
            let heard = try XCTUnwrap(events[..<i].last { $0["type"] as? String == "recognized" }?["confidence"] as? Double)
            let confidence = try XCTUnwrap(event["confidence"] as? Double)
            XCTAssertLessThanOrEqual(confidence, heard + 0.0005, "\(event)")   // recognized rounds to 3 places
        }
        XCTAssertLessThan(commands.compactMap { $0["confidence"] as? Double }.min() ?? 1, 1, "some command less than certain")
        let times = events.compactMap { $0["t"] as? Double }
        XCTAssertEqual(times, times.sorted(), "every event carries t, in stream order")
        XCTAssertEqual(events.filter { $0["type"] as? String == "speech_start" }.count, 7)
    }

    /// Generated speech is digitally silent between and inside words; played as a file it gets
    /// the faint floor a microphone would add (`CaptureOptions.noiseFloor`) before noise
    /// suppression, speech detection and the decoder hear it. No wrong command may fire; since
    /// the calibrated confidence (`Rejection.live`) the very first utterance, a lone "prossimo"
    /// heard on a cold decoder, scores 0.45 and is rejected (was: all five fired).
    func testGeneratedItalianCommandsInDigitalSilenceAreHeard() throws {
        let expected = ["next", "pause", "repeat", "stop", "read_page"]
        let events = try listen(to: ["it-next-00-clean", "it-pause-01-clean", "it-repeat-00-clean", "it-stop-00-clean", "it-read_page-00-clean"])
        let commands = events.filter { $0["type"] as? String == "command" }.compactMap { $0["command"] as? String }
        XCTAssertGreaterThanOrEqual(commands.count, 4, "\(commands)")
        XCTAssertEqual(commands, expected.filter(commands.contains), "only the spoken commands, in order")
        XCTAssertEqual(Set(events.filter { $0["type"] as? String == "command" }.compactMap { $0["language"] as? String }), ["it"])
    }

    /// `parlo listen` rejects with `Rejection.live`: sentences that are no command fire nothing,
    /// and what fires is what was said. With `.default` (before the catalog's loop), "turn off the
    /// lights in the kitchen" fired "previous" and "il gatto dorme sul divano" "use_voice". Since
    /// the calibrated confidence the two short Italian commands at 15 dB ("pausa" 0.44, "aiuto"
    /// through the loop) are rejected too: a loss measured on the dev streams, not hidden here.
    func testSentencesThatAreNoCommandAreRejectedWhileNoisyCommandsFire() throws {
        let events = try listen(to: ["en-next-00-clean", "it-pause-01-snr15", "it-oog-14-clean", "it-help-01-snr15",
                                     "en-oog-10-clean", "it-oog-03-clean"])
        let commands = events.filter { $0["type"] as? String == "command" }.compactMap { $0["command"] as? String }
        XCTAssertEqual(commands.first, "next")
        XCTAssertEqual(commands, ["next", "pause", "help"].filter(commands.contains), "no non-command fires")
        XCTAssertEqual(events.filter { $0["type"] as? String == "speech_start" }.count, 6, "every utterance heard, none merged")
    }

    /// Cutlery set down in a quiet room, twelve times, 1.5 s apart: each a click and three or four
    /// resonances at 1.7–6.6 kHz dying away within a quarter of a second. Two stages keep them
    /// from firing. With the energy endpointer they open utterances and the decoder hears commands
    /// in them with good scores per frame: without the result's vowel check
    /// (`Rejection.minimumVoicedWord` 0) five of the twelve fired "open_subject", "help", "help",
    /// "pause" and "next"; none of their words lies over a vowel, so none may fire. With the
    /// room's endpointer (the default) they have no vowel to open an utterance at all
    /// (`RoomEndpointing.vowelGrace`).
    func testCutleryInAQuietRoomFiresNothing() throws {
        var samples: [Int16] = []
        var seed: UInt32 = 12_345
        func noise() -> Double { seed = seed &* 1_664_525 &+ 1_013_904_223; return Double(seed >> 8) / Double(1 << 23) - 1 }
        for k in 0..<12 {
            samples += [Int16](repeating: 0, count: 24_000)
            let base: [Double] = [1700, 2600, 3900, 5100]
            var tones: [(hz: Double, decay: Double, gain: Double)] = []
            for j in 0..<(3 + k % 2) {
                let hz = base[j] * (1 + 0.06 * Double((k + 2 * j) % 5))
                tones.append((hz: hz, decay: 0.03 + 0.03 * Double((k + j) % 4), gain: 1 - 0.2 * Double(j)))
            }
            for n in 0..<4_000 {
                let t = Double(n) / 16_000
                var x = 0.0
                for tone in tones { x += tone.gain * sin(2 * Double.pi * tone.hz * t) * exp(-t / tone.decay) }
                if n < 80 { x += 2 * noise() * exp(-Double(n) / 15) }
                samples.append(Int16(max(-32_767, min(32_767, 0.25 * 32_767 * x / 2))))
            }
        }
        samples += [Int16](repeating: 0, count: 16_000)
        let events = try listen(toSamples: samples, extra: ["--vad", "energy"])
        XCTAssertEqual(events.filter { $0["type"] as? String == "command" }.compactMap { $0["command"] as? String }, [])
        let heard = events.filter { $0["type"] as? String == "recognized" && !(($0["hypothesis"] as? String) ?? "").isEmpty }
        let voiceless = heard.filter { (($0["evidence"] as? [String: Any])?["voiced_word"] as? Double ?? 1) < 0.1 }
        XCTAssertGreaterThanOrEqual(voiceless.count, 3, "the decoder must hear commands without a vowel in the clinks, or this test proves nothing: \(heard)")

        let room = try listen(toSamples: samples)
        XCTAssertEqual(room.filter { $0["type"] as? String == "speech_start" }.count, 0, "no vowel, no utterance")
    }

    /// `--ps` reaches the catalog's decoder as `parlo batch`'s does (the search's weights are
    /// measured live with it: docs/recognizer-measurements.md). An option PocketSphinx does not
    /// know stops listening before any audio, in one line naming it; one the rejection preset
    /// also sets (`beam`) is the user's instead of clashing, and the command is still heard.
    func testDecoderOptionsReachTheDecoder() throws {
        let events = try listen(to: ["en-next-00-clean"], extra: ["--ps", "beam=1e-60"])
        XCTAssertEqual(events.filter { $0["type"] as? String == "command" }.compactMap { $0["command"] as? String }, ["next"])
        let session = BatchCatalogTests.root.appendingPathComponent("audio-fixtures/session/demo-session.wav").path
        let grammar = BatchCatalogTests.root.appendingPathComponent("grammars").path
        let out = try ParloProcess.run(["listen", "--input", session, "--fast", "--json", "--grammar", grammar, "--ps", "nosuch=1"])
        XCTAssertNotEqual(out.status, 0)
        XCTAssertTrue(out.lines.isEmpty, "no event before the decoder exists")
        XCTAssertEqual(out.stderr.split(separator: "\n").count, 1, out.stderr)
        XCTAssertTrue(out.stderr.contains("-nosuch"), out.stderr)
    }

    /// A `--voice-shift` out of range is refused in one line before any audio (what the option
    /// does: `WholeDecodeTests`).
    func testAVoiceShiftOutOfRangeIsRefusedInOneLine() throws {
        let session = BatchCatalogTests.root.appendingPathComponent("audio-fixtures/session/demo-session.wav").path
        let out = try ParloProcess.run(["listen", "--input", session, "--fast", "--json", "--voice-shift", "5000"])
        XCTAssertNotEqual(out.status, 0)
        XCTAssertTrue(out.lines.isEmpty, "no event before the options are checked")
        XCTAssertEqual(out.stderr.split(separator: "\n").count, 1, out.stderr)
        XCTAssertTrue(out.stderr.contains("--voice-shift must be above 0 and at most 1000"), out.stderr)
    }

    /// `parlo listen --input` on fixtures of audio-fixtures/commands played in a row (0.5 s of
    /// digital silence first, 1 s after each): its JSON events
    /// (`extra`: more options).
    /// On a terminal (`script` gives `parlo listen` one), a room loud enough to cost commands is
    /// named once, however many utterances it drowns: the cards recordings under a room noise
    /// about as loud as their speech, against the same recordings in the fixture's quiet room.
    func testANoisyRoomIsNamedOnceOnATerminal() throws {
        let cards = "/usr/share/pocketsphinx/test/data/cards"
        var seed: UInt64 = 4
        var quiet = RoomNoise.samples(16_000, seed: &seed)
        for n in ["001", "003", "004"] {
            quiet += try AudioFileReader(path: "\(cards)/\(n).wav").readAll() + RoomNoise.samples(16_000, seed: &seed)
        }
        let noisy = zip(quiet, RoomNoise.samples(quiet.count, seed: &seed)).map { Int16(clamping: Int($0) + 30 * Int($1)) }
        let grammar = BatchCatalogTests.root.appendingPathComponent("grammars").path
        var notices: [Int] = []
        for samples in [quiet, noisy] {
            let wav = try temporaryWAV(samples)
            defer { try? FileManager.default.removeItem(atPath: wav) }
            let command = ([ParloProcess.binary.path, "listen", "--input", wav, "--fast", "--no-levels", "--grammar", grammar]).joined(separator: " ")
            let out = try Subprocess.run("/usr/bin/script", ["-qec", command, "/dev/null"])
            XCTAssertEqual(out.status, 0, out.stdout + out.stderr)
            notices.append(out.stdout.components(separatedBy: "noisy room: you were").count - 1)
        }
        XCTAssertEqual(notices, [0, 1], "none in the quiet room, one (not one per utterance) in the noisy one")
    }

    private func listen(to names: [String], extra: [String] = []) throws -> [[String: Any]] {
        let folder = BatchCatalogTests.root.appendingPathComponent("audio-fixtures/commands")
        var samples = [Int16](repeating: 0, count: 8_000)
        for n in names {
            samples += try AudioFileReader(path: folder.appendingPathComponent(n + ".flac").path).readAll()
            samples += [Int16](repeating: 0, count: 16_000)
        }
        return try listen(toSamples: samples, extra: extra)
    }

    /// `samples` as a 16 kHz WAV file in the temporary folder (the caller removes it).
    private func temporaryWAV(_ samples: [Int16]) throws -> String {
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-listen-\(getpid()).wav").path
        let writer = try SoundFileWriter(path: wav, sampleRate: 16_000)
        try writer.write(samples)
        writer.close()
        return wav
    }

    /// `parlo listen --input` on `samples` written to a WAV file: its JSON events.
    private func listen(toSamples samples: [Int16], extra: [String] = []) throws -> [[String: Any]] {
        let wav = try temporaryWAV(samples)
        defer { try? FileManager.default.removeItem(atPath: wav) }

        let grammar = BatchCatalogTests.root.appendingPathComponent("grammars").path
        let out = try ParloProcess.run(["listen", "--input", wav, "--fast", "--no-levels", "--json", "--grammar", grammar] + extra)
        XCTAssertEqual(out.status, 0, out.stderr)
        return try out.lines.map(ParloProcess.object)
    }
}
