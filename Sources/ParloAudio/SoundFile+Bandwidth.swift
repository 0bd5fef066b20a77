extension SoundFile {
    /// The lowest sample rate whose audio reaches the top of the acoustic model's filter bank
    /// (6.8 kHz): below it a file carries no sound over half its rate, which resampling to
    /// 16 kHz cannot put back.
    public static let widebandRate = 16_000

    /// The files of `paths` sampled below `widebandRate` (telephone-band recordings, for one),
    /// with their rates, in order. Only headers are read; a file that cannot be opened is left
    /// out, for the decoder to report.
    public static func narrowband(_ paths: [String], raw: RawFormat? = nil) -> [(path: String, rate: Int)] {
        paths.compactMap { path in
            guard let file = try? SoundFile(path: path, raw: raw),
                  file.sampleRate < widebandRate else { return nil }
            return (path, file.sampleRate)
        }
    }

    /// One line for the user when any of `paths` is narrowband, nil when none is: what is wrong,
    /// what it costs (measured: docs/listening.md) and what to do.
    public static func narrowbandWarning(_ paths: [String], raw: RawFormat? = nil) -> String? {
        let found = narrowband(paths, raw: raw)
        guard let first = found.first else { return nil }
        let which = found.count == 1 ? "\(first.path) is" : "\(first.path) and \(found.count - 1) other file(s) are"
        return "warning: \(which) sampled below 16 kHz (\(first.rate) Hz): the top of the speech band is missing, "
            + "and the recognizer (a wideband model) gets fewer commands right (DEV's quiet commands at 8 kHz: 83 of 120 against 112); "
            + "record at 16 kHz or more where you can"
    }
}
