import CLibFuzzer
import Foundation
import ParloFuzzHarness

/// The one fuzzing binary: `PARLO_FUZZ_TARGET=NAME ParloFuzz [libFuzzer flags] [corpus…]`.
///
/// One binary for every target links once, where eight would link eight sanitized copies of
/// Parlo on a shared machine; the variable (not an argument) survives libFuzzer re-running
/// itself, as `-merge=1` does.
@main
enum ParloFuzz {
    static let target: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["PARLO_FUZZ_TARGET"] ?? ""
        guard let t = FuzzTarget.named(name) else {
            FileHandle.standardError.write(Data("ParloFuzz: set PARLO_FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        return t
    }()

    static func main() {
        // The target's -max_len unless one is given: the harness is the one place that knows it.
        var args = CommandLine.arguments
        if !args.contains(where: { $0.hasPrefix("-max_len=") }) { args.insert("-max_len=\(target.maxLength)", at: 1) }
        var argv = args.map { strdup($0) } + [nil]
        var argc = CInt(args.count)
        let status = argv.withUnsafeMutableBufferPointer { buffer -> CInt in
            var base = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &base) { data, count in
                ParloFuzz.target.run(data.map { Data(bytes: $0, count: count) } ?? Data())
                return 0
            }
        }
        exit(status)
    }
}
