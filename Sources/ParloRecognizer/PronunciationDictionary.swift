import Foundation

/// Pronunciations for words, in the en-us phone set (cmudict format).
///
/// A recognizer needs only its grammar's words: `lookup` scans the big dictionary file once for
/// just those, which costs a few milliseconds instead of loading all 134k entries into the decoder.
public struct PronunciationDictionary: Sendable, Equatable {
    /// Lower-cased word → its pronunciations (phones separated by spaces), first = preferred.
    public private(set) var entries: [String: [String]] = [:]

    public init(entries: [String: [String]] = [:]) { self.entries = entries }

    public subscript(word: String) -> [String]? { entries[word.lowercased()] }

    /// Adds a pronunciation (kept after existing ones; duplicates ignored).
    public mutating func add(_ word: String, _ phones: String) {
        let key = word.lowercased()
        var list = entries[key] ?? []
        if !list.contains(phones) { list.append(phones) }
        entries[key] = list
    }

    /// Entries of `other` replace those of `self` for the same word: user overrides win.
    public mutating func override(with other: PronunciationDictionary) {
        for (w, p) in other.entries { entries[w] = p }
    }

    /// Parses cmudict-format text (`word PH1 PH2`, `word(2) PH …`), keeping only `wanted`
    /// words (lower-cased) or every word when `wanted` is nil.
    public static func parse(_ text: Substring, wanted: Set<String>? = nil) -> PronunciationDictionary {
        var dict = PronunciationDictionary()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { continue }
            var word = line[..<space]
            if word.hasPrefix("#") || word.hasPrefix(";;") { continue }
            if let paren = word.firstIndex(of: "("), word.last == ")" { word = word[..<paren] }
            let key = word.lowercased()
            if let wanted, !wanted.contains(key) { continue }
            let phones = line[space...].split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            if !phones.isEmpty { dict.add(key, phones) }
        }
        return dict
    }

    /// Looks up `words` in a cmudict file, reading it once per process.
    public static func lookup(_ words: Set<String>, inFile path: String) throws -> PronunciationDictionary {
        let text = try DictionaryFileCache.shared.text(of: path)
        return parse(text[...], wanted: Set(words.map { $0.lowercased() }))
    }
}

/// Keeps dictionary files in memory after the first read: every worker decoder shares them.
final class DictionaryFileCache: @unchecked Sendable {
    static let shared = DictionaryFileCache()
    private let lock = NSLock()
    private var texts: [String: String] = [:]

    func text(of path: String) throws -> String {
        lock.lock(); defer { lock.unlock() }
        if let t = texts[path] { return t }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecognizerError(.dictionaryMissing, "cannot read the pronunciation dictionary \(path)")
        }
        let t = String(decoding: data, as: UTF8.self)
        texts[path] = t
        return t
    }
}
