import Foundation
import ParloCore
import ParloDocuments
import ParloSpeech

/// One file of study material, already turned into what the session speaks.
///
/// Parsed once when the folder is opened so that read_page, next/previous sentence and the mind
/// map all count the same sentences and headings. Sentences never cross a block (paragraph,
/// heading, item), as in `ReadAloud`, so a PDF page's sentences are exactly those of its blocks.
public struct StudyMaterial: Sendable, Equatable {
    /// A PDF page: its number as a viewer shows it (from 1) and its sentences (indices into
    /// `sentences`, in order). A sentence that runs on to the next page belongs to the page it
    /// starts on.
    public struct Page: Sendable, Equatable {
        public var number: Int
        public var sentences: Range<Int>
    }

    /// File name without extension, e.g. "fractions".
    public var name: String
    public var path: String
    /// The first heading, or the file name when there is none.
    public var title: String
    /// Headings below the title, in order: the outline spoken by show_mind_map.
    public var headings: [String]
    /// The text as it is read aloud (markup and page furniture gone), blocks separated by blank
    /// lines. Sentence ranges and the character positions of speech events index this text,
    /// not the file.
    public var text: String
    /// Sentence ranges of `text`, the units of next/previous/repeat while reading.
    public var sentences: [Range<String.Index>]
    /// The pages of a PDF that have text; empty for text and Markdown (one page: the whole file).
    public var pages: [Page]
    /// Language detected over the whole file: its main language, for replies and `reading_started`.
    public var language: Language
    /// Each sentence's language (notes mix English and Italian sentence by sentence): the voice
    /// that reads it. A heading or line with no evidence takes its context (`SentenceLanguages`).
    public var languages: [Language]

    /// Parses `contents`; Markdown when `markdown` (headings, lists and emphasis handled).
    public init(name: String, path: String, contents: String, markdown: Bool) {
        self.init(name: name, path: path, blocks: Array(BlockSequence(TextBlockReader(text: contents, markdown: markdown))),
                  plain: !markdown)
    }

    /// The material made of `blocks` (from any reader); `plain` text takes a short first line
    /// with no period for its title.
    public init(name: String, path: String, blocks: [DocumentBlock], plain: Bool = false) {
        self.name = name
        self.path = path
        var headings = blocks.compactMap { b -> String? in
            if case .heading = b.kind { return b.title }
            return nil
        }
        if plain, let first = blocks.first, first.text.count < 60, !first.text.contains(".") { headings = [first.text] }
        title = headings.first ?? name
        self.headings = Array(headings.dropFirst())
        // Sentences per block, as UTF-8 offsets into the joined text until it is complete.
        let segmenter = SentenceSegmenter()
        var text = "", offsets: [(Int, Int)] = [], pages: [Page] = []
        for block in blocks {
            if !text.isEmpty { text += "\n\n" }
            let base = text.utf8.count
            text += block.text
            let first = offsets.count
            for r in segmenter.sentences(in: block.text) {
                offsets.append((base + block.text.utf8.distance(from: block.text.startIndex, to: r.lowerBound),
                                base + block.text.utf8.distance(from: block.text.startIndex, to: r.upperBound)))
            }
            guard let number = block.page, offsets.count > first else { continue }
            if let last = pages.last, last.number == number {
                pages[pages.count - 1].sentences = last.sentences.lowerBound..<offsets.count
            } else {
                pages.append(Page(number: number, sentences: first..<offsets.count))
            }
        }
        let utf8 = text.utf8
        sentences = offsets.map { utf8.index(utf8.startIndex, offsetBy: $0.0)..<utf8.index(utf8.startIndex, offsetBy: $0.1) }
        self.text = text
        self.pages = pages
        language = LanguageDetector().detect(text) ?? .en
        let joined = text
        languages = SentenceLanguages(fallback: language).languages(of: sentences.map { r in
            let alone = (r.lowerBound == joined.startIndex || joined[..<r.lowerBound].hasSuffix("\n\n"))
                && (r.upperBound == joined.endIndex || joined[r.upperBound...].hasPrefix("\n\n"))
            return SentenceLanguages.Item(joined[r], wholeBlock: alone)
        })
    }

    /// The sentences as strings.
    public var sentenceTexts: [String] { sentences.map { String(text[$0]) } }

    /// Index into `sentences` of sentence `index` of page `page` (an index into `pages`; nil: the
    /// whole material), the numbering events use while a PDF page is read.
    public func sentenceIndex(_ index: Int, page: Int?) -> Int {
        (page.flatMap { pages.indices.contains($0) ? pages[$0].sentences.lowerBound : nil } ?? 0) + index
    }
}

/// A `TextBlockReader`'s blocks with their kinds.
struct BlockSequence: Sequence, IteratorProtocol {
    var reader: TextBlockReader
    init(_ reader: TextBlockReader) { self.reader = reader }
    mutating func next() -> DocumentBlock? { reader.nextBlock() }
}

