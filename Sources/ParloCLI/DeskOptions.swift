import ArgumentParser
import ParloDesk

/// `parlo study --serve`: the study desk page (docs/desk.md).
struct DeskOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Serve the study desk page while the session runs: --serve alone is 127.0.0.1 on a free port; ADDR:PORT another address (0: a free port). The URL to open, with its access token, is printed on stderr.",
        valueName: "addr:port"))
    var serve: String?

    @Flag(name: .customLong("wait-for-page"), help: "With --serve: start listening (or reading stdin) only once the page has connected, so it sees the session from its first event.")
    var waitForPage = false

    @Flag(name: .customLong("keep-serving"), help: "With --serve: when the input ends, keep the session and the page up for commands typed on the page, until Ctrl-C.")
    var keepServing = false

    @Flag(name: .customLong("push-to-talk"), help: "With --serve: hear the microphone (or --input) only while the page's talk button is held.")
    var pushToTalk = false

    /// The address to serve on, when serving.
    var address: DeskAddress? { serve.flatMap { DeskAddress(parsing: $0) } }

    func validate() throws {
        if let serve, DeskAddress(parsing: serve) == nil {
            throw ValidationError("--serve: '\(serve)' is not ADDR:PORT (e.g. 127.0.0.1:8080, or --serve alone for a free port)")
        }
        if serve == nil {
            for (set, name) in [(waitForPage, "--wait-for-page"), (keepServing, "--keep-serving"), (pushToTalk, "--push-to-talk")] where set {
                throw ValidationError("\(name) needs --serve")
            }
        }
    }

    /// `--serve` alone takes the default address: the word after it is its value only when it
    /// looks like one (has a colon), so `--serve --input x.wav` and `--serve FOLDER` still parse.
    static func expandingServe(_ arguments: [String]) -> [String] {
        var out: [String] = []
        for (i, a) in arguments.enumerated() {
            out.append(a)
            guard a == "--serve" else { continue }
            let next = i + 1 < arguments.count ? arguments[i + 1] : nil
            if next.map({ $0.hasPrefix("-") || !$0.contains(":") }) ?? true {
                out[out.count - 1] = "--serve=\(DeskAddress.loopback)"
            }
        }
        return out
    }
}
