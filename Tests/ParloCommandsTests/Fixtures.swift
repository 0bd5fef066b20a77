import Foundation
import ParloCatalog
import ParloCommands

/// The repository's grammars/ folder, whatever the working directory of the test run.
let studyFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("grammars").path

/// The study catalog's matcher, built once per test process.
let studyMatcher: CommandMatcher = try! CommandMatcher(catalog: CatalogLoader.load(folder: studyFolder))
