import Foundation
import ParloCatalog
import ParloCommands

/// Catalog YAML as `CatalogLoader.load` reads one file, then validated, linted, expanded and
/// indexed by the matcher: everything `parlo match` does with a catalog before the first text.
enum CatalogHarness {
    static let target = FuzzTarget(name: "catalog", maxLength: 4096) { data in
        run(String(decoding: data, as: UTF8.self))
    }

    static func run(_ yaml: String) {
        do {
            let catalog = try CatalogLoader.parse(yaml, file: "fuzz.yaml")
            try catalog.validate()
            for w in catalog.warnings where w.description.contains(where: \.isNewline) {
                fatalError("catalog: warning is not one line: \(w.description.debugDescription)")
            }
            let matcher = try CommandMatcher(catalog: catalog)
            _ = matcher.match("open math")
        } catch {
            requireOneLine(error, "catalog")
        }
    }
}
