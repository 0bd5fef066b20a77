import Foundation
import ParloCatalog
import ParloCommands

/// Typed or recognised text matched against the repository's own catalog (`grammars/`), as
/// `parlo match` and the study listener do, with and without a command filter.
enum MatcherHarness {
    static let target = FuzzTarget(name: "matcher", maxLength: 1024) { data in
        let text = String(decoding: data, as: UTF8.self)
        _ = matcher.match(text)
        _ = matcher.match(text, filter: filter)
        _ = matcher.normalizer.tokens(text)
    }

    static let matcher: CommandMatcher = {
        do {
            return try CommandMatcher(catalog: CatalogLoader.load(folder: repositoryRoot.appendingPathComponent("grammars").path))
        } catch {
            fatalError("matcher: the repository's catalog does not load: \(error)")
        }
    }()

    static let filter = matcher.filter(allowing: Set(matcher.commands.prefix(3)))
}