/// A subject's materials (one folder).
public struct StudySubject: Sendable, Equatable {
    /// The catalog's slot value: math, history, science, geography, italian, english.
    public var id: String
    public var folder: String
    public var materials: [StudyMaterial]
}

/// A folder of study materials organised by subject, English or Italian folder names.
///
/// The catalog's `subject` slot yields canonical English values ("math"); folders may be named
/// in either language ("math/", "matematica/"), so the names are mapped here, once.
public struct StudyLibrary: Sendable, Equatable {
    public var root: String
    /// Subjects by canonical id.
    public var subjects: [String: StudySubject]
    /// Material files left out (binary, not UTF-8, unreadable), one line each saying why: a
    /// student should learn why a lesson is missing, not find out in the middle of a session.
    public var skipped: [String] = []

    /// Folder names (lower-case) understood for each canonical subject.
    public static let folderNames: [String: [String]] = [
        "math": ["math", "maths", "mathematics", "matematica"],
        "history": ["history", "storia"],
        "science": ["science", "sciences", "scienze", "scienza"],
        "geography": ["geography", "geografia"],
        "italian": ["italian", "italiano"],
        "english": ["english", "inglese"],
    ]

    /// How each subject is said in a reply, per language.
    public static let displayNames: [String: [Language: String]] = [
        "math": [.en: "math", .it: "matematica"],
        "history": [.en: "history", .it: "storia"],
        "science": [.en: "science", .it: "scienze"],
        "geography": [.en: "geography", .it: "geografia"],
        "italian": [.en: "Italian", .it: "italiano"],
        "english": [.en: "English", .it: "inglese"],
    ]

    /// The subject's name in `language` (the id itself for unknown subjects).
    public static func displayName(_ id: String, in language: Language) -> String {
        displayNames[id]?[language] ?? id
    }

    /// The canonical subject for a folder name, or nil when it is no known subject.
    public static func subject(forFolder name: String) -> String? {
        let n = name.lowercased()
        return folderNames.first { $0.value.contains(n) }?.key
    }

    /// Loads every known subject folder under `root` (files sorted by name; .md, .markdown,
    /// .txt, .pdf).
    public init(root: String) throws {
        self.root = root
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: root, isDirectory: &isDir), isDir.boolValue else {
            throw StudyError(.noMaterials, "no study folder at \(root) — pass a folder with subject folders like math/ or storia/")
        }
        var subjects: [String: StudySubject] = [:], skipped: [String] = []
        for folder in try fm.contentsOfDirectory(atPath: root).sorted() {
            guard let id = Self.subject(forFolder: folder), subjects[id] == nil else { continue }
            let dir = (root as NSString).appendingPathComponent(folder)
            var materials: [StudyMaterial] = []
            for file in (try? fm.contentsOfDirectory(atPath: dir))?.sorted() ?? [] {
                let ext = (file as NSString).pathExtension.lowercased()
                guard DocumentFormat.materialExtensions.contains(ext) else { continue }
                let path = (dir as NSString).appendingPathComponent(file)
                let name = (file as NSString).deletingPathExtension
                if DocumentFormat(path: path) == .pdf {
                    do {
                        materials.append(StudyMaterial(name: name, path: path, blocks: try PDFReader(path: path).blocks()))
                    } catch {
                        skipped.append("\(oneLine(error)); skipped")
                    }
                    continue
                }
                let contents: String
                switch TextFileCheck.read(path) {
                case .text(let text): contents = text
                case .problem(let problem):
                    skipped.append("\(path): \(problem); skipped")
                    continue
                }
                materials.append(StudyMaterial(name: name, path: path, contents: contents, markdown: ext != "txt"))
            }
            subjects[id] = StudySubject(id: id, folder: folder, materials: materials)
        }
        guard !subjects.isEmpty else {
            throw StudyError(.noMaterials, "no subject folders in \(root) — add folders like math/, history/ or matematica/")
        }
        self.subjects = subjects
        self.skipped = skipped
    }

    /// The sample materials that ship with Parlo, used when no folder is given.
    ///
    /// Found by `DataLocator` (`$PARLO_SAMPLE`, the config and install folders, a checkout), not
    /// as a SwiftPM resource: a resource bundle's path is baked into the binary at build time, so
    /// an installed `parlo` would look in a build folder that is gone.
    public static func sample(locator: DataLocator = DataLocator()) throws -> StudyLibrary {
        try StudyLibrary(root: locator.require(.sample))
    }

    /// Subject ids in a stable order (as the catalog lists them, unknown ones last).
    public var subjectIDs: [String] {
        let order = ["math", "history", "science", "geography", "italian", "english"]
        return subjects.keys.sorted { (order.firstIndex(of: $0) ?? 99, $0) < (order.firstIndex(of: $1) ?? 99, $1) }
    }
}

/// What went wrong in a study session, with what to do.
public struct StudyError: ParloError, Sendable {
    public enum Code: String, Sendable { case noMaterials, badCommand }
    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }
}
