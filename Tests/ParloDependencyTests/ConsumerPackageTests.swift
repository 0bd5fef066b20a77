import Foundation
import ParloTesting
import XCTest

/// Parlo as a versioned dependency (issue 14): a small package depends on a tagged clone of this
/// repository by `from:` version through a `file://` git URL, builds (SwiftPM refuses packages
/// with unsafe flags as versioned dependencies, so this also proves there are none), and runs a
/// program — the getting-started article's code block — that loads the catalog, dispatches a
/// sentence to a typed handler and speaks its reply to a WAV file.
///
/// It clones the checkout's HEAD: commit before running it on local changes.
final class ConsumerPackageTests: XCTestCase {
    static let version = "0.6.0"

    func testAPackageDependsOnATaggedParloAndUsesIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-consumer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let clone = root.appendingPathComponent("parlo"), app = root.appendingPathComponent("app")
        try run("/usr/bin/git", ["clone", "--quiet", Repository.root.path, clone.path])
        try run("/usr/bin/git", ["-C", clone.path, "tag", Self.version])

        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "App",
                dependencies: [.package(url: "file://\(clone.path)", from: "\(Self.version)")],
                targets: [.executableTarget(name: "App", dependencies: [
                    .product(name: "ParloCommands", package: "parlo"),
                    .product(name: "ParloSpeech", package: "parlo"),
                ])]
            )
            """.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        // The program is the getting-started article's code block, as a reader would copy it.
        let article = try String(contentsOf: Repository.root.appendingPathComponent(
            "Sources/ParloCommands/ParloCommands.docc/GettingStarted.md"), encoding: .utf8)
        let program = try XCTUnwrap(article.components(separatedBy: "```swift\n").dropFirst().first?
            .components(separatedBy: "```").first, "no swift code block in the article")
        try program.write(to: app.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)

        let scratch = root.appendingPathComponent("build").path
        try run("/usr/bin/env", ["swift", "build", "--package-path", app.path, "--scratch-path", scratch, "--product", "App"])
        // Run where a reader would: in a folder holding the catalog (the clone's root).
        let printed = try run(scratch + "/debug/App", [], directory: clone)
        XCTAssertEqual(printed.trimmingCharacters(in: .whitespacesAndNewlines), "set_timer 25 handled")
        let wav = clone.appendingPathComponent("reply.wav").path
        let bytes = try FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int ?? 0
        XCTAssertGreaterThan(bytes, 44 + 16_000, "at least half a second of speech in the WAV")
    }

    /// Runs a program; its stdout, or a failure with its stderr.
    @discardableResult
    func run(_ program: String, _ arguments: [String], directory: URL? = nil) throws -> String {
        let out = try Subprocess.run(program, arguments, directory: directory)
        if out.status != 0 {
            XCTFail("\(program) \(arguments.joined(separator: " ")) failed: \(out.stderr.suffix(2000))")
            throw CocoaError(.executableLoad)
        }
        return out.stdout
    }
}
