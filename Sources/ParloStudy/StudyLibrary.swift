import Foundation
import ParloCore
import ParloSpeech

/// One file of study material, already turned into what the session speaks.
///
/// Parsed once when the folder is opened so that read_page, next/previous sentence and the mind
/// map all count the same sentences and headings.
public struct StudyMaterial: Sendable, Equatable {
    /// File name without extension, e.g. "fractions".
    public var name: String
    public var path: String
    /// The first heading, or the file name when there is none.
    public var title: String
    /// Headings below the title, in order: the outline spoken by show_mind_map.
    public var headings: [String]
    /// The text as it is read aloud (Markdown stripped), blocks separated by blank lines.
    public var text: String
    /// Sentence ranges of `text`, the units of next/previous/repeat while reading.
    public var sentences: [Range<String.Index>]
    /// Language detected over the whole file: its main language, for replies and `reading_started`.
    public var language: Language
    /// Each sentence's language (notes mix English and Italian sentence by sentence): the voice
    /// that reads it. A heading or line with no evidence takes its context (`SentenceLanguages`).
    public var languages: [Language]

    /// Parses `contents`; Markdown when `markdown` (headings, lists and emphasis handled).
    public init(name: String, path: String, contents: String, markdown: Bool) {
        self.name = name
        self.path = path
        var headings: [String] = []
        if markdown {
            let md = MarkdownText()
            var inCode = false
            for line in contents.split(separator: "\n", omittingEmptySubsequences: false) {
                // MarkdownText ends headings with a period so they are read as sentences; a title does not need it.
                if case .heading(let h) = md.line(line, inCode: &inCode) {
                    headings.append(h.hasSuffix(".") ? String(h.dropLast()) : h)
                }
            }
        }
        let blocks = Array(TextBlockReader(text: contents, markdown: markdown))
        if !markdown, let first = blocks.first, first.count < 60, !first.contains(".") { headings = [first] }
        title = headings.first ?? name
        self.headings = Array(headings.dropFirst())
        text = blocks.joined(separator: "\n\n")
        sentences = SentenceSegmenter().sentences(in: text)
        language = LanguageDetector().detect(text) ?? .en
        let text = text
        languages = SentenceLanguages(fallback: language).languages(of: sentences.map { r in
            let alone = (r.lowerBound == text.startIndex || text[..<r.lowerBound].hasSuffix("\n\n"))
                && (r.upperBound == text.endIndex || text[r.upperBound...].hasPrefix("\n\n"))
            return SentenceLanguages.Item(text[r], wholeBlock: alone)
        })
    }

    /// The sentences as strings.
    public var sentenceTexts: [String] { sentences.map { String(text[$0]) } }
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

    /// Loads every known subject folder under `root` (files sorted by name; .md, .markdown, .txt).
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
                guard ["md", "markdown", "txt"].contains(ext) else { continue }
                let path = (dir as NSString).appendingPathComponent(file)
                let contents: String
                switch TextFileCheck.read(path) {
                case .text(let text): contents = text
                case .problem(let problem):
                    skipped.append("\(path): \(problem); skipped")
                    continue
                }
                materials.append(StudyMaterial(name: (file as NSString).deletingPathExtension, path: path,
                                               contents: contents, markdown: ext != "txt"))
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
