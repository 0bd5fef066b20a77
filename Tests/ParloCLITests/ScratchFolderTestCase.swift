import Foundation
import XCTest
import ParloTesting

/// A test case with a fresh scratch folder per test, removed afterwards: the CLI tests write
/// catalogs, audio and results files there.
class ScratchFolderTestCase: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-\(type(of: self))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// `name` inside the scratch folder.
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
}
