import ArgumentParser
import ParloCore

/// How a subcommand prints: readable lines on a terminal, JSON Lines otherwise. Every JSON line
/// is an event of docs/events.schema.json, whichever subcommand printed it.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON Lines (docs/events.schema.json) even on a terminal; always when stdout is piped.")
    var json = false

    /// Whether to print JSON Lines.
    var asJSON: Bool { json || !Terminal.stdoutIsTerminal }
}
