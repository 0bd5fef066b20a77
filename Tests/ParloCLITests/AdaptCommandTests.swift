import Foundation
import XCTest
import ParloAudio
import ParloTesting

/// `parlo adapt` estimates a transform of the acoustic model with the real SphinxTrain tools
/// from real recordings, and `batch` / `listen` apply it with `--adaptation`.
final class AdaptCommandTests: ScratchFolderTestCase {
    static let manifest = Repository.fixtures("commands/manifest.jsonl")

    /// The clean fixtures of one eSpeak NG voice, in manifest order: (file, text).
    static func recordings(voice: String) throws -> [(String, String)] {
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        return try text.split(separator: "\n").map { try ParloProcess.object(String($0)) }
            .filter { $0["voice"] as? String == voice && $0["snr_db"] is NSNull && $0["rejected"] as? Bool == false }
            .map { (Repository.fixtures("commands/" + ($0["audio"] as! String)), $0["text"] as! String) }
    }

    func adapt(_ files: [String], out: String) throws -> ParloProcess.Output {
        try ParloProcess.run(["adapt", "--grammar", Repository.grammars, "--expect", Self.manifest, "--out", out, "--json"] + files)
    }

    /// The summed decoder score (log-likelihood) of `files` and how many came back as their command.
    func batchScore(_ files: [String], adaptation: String) throws -> (score: Double, right: Int) {
        let out = try ParloProcess.run(["batch", "--grammar", Repository.grammars, "--expect", Self.manifest, "--json",
                                        "--adaptation", adaptation] + files)
        XCTAssertEqual(out.status, 0, out.stderr)
        let results = try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "result" }
        XCTAssertEqual(results.count, files.count)
        let right = results.filter { $0["command"] as? String != nil && $0["command"] as? String == $0["expected_command"] as? String }.count
        return (results.reduce(0) { $0 + (($1["score"] as? NSNumber)?.doubleValue ?? 0) }, right)
    }

    /// A voice enrolled on 10 of its sentences scores higher on its 7 others, and loses none of
    /// them: the transform fits the voice, and the decoders load and apply it.
    func testAdaptationOnAVoiceFitsItsOtherSentences() throws {
        let voice = try Self.recordings(voice: "it+m3")
        XCTAssertGreaterThanOrEqual(voice.count, 17, "fixtures changed?")
        let transform = path("it.mllr")
        let out = try adapt(voice.prefix(10).map(\.0), out: transform)
        XCTAssertEqual(out.status, 0, out.stderr)
        let event = try ParloProcess.object(out.lines.last ?? "")
        XCTAssertEqual(event["type"] as? String, "adaptation")
        XCTAssertEqual(event["utterances"] as? Int, 10)
        XCTAssertEqual(event["aligned"] as? Int, 10, "every recording should align with its transcript")
        XCTAssertEqual(try EventSchemaTests.check(out.stdout), ["adaptation": 1])

        let others = voice.dropFirst(10).map(\.0)
        let base = try batchScore(others, adaptation: "none"), adapted = try batchScore(others, adaptation: transform)
        XCTAssertGreaterThan(adapted.score, base.score, "the transform should fit the voice it was estimated on")
        XCTAssertGreaterThanOrEqual(adapted.right, base.right)
    }

    func testTooFewRecordingsOrNoTranscriptStopBeforeWritingAnything() throws {
        let voice = try Self.recordings(voice: "en-us")
        let transform = path("en.mllr")
        let few = try adapt(voice.prefix(3).map(\.0), out: transform)
        XCTAssertEqual(few.status, 1)
        XCTAssertTrue(few.stderr.contains("3 recording(s) to adapt on") && few.stderr.contains("at least 5"), few.stderr)
        XCTAssertEqual(few.stderr.split(separator: "\n").count, 1, few.stderr)

        let stray = path("stray.flac")                      // in no manifest, no stray.txt beside it
        try FileManager.default.copyItem(atPath: voice[0].0, toPath: stray)
        let untranscribed = try adapt(voice.prefix(5).map(\.0) + [stray], out: transform)
        XCTAssertEqual(untranscribed.status, 1)
        XCTAssertTrue(untranscribed.stderr.contains("no transcript for") && untranscribed.stderr.contains("stray.flac"), untranscribed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: transform))
    }

    func testAWordWithoutPronunciationIsNamed() throws {
        let voice = try Self.recordings(voice: "en-us").prefix(5)
        let manifest = path("m.jsonl")
        var lines = voice.map { "{\"audio\": \"\($0.0)\", \"text\": \"\($0.1)\"}" }
        lines[0] = "{\"audio\": \"\(voice.first!.0)\", \"text\": \"open the zqxwv\"}"
        try lines.joined(separator: "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        let out = try ParloProcess.run(["adapt", "--grammar", Repository.grammars, "--expect", manifest, "--out", path("x.mllr")] + voice.map(\.0))
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stderr.contains("no pronunciation for zqxwv"), out.stderr)
    }

    func testABadAdaptationFileIsOneLineNotACrash() throws {
        let bad = path("bad.mllr")
        try "1\n3\n13\n0.5 0.5\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let file = try Self.recordings(voice: "en-us")[0].0
        for adaptation in [bad, path("missing.mllr")] {
            let out = try ParloProcess.run(["batch", "--grammar", Repository.grammars, "--adaptation", adaptation, file])
            XCTAssertEqual(out.status, 1, out.stdout)
            XCTAssertEqual(out.stderr.split(separator: "\n").count, 1, out.stderr)
            XCTAssertTrue(out.stderr.contains(adaptation) && out.stderr.contains("--adaptation none"), out.stderr)
        }
        let listen = try ParloProcess.run(["listen", "--input", file, "--fast", "--grammar", Repository.grammars, "--adaptation", bad])
        XCTAssertEqual(listen.status, 1, listen.stdout)
        XCTAssertTrue(listen.stderr.contains("is not an MLLR transform"), listen.stderr)
        let env = try ParloProcess.run(["batch", "--grammar", Repository.grammars, file], environment: ["PARLO_ADAPTATION": bad])
        XCTAssertEqual(env.status, 1, "PARLO_ADAPTATION is used when --adaptation is not given")
    }

    /// `--record`: the prompts, then one 4 s window of the input per prompt. The input is the
    /// prompts said by eSpeak NG, each at the start of its window, as a student reading them.
    func recordedPrompts(_ count: Int, windows: Int, silent: Set<Int> = []) throws -> String {
        let stream = try promptSpeech(count, windows: windows, silent: silent)
        let input = path("prompts-\(windows)-\(silent.count).wav")
        let writer = try SoundFileWriter(path: input, sampleRate: 16_000)
        try writer.write(stream)
        writer.close()
        return input
    }

    /// The first `windows` of `count` prompts said one per 4 s window (16 kHz samples).
    func promptSpeech(_ count: Int, windows: Int, silent: Set<Int> = []) throws -> [Int16] {
        let listed = try ParloProcess.run(["adapt", "--grammar", Repository.grammars, "--record", "\(count)", "--prompts-only", "--json"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let prompts = try listed.lines.map(ParloProcess.object)
        XCTAssertEqual(prompts.count, count)
        XCTAssertEqual(Set(prompts.compactMap { $0["language"] as? String }), ["en", "it"], "prompts take both languages in turn")
        var stream: [Int16] = []
        for (i, p) in prompts.prefix(windows).enumerated() {
            if silent.contains(i) { stream += [Int16](repeating: 0, count: 64_000); continue }
            let wav = try FreshSpeech.wav(p["text"] as! String, voice: p["language"] as! String == "it" ? "it" : "en-us")
            defer { try? FileManager.default.removeItem(at: wav) }
            var speech = try AudioFileReader(path: wav.path).readAll()
            speech = Array(speech.prefix(60_000))
            stream += [Int16](repeating: 0, count: 4_000) + speech + [Int16](repeating: 0, count: 64_000 - 4_000 - speech.count)
        }
        return stream
    }

    /// The same through a real libasound capture device: ALSA's `file` plugin plays the prompts'
    /// speech as a microphone would (`--device mic`, defined in an `ALSA_CONFIG_PATH` file).
    /// The student misses the third prompt: from a microphone it is shown again, and the next
    /// window, where they say it, is kept.
    func testRecordingFromACaptureDevice() throws {
        let raw = path("mic.raw"), conf = path("asound.conf")
        let speech = try promptSpeech(5, windows: 5)
        let missed = Array(speech.prefix(2 * 64_000)) + [Int16](repeating: 0, count: 64_000) + speech.dropFirst(2 * 64_000)
        try missed.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: raw)) }
        try "pcm.mic { type file slave.pcm { type null } file \"/dev/null\" infile \"\(raw)\" format \"raw\" }\n"
            .write(toFile: conf, atomically: true, encoding: .utf8)
        let out = try ParloProcess.run(["adapt", "--grammar", Repository.grammars, "--record", "5", "--device", "mic",
                                        "--out", path("mic.mllr"), "--json"],
                                       environment: ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + conf])
        XCTAssertEqual(out.status, 0, out.stderr)
        let prompts = try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "adaptation_prompt" }
        XCTAssertEqual(prompts.compactMap { $0["index"] as? Int }, [0, 1, 2, 2, 3, 4], "the missed prompt is shown again")
        let summary = try ParloProcess.object(out.lines.last ?? "")
        XCTAssertEqual(summary["aligned"] as? Int, 5, out.stdout)
        XCTAssertNoThrow(try String(contentsOfFile: path("mic.mllr"), encoding: .utf8))
    }

    func testRecordingPromptsAdaptsAndKeepsTheRecordings() throws {
        let input = try recordedPrompts(6, windows: 6)
        let transform = path("rec.mllr"), kept = path("kept")
        let out = try ParloProcess.run(["adapt", "--grammar", Repository.grammars, "--record", "6", "--input", input, "--fast",
                                        "--out", transform, "--keep", kept, "--json"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(try EventSchemaTests.check(out.stdout), ["adaptation_prompt": 6, "adaptation": 1])
        let summary = try ParloProcess.object(out.lines.last ?? "")
        XCTAssertEqual(summary["aligned"] as? Int, 6, "each window holds its prompt")
        XCTAssertEqual(summary["audio_s"] as? Double, 24)
        let manifest = try String(contentsOfFile: kept + "/manifest.jsonl", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(manifest.count, 6)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: kept).filter { $0.hasSuffix(".wav") }.sorted(),
                       ["001-en.wav", "002-it.wav", "003-en.wav", "004-it.wav", "005-en.wav", "006-it.wav"])
        // The kept folder is a set of recordings `parlo adapt` takes again, to the same transform.
        let again = try ParloProcess.run(["adapt", "--grammar", Repository.grammars, "--expect", kept + "/manifest.jsonl",
                                          "--out", path("again.mllr"), kept])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("again.mllr"), encoding: .utf8), try String(contentsOfFile: transform, encoding: .utf8))
    }

    func testAnInputShorterThanThePromptsIsOneLineAndWritesNothing() throws {
        let input = try recordedPrompts(6, windows: 3)
        let transform = path("short.mllr")
        let out = try ParloProcess.run(["adapt", "--grammar", Repository.grammars, "--record", "6", "--input", input, "--fast", "--out", transform])
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stderr.contains("the input ended after 3 of 6 sentences"), out.stderr)
        XCTAssertEqual(out.stderr.split(separator: "\n").count, 1, out.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: transform))
        // A --keep that cannot be a folder stops the run before anything is recorded.
        let keep = try ParloProcess.run(["adapt", "--grammar", Repository.grammars, "--record", "6", "--input", input, "--fast",
                                         "--out", transform, "--keep", input])
        XCTAssertEqual(keep.status, 1)
        XCTAssertTrue(keep.stderr.contains("(--keep)") && !keep.stdout.contains("say:"), keep.stderr + keep.stdout)
    }

    /// A prompt the student let pass is left out, named, instead of teaching the model that
    /// the room's noise says its words.
    func testAPromptWithNoSpeechIsLeftOut() throws {
        let input = try recordedPrompts(6, windows: 6, silent: [2])
        let out = try ParloProcess.run(["adapt", "--grammar", Repository.grammars, "--record", "6", "--input", input, "--fast",
                                        "--out", path("s.mllr"), "--json"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stderr.contains("no speech heard in 1 recording(s)"), out.stderr)
        let summary = try ParloProcess.object(out.lines.last ?? "")
        XCTAssertEqual(summary["utterances"] as? Int, 6)
        XCTAssertEqual(summary["aligned"] as? Int, 5)
    }
}
