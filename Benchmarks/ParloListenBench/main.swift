import Foundation
import Parlo

/// `parlo-listen-bench`: measures live listening from fixture audio played through a real
/// libasound `file`-plugin device.
///
/// - latency: end of speech → `recognized` event, as the pipeline reports it (hangover in
///   stream time + decoder wall time) and from the fixture's own timestamps (event time minus
///   the end of the utterance's recording, plus decoder wall time);
/// - RSS while listening (peak, and growth over the run);
/// - meter CPU: metering time as a percentage of the audio's duration;
/// - the longest the level meter stood still (wall clock between two `level` events).
///
/// Usage: parlo-listen-bench [--minutes N] [--json] [--smaps FILE] [--catalog FOLDER [--non-commands]] [--decoys en|it|both|none] [--no-dereverb]
/// (N minutes of looped fixture, default 1; `make soak` would pass 60; `--smaps` copies
/// /proc/self/smaps while listening, for a per-mapping breakdown of the RSS; `--catalog grammars`
/// listens as `parlo listen` does by default — the catalog's grammar with rejection, commands
/// matched — to English and Italian command fixtures instead of the `cards` grammar, with both
/// decoy lists as `parlo listen` has by default, or those `--decoys` names, to see what they cost;
/// `--no-dereverb` leaves its streaming dereverberation out, to see what that costs;
/// `--non-commands` puts a sentence that is no command after each command, each of them
/// rejected and decoded again at the warps, and plays the fixture in real time, to see what
/// the second looks cost and whether the meter stands still meanwhile).

let cards = "/usr/share/pocketsphinx/test/data/cards"
/// (recording, what must be heard): the text of `recognized` events, or with `--catalog` the
/// command of `command` events.
var utterances: [(String, String)] = [
    ("\(cards)/001.wav", "ten of clubs"), ("\(cards)/002.wav", "four queen of clubs"), ("\(cards)/003.wav", "seven of clubs"),
    ("\(cards)/004.wav", "five five"), ("\(cards)/005.wav", "eight of spades four of clubs seven of hearts"),
]
/// English and Italian commands of the default catalog (synthetic clean fixtures).
let catalogUtterances: [(String, String)] = [
    ("en-open_subject-05-clean.flac", "open_subject"), ("it-show_mind_map-01-clean.flac", "show_mind_map"),
    ("en-set_timer-05-clean.flac", "set_timer"), ("it-use_voice-00-clean.flac", "use_voice"), ("en-slower-00-clean.flac", "slower"),
].map { ("audio-fixtures/commands/\($0.0)", $0.1) }
/// With `--non-commands`: sentences that are no command, one after each command, each rejected
/// and decoded again at the warps off the listening thread (`SecondLook`).
let nonCommands: [(String, String)] = [
    "01-oog-what_time_is_it.flac", "07-oog-next_week_I_have_an_exam.flac", "00-oog-I_need_to_buy_some_milk_and_brea.flac",
    "05-oog-the_weather_is_nice_today.flac", "08-oog-turn_off_the_lights_in_the_kitch.flac",
].map { ("audio-fixtures/rejection/\($0)", "(rejected)") }
var withNonCommands = false
var catalogFolder: String?
var minutes = 1.0
var json = false
var verbose = false
var smapsPath: String?
var dereverb = true
var decoys = Set(Language.supported)
func usage() -> Never {
    FileHandle.standardError.write("usage: parlo-listen-bench [--minutes N] [--json] [--smaps FILE] [--catalog FOLDER [--non-commands]] [--decoys en|it|both|none] [--no-dereverb]\n".data(using: .utf8)!)
    exit(2)
}
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--minutes": minutes = Double(args.popFirst() ?? "1") ?? 1
    case "--json": json = true
    case "--verbose": verbose = true
    case "--smaps": smapsPath = args.popFirst()
    case "--catalog": catalogFolder = args.popFirst(); utterances = catalogUtterances
    case "--no-dereverb": dereverb = false
    case "--non-commands": withNonCommands = true
    case "--decoys":
        guard let named = args.popFirst().flatMap(Language.set(named:)) else { usage() }
        decoys = named
    default: usage()
    }
}
if withNonCommands {
    guard catalogFolder != nil else { usage() }
    utterances = zip(utterances, nonCommands).flatMap { [$0, $1] }
}

/// The first line of the /proc file `path` that `found` accepts, read with stdio: the
/// measurement itself should not pull Foundation's file reading code into the resident set it
/// measures.
func firstProcLine(_ path: String, width: Int, where found: (String) -> Bool) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: width)
    while fgets(&line, Int32(width), file) != nil {
        let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if found(text) { return text }
    }
    return nil
}

