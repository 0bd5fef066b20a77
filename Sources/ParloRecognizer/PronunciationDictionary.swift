import Foundation
import ParloCore

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

    /// Looks up `words` in a cmudict file, mapped for this lookup only.
    ///
    /// One pass over the bytes, hashing each line's word and comparing only on a hash hit, so
    /// finding a grammar's few dozen words among 134k costs milliseconds and no allocation per line.
    public static func lookup(_ words: Set<String>, inFile path: String) throws -> PronunciationDictionary {
        // A compiled catalog brings every pronunciation along: then there is nothing to scan for.
        guard !words.isEmpty else { return PronunciationDictionary() }
        let wanted = Dictionary(words.map { w -> (UInt64, [UInt8]) in
            let b = Array(w.lowercased().utf8)
            return (StableHash.of(bytes: b, foldingASCIICase: true), b)
        }, uniquingKeysWith: { a, _ in a })
        var dict = PronunciationDictionary()
        try DictionaryFile.withBytes(of: path) { buf in
            var lineStart = 0
            let n = buf.count
            while lineStart < n {
                var end = lineStart
                while end < n && buf[end] != 0x0A { end += 1 }
                var wordEnd = lineStart
                while wordEnd < end && buf[wordEnd] != 0x20 && buf[wordEnd] != 0x09 && buf[wordEnd] != 0x28 { wordEnd += 1 }
                let word = buf[lineStart..<wordEnd]
                if let expected = wanted[StableHash.of(bytes: word, foldingASCIICase: true)], expected.elementsEqual(word) {
                    var phoneStart = wordEnd
                    if phoneStart < end && buf[phoneStart] == 0x28 {      // skip "(2)"
                        while phoneStart < end && buf[phoneStart] != 0x20 && buf[phoneStart] != 0x09 { phoneStart += 1 }
                    }
                    let phones = String(decoding: buf[phoneStart..<end], as: UTF8.self)
                        .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
                    if !phones.isEmpty { dict.add(String(decoding: word, as: UTF8.self), phones) }
                }
                lineStart = end + 1
            }
        }
        return dict
    }
}

/// A dictionary file's bytes, mapped read-only for one scan and unmapped after it.
///
/// Nothing is kept between lookups: holding cmudict (3.2 MB) for the life of the process was the
/// largest single item of `parlo listen`'s resident memory. Another decoder's lookup maps the file
/// again from the page cache, which costs about as much as the scan itself (a few ms).
enum DictionaryFile {
    static func withBytes<T>(of path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
        let missing = RecognizerError(.dictionaryMissing, "cannot read the pronunciation dictionary \(path)")
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw missing }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw missing }
        let size = Int(info.st_size)
        guard size > 0 else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { throw missing }
        defer { munmap(base, size) }
        _ = madvise(base, size, MADV_SEQUENTIAL)
        return try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size))
    }
}
