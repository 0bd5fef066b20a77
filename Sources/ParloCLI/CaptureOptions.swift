import ArgumentParser
import Glibc
import Logging
import Parlo

/// Where `listen` and `meter` get audio: a capture device, or a file played as one.
struct CaptureOptions: ParsableArguments {
    @Option(name: .long, help: "ALSA capture device to listen to, a microphone (`parlo devices` lists them).")
    var device = "default"

    @Option(name: .long, help: "Play this audio file through the live pipeline instead of a microphone.")
    var input: String?

    @Flag(name: .long, help: "With --input: run as fast as possible instead of in real time.")
    var fast = false

    @Option(name: .long, help: "Stop after this many seconds of audio.")
    var seconds: Double?

    @Flag(name: .long, help: "Pace the device at real time (for `file`-plugin fixture devices, which do not pace themselves).")
    var pace = false

    func validate() throws {
        if fast && input == nil { throw ValidationError("--fast only applies to --input FILE") }
        if let seconds, seconds <= 0 { throw ValidationError("--seconds must be positive") }
    }

    /// The noise floor the recognizer lays under the audio: a file (often generated speech,
    /// digitally silent between words) gets the faint noise a microphone would add; a device
    /// has its own.
    var noiseFloor: Double? { input == nil ? nil : Recognizer.fileNoiseFloorDB }

    /// Opens the source now, so a missing device or file fails before anything prints.
    /// `level` (listen, study; not meter, which shows the level as it is) brings an input
    /// file's speech to Parlo's standard level first, and warns of a narrowband file, which is
    /// recognised less well.
    func makeSource(logger: Logger, level: InputLevelOptions? = nil) throws -> CaptureSource {
        if let input {
            let source = try FileCaptureSource(path: input, fast: fast, standardiseLevel: level?.agc ?? false)
            if level != nil, let warning = SoundFile.narrowbandWarning([input]) { printError(warning) }
            return source
        }
        var options = ALSACaptureSource.Options(device: device)
        options.realTime = pace
        options.maxSeconds = seconds
        return try ALSACaptureSource(options: options, logger: logger)
    }
}

/// Whether `--input` files are brought to Parlo's standard speech level (listen and study).
struct InputLevelOptions: ParsableArguments {
    @Flag(name: .customLong("agc"), inversion: .prefixedNo, help: "With --input: bring the file's speech within 6 dB of -26 dBFS (at most 30 dB louder) first, as a microphone's automatic gain control would.")
    var agc = true
}

/// Unbuffered writes to stdout/stderr (live lines must appear at once).
enum FileHandleOutput {
    static func stdout(_ s: String) { write(1, s) }
    static func stderr(_ s: String) { write(2, s) }
    private static func write(_ fd: Int32, _ s: String) {
        var s = s
        s.withUTF8 { buf in
            var off = 0
            while off < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
                if n <= 0 { return }
                off += n
            }
        }
    }
}