/// VmRSS in kB.
func rssKB() -> Int {
    guard let text = firstProcLine("/proc/self/status", width: 256, where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
    return Int(text.split(separator: " ").dropFirst().first ?? "0") ?? 0
}

/// Whether the Swift runtime was linked as a shared library. A shared runtime and Foundation
/// add about 3 MB of resident pages to the figure (session 23 measured 33.7–34.5 MB with a
/// bench built by hand without `--static-swift-stdlib`, 30.6–30.9 MB as `make bench` builds
/// it): the budget is for `parlo` as `make` builds it, statically.
func swiftRuntimeIsShared() -> Bool {
    firstProcLine("/proc/self/maps", width: 512, where: { $0.contains("libswiftCore.so") }) != nil
}

/// Copies a /proc file (size 0 to stat, so read until EOF).
func copyProcFile(_ path: String, to target: String) {
    guard let input = fopen(path, "r"), let output = fopen(target, "w") else { return }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while case let n = fread(&buffer, 1, buffer.count, input), n > 0 { fwrite(buffer, 1, n, output) }
    fclose(input); fclose(output)
}

func cpuSeconds() -> Double {
    var u = rusage()
    getrusage(RUSAGE_SELF.rawValue, &u)
    return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
}

// Quiet continuous room noise (uniform, about −56 dBFS) between utterances. (Tiling a piece of
// a recording's background makes clicks at the joins that PocketSphinx hears as words.)
var seed: UInt64 = 1
@MainActor func room(_ n: Int) -> [Int16] {
    (0..<n).map { _ in
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Int16(Int(seed >> 55) - 256) / 3
    }
}

// The fixture: each utterance followed by 1.2 s of room, looped to `minutes`, written to disk
// piece by piece. Built in a function, as the meter pass below, so that the recordings and
// blocks they read are freed before listening: the RSS figure is listening's alone (session 42:
// left as globals, they added 1.1 MB to it).
let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-bench-\(getpid())")
try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: dir) }
let raw = dir.appendingPathComponent("fixture.raw").path

/// Writes the fixture to `raw`; returns each utterance's end (s) with its command, and the
/// fixture's length (s).
@MainActor func writeFixture() throws -> (expected: [(end: Double, text: String)], seconds: Double) {
    let recordings = try utterances.map { try AudioFileReader(path: $0.0).readAll() }
    _ = FileManager.default.createFile(atPath: raw, contents: nil)
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: raw))
    var written = 0
    func append(_ samples: [Int16]) {
        out.write(samples.withUnsafeBufferPointer { Data(buffer: $0) })
        written += samples.count
    }
    var expected: [(end: Double, text: String)] = []
    append(room(16_000))
    while Double(written) / 16_000 < minutes * 60 {
        for (i, r) in recordings.enumerated() {
            append(r)
            expected.append((Double(written) / 16_000, utterances[i].1))
            append(room(19_200))
        }
    }
    try out.close()
    return (expected, Double(written) / 16_000)
}
let (expected, duration) = try writeFixture()

/// Meter CPU over the whole fixture: (seconds of CPU, 20 ms windows metered).
func meterPass() throws -> (cpu: Double, windows: Int) {
    var meter = LevelMeter()
    var windows = 0
    var cpu = 0.0
    let reader = try AudioFileReader(path: raw, raw: RawFormat(sampleRate: 16_000), blockSeconds: 10)
    while let block = try reader.nextBlock() {
        let t0 = cpuSeconds()
        block.withUnsafeBufferPointer { buf in
            var i = 0
            while i < buf.count {
                let n = min(320, buf.count - i)
                meter.process(UnsafeBufferPointer(rebasing: buf[i..<(i + n)])) { _ in windows += 1 }
                i += n
            }
        }
        cpu += cpuSeconds() - t0
    }
    return (cpu, windows)
}
let (meterCPU, windows) = try meterPass()
let meterPercent = meterCPU / duration * 100

