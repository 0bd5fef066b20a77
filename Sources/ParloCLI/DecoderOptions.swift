import ArgumentParser

/// `--ps KEY=VALUE` of `batch` and `listen`: PocketSphinx options passed to the catalog's
/// decoder as they are, for measuring the search (docs/recognizer-measurements.md: `lw=4`
/// trades commands for fewer firings). They win over the rejection preset's own.
struct DecoderOptions: ParsableArguments {
    @Option(name: .customLong("ps"), help: ArgumentHelp("Extra PocketSphinx decoder option, e.g. --ps lw=5 (repeatable).", valueName: "KEY=VALUE"))
    var values: [String] = []

    func validate() throws { _ = try parsed() }

    /// The options by PocketSphinx's name. It names them with a leading dash; `beam=` and `-beam=`
    /// are one option, so the user's wins over the rejection preset's instead of clashing with it.
    func parsed() throws -> [String: String] {
        var options: [String: String] = [:]
        for o in values {
            let parts = o.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else { throw ValidationError("--ps takes KEY=VALUE, got '\(o)'") }
            options[parts[0].hasPrefix("-") ? parts[0] : "-" + parts[0]] = parts[1]
        }
        return options
    }
}
