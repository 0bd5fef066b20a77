import Foundation

/// Runs one XCTest test alone in a fresh copy of the test binary, so that what it hears does not
/// depend on what the rest of the suite did in the same process.
///
/// A test that recognises Parlo's *own* synthesised voice cannot take it from a fresh
/// `espeak-ng` process (`FreshSpeech`) — the speech queue synthesises in-process, with word
/// timings — and in-process eSpeak NG carries its flutter and roughness phases from every
/// earlier synthesis into the next (see `FreshSpeech`). The same test then heard a different
/// echo alone and after the suite, and the verdict near a threshold flipped with the tests that
/// happened to run before it. In a process of its own the audio is the same in every run.
public enum IsolatedTest {
    /// Set in the child to the test it was started for.
    public static let variable = "PARLO_ISOLATED_TEST"

    /// Whether this process was started to run `id` ("Module.Class/method") alone.
    public static func isRunning(_ id: String) -> Bool {
        ProcessInfo.processInfo.environment[variable] == id
    }

    /// Runs `id` ("Module.Class/method") alone in a new process of this test binary (XCTest on
    /// Linux takes the test's name as its argument) and returns what it printed.
    public static func run(_ id: String) throws -> Subprocess.Output {
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = id
        return try Subprocess.run(CommandLine.arguments[0], [id], environment: environment)
    }
}
