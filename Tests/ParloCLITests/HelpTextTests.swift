import Foundation
import XCTest
import ParloTesting

/// Every subcommand's `--help`, found by walking the command tree as a user (and
/// scripts/manpage) would: each default said once, `--device` naming its direction, and no
/// option offered that the subcommand would ignore (issue 14).
final class HelpTextTests: XCTestCase {
    /// Options that would do nothing in these subcommands: none of them loads the acoustic model,
    /// and only the listening ones (and say/read, for playback) open a sound device.
    static let ignored: [String: Set<String>] = [
        "say": ["--model", "--input"], "read": ["--model", "--input"], "devices": ["--model", "--device"],
        "match": ["--model", "--device"], "meter": ["--model", "--grammar"], "voices": ["--model", "--device"],
        "fixtures synth": ["--model", "--device"], "grammar check": ["--device"], "grammar compile": ["--device"],
        "batch": ["--device"], "report": ["--model", "--device", "--grammar", "--expect"],
    ]

    /// The help text of `command` (words after `parlo`), wide enough that no entry wraps.
    func help(_ command: [String]) throws -> String {
        let out = try ParloProcess.run(command + ["--help"], environment: ["COLUMNS": "400"])
        XCTAssertEqual(out.status, 0, "\(command): \(out.stderr)")
        return out.stdout
    }

    /// The subcommand names listed under SUBCOMMANDS: (as scripts/manpage reads them).
    static func subcommands(in help: String) -> [String] {
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Every command path below the root, depth first: ["batch"], ["grammar", "check"], …
    func commandTree(_ prefix: [String] = []) throws -> [[String]] {
        try Self.subcommands(in: help(prefix)).flatMap { name in [prefix + [name]] + (try commandTree(prefix + [name])) }
    }

    /// The option entries of a help text: each `--name` line with its continuation lines.
    static func entries(in help: String) -> [(name: String, text: String)] {
        var out: [(String, String)] = []
        for line in help.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if indent == 2, trimmed.hasPrefix("-") || trimmed.hasPrefix("<") {
                let name = trimmed.split(separator: " ").first { $0.hasPrefix("--") || $0.hasPrefix("<") } ?? trimmed.prefix(0)
                out.append((String(name.trimmingCharacters(in: CharacterSet(charactersIn: ","))), String(trimmed)))
            } else if indent > 2, !out.isEmpty {
                out[out.count - 1].1 += " " + trimmed
            }
        }
        return out
    }

    /// Mentions of a default in an entry, not counting the word when it is the value itself
    /// (`--device … (default: default)`).
    static func defaultMentions(_ text: String) -> Int {
        let lower = text.lowercased()
        return lower.components(separatedBy: "default").count - lower.components(separatedBy: "(default: default)").count
    }

    func testEveryHelpSaysEachDefaultOnceNamesTheDeviceDirectionAndOffersNoIgnoredOption() throws {
        let tree = try commandTree()
        XCTAssertGreaterThanOrEqual(tree.count, 13, "\(tree)")
        var seenDevice = 0
        for command in tree {
            let text = try help(command)
            let entries = Self.entries(in: text)
            let name = command.joined(separator: " ")
            if Self.subcommands(in: text).isEmpty {
                XCTAssertFalse(entries.isEmpty, "\(name): no options parsed from\n\(text)")
            }
            for entry in entries {
                XCTAssertLessThanOrEqual(Self.defaultMentions(entry.text), 1, "\(name) \(entry.name): default said twice: \(entry.text)")
                if entry.name == "--device" {
                    seenDevice += 1
                    XCTAssertTrue(entry.text.contains("capture") || entry.text.contains("playback"),
                                  "\(name) --device does not say capture or playback: \(entry.text)")
                }
            }
            let offered = Set(entries.map(\.name))
            for option in Self.ignored[name] ?? [] {
                XCTAssertFalse(offered.contains(option), "\(name) offers \(option), which it ignores")
            }
        }
        XCTAssertGreaterThanOrEqual(seenDevice, 5, "listen, meter, study, say and read take --device")
        XCTAssertTrue(Set(Self.ignored.keys).isSubset(of: Set(tree.map { $0.joined(separator: " ") })),
                      "a subcommand of the table was renamed: \(tree)")
    }

    /// The counter itself: a duplicated default is seen, the value "default" is not one.
    func testDefaultMentionsCountsAnnotationsNotTheValueDefault() {
        XCTAssertEqual(Self.defaultMentions("--jobs <jobs> Threads (default: number of cores). (default: 2)"), 2)
        XCTAssertEqual(Self.defaultMentions("--device <device> ALSA capture device. (default: default)"), 1)
        XCTAssertEqual(Self.defaultMentions("--raw-channels <n> Channels (default 1). (default: 1)"), 2)
        XCTAssertEqual(Self.defaultMentions("--rate <rate> Speaking rate. (default: 1.0)"), 1)
    }
}
