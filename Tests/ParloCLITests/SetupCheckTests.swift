import Foundation
import XCTest
import ParloCore
import ParloTesting

/// `scripts/check-setup` guards the quick start: `make demo` and `make bench` stop when a script
/// runs a program its setup set does not install. What it takes for a program must be one, or the
/// guard itself stops them: from session 54 to 58 `scripts/eval`'s case label `kitchen|talker)`
/// and `scripts/bench`'s multi-line `python3 -c '…'` were read as the programs `kitchen`,
/// `import` and `runs`, and `make demo` failed on a fresh machine before its evaluation.
final class SetupCheckTests: ScratchFolderTestCase {
    /// The programs `scripts/check-setup --programs` reads in `scripts`, in no order.
    func programs(_ scripts: [String]) throws -> Set<String> {
        let out = try CLIRun.run(Repository.root.appendingPathComponent("scripts/check-setup").path, ["--programs"] + scripts)
        XCTAssertEqual(out.status, 0, out.stderr)
        return Set(out.stdout.split(separator: "\n").map(String.init))
    }

    func testCommandsAreReadAndQuotedTextCaseLabelsAndHeredocsAreNot() throws {
        let script = path("script.sh")
        try """
        #!/usr/bin/env bash
        case "$1" in
          dev) sets=(dev) ;; kitchen|talker) sets=() ;;
          *) echo "use dev" >&2; exit 2 ;;
        esac
        read -r a b < <(sox in.wav -n stat 2>&1 | grep -c RMS)
        python3 -c '
        import json, sys
        runs = [json.loads(l) for l in sys.stdin]
        print(len(runs))' < list.jsonl
        soxi -D in.wav
        cat <<'PY'
        median of runs
        PY
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let found = try programs([script])
        for program in ["case", "echo", "exit", "sox", "grep", "python3", "soxi", "cat"] {
            XCTAssertTrue(found.contains(program), "\(program) not read as a program: \(found.sorted())")
        }
        for word in ["dev", "kitchen", "talker", "import", "runs", "print", "median"] {
            XCTAssertFalse(found.contains(word), "\(word) read as a program: \(found.sorted())")
        }
    }

    /// The scripts behind `make demo`'s evaluation and `make bench` name no program that is none.
    func testTheEvaluationAndBenchScriptsReadAsTheirPrograms() throws {
        let found = try programs(["scripts/eval", "scripts/bench"].map { Repository.root.appendingPathComponent($0).path })
        XCTAssertTrue(found.isSuperset(of: ["python3", "sox", "bc"]), "\(found.sorted())")
        XCTAssertTrue(found.isDisjoint(with: ["kitchen", "talker", "import", "runs", "median"]), "\(found.sorted())")
    }
}