// Listening through the ALSA file device.
var options = ALSACaptureSource.Options(device: "bench_mic")
options.configuration = try ALSAConfiguration(ALSAConfiguration.fileCapture(name: "bench_mic", rawFile: raw))
options.maxSeconds = duration
options.realTime = withNonCommands     // the meter's gaps mean something only at the microphone's pace
StartupMemory.useOneHeap()     // as `parlo listen` does, before its threads start
let rssBeforeModel = rssKB()
let source = try ALSACaptureSource(options: options)
let model = try AcousticModel.locate()
let pipeline: ListenPipeline
if let catalogFolder {      // what `parlo listen` builds by default
    let compiled = try CatalogCompiler(model: model).compile(CatalogLoader.load(folder: catalogFolder),
                                                             decoys: decoys)
    let recognizer = try CatalogRecognizer(compiled: compiled, model: model, rejection: .live)
    recognizer.warps = CatalogRecognizer.defaultWarps     // a rejected utterance's second look, as `parlo listen`'s
    pipeline = try RoomListening.pipeline(recognizer: recognizer, interpreter: CommandInterpreter(matcher: compiled.matcher()),
                                          options: RoomListening.options(), fileNoiseFloorDB: nil, dereverb: dereverb)
    ESpeakEngine.shared.release()
} else {
    let grammar = try JSGFGrammar(String(contentsOfFile: "\(cards)/cards.gram", encoding: .utf8))
    pipeline = ListenPipeline(recognizer: try Recognizer(model: model, grammar: grammar))
}
await StartupMemory.releaseAfterMainThreadParks()    // as `parlo listen` does before listening
var recognized: [(t: Double, text: String, ms: Int)] = []
var rssStart = 0, rssPeak = 0, rssEnd = 0
/// The longest wall-clock gap between two `level` events: how long a UI's meter stood still.
var lastLevel: Date?, levelGapMax = 0.0
let wallStart = Date()
try await pipeline.run(source.start()) { event in
    var heard: (t: Double, text: String, ms: Int)?
    switch event {
    case .level:
        let now = Date()
        if let lastLevel { levelGapMax = max(levelGapMax, now.timeIntervalSince(lastLevel)) }
        lastLevel = now
    case .recognized(let t, let r, let ms) where catalogFolder == nil: heard = (t, r.text, ms)
    case .command(let t, let match, let ms) where catalogFolder != nil: heard = (t, match.command ?? "", ms)
    case .rejected(let t, _, _, let ms) where catalogFolder != nil: heard = (t, "(rejected)", ms)
    default: break
    }
    if let heard {
        recognized.append(heard)
        let rss = rssKB()
        if recognized.count == utterances.count { rssStart = rss }
        rssPeak = max(rssPeak, rss)
        if recognized.count == utterances.count * 2, let smapsPath {   // listening, every stage warm
            copyProcFile("/proc/self/smaps", to: smapsPath)
        }
        rssEnd = rss
    }
}
let wall = Date().timeIntervalSince(wallStart)
if verbose { for r in recognized { print(String(format: "  event %7.2f ", r.t) + r.text) } }

// Match events to fixture utterances by time.
var fixtureLatencies: [Double] = []
// Rejected (the catalog's "not sure": nothing done) apart from wrong (another command done).
var missed = 0, wrong = 0, rejected = 0
var next = 0
for e in expected {
    while next < recognized.count && recognized[next].t < e.end - 0.5 { next += 1 }
    guard next < recognized.count, recognized[next].t < e.end + 1.0 else { missed += 1; continue }
    let r = recognized[next]
    if r.text != e.text { if r.text == "(rejected)" { rejected += 1 } else { wrong += 1 } }
    if verbose || (r.text != e.text && !json) { print(String(format: "  end %7.2f  event %7.2f  %4d ms  ", e.end, r.t, r.ms) + "\(r.text == e.text ? "ok " : "BAD") \(r.text) | \(e.text)") }
    // Decoder wall time = reported latency minus the stream-time part (t − speech end).
    fixtureLatencies.append(max(0, (r.t - e.end) * 1000))
    next += 1
}
let reported = recognized.map { Double($0.ms) }.sorted()
func pct(_ xs: [Double], _ p: Double) -> Double { xs.isEmpty ? 0 : xs[min(xs.count - 1, Int(Double(xs.count - 1) * p))] }
let result: [String: Double] = [
    "audio_seconds": duration, "utterances": Double(expected.count),
    "missed": Double(missed), "wrong": Double(wrong), "rejected": Double(rejected),
    "latency_ms_median": pct(reported, 0.5), "latency_ms_p95": pct(reported, 0.95), "latency_ms_max": reported.last ?? 0,
    "fixture_end_to_event_ms_median": pct(fixtureLatencies.sorted(), 0.5),
    "fixture_end_to_event_ms_max": fixtureLatencies.max() ?? 0,
    "rss_mb_peak": Double(rssPeak) / 1024, "rss_mb_before_model": Double(rssBeforeModel) / 1024, "rss_mb_growth": Double(rssEnd - rssStart) / 1024,
    "meter_cpu_percent": meterPercent, "meter_windows": Double(windows),
    "listen_realtime_factor": wall / duration, "level_gap_ms_max": levelGapMax * 1000,
    "swift_runtime_shared": swiftRuntimeIsShared() ? 1 : 0,
]
if swiftRuntimeIsShared() {
    FileHandle.standardError.write("parlo-listen-bench: the Swift runtime is a shared library here, which adds about 3 MB to the RSS; build with --static-swift-stdlib (make bench) to measure what parlo ships\n".data(using: .utf8)!)
}
if json {
    print(try JSONLinesEncoder().line(result))
} else {
    for k in result.keys.sorted() { print(k.padding(toLength: 32, withPad: " ", startingAt: 0), String(format: "%.3f", result[k]!)) }
}
