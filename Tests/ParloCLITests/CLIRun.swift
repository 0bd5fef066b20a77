import Foundation
import ParloTesting

/// Runs any program (an installed `parlo`, `scripts/install`) with exactly the environment and
/// working folder given: the data look-up tests must not see the developer's own config or
/// installs, which `ParloProcess` (it inherits the environment) would let through.
enum CLIRun {
    typealias Output = Subprocess.Output

    /// The test run's environment without anything that steers Parlo's data look-up, with `home`
    /// as HOME and `extra` on top.
    static func isolated(home: String, _ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PARLO_") && !$0.key.hasPrefix("XDG_") }
        env["HOME"] = home
        // Nothing found through the defaults: no other install on this machine takes part.
        env["XDG_DATA_DIRS"] = home + "/no-data-dirs"
        return env.merging(extra) { $1 }
    }

    /// Runs `program` with `environment` (PATH kept when it has none; nil: this process's own).
    static func run(_ program: String, _ arguments: [String], stdin: String? = nil,
                    environment: [String: String]? = nil, directory: String? = nil) throws -> Output {
        try Subprocess.run(program, arguments, stdin: stdin, environment: environment,
                           directory: directory.map { URL(fileURLWithPath: $0) })
    }
}
