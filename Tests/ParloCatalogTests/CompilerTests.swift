import Foundation
import XCTest
import ParloTesting
@testable import ParloCatalog
@testable import ParloGrammar
import ParloRecognizer

/// The repository's grammars/ folder, whatever the working directory of the test run.
let studyFolder = Repository.grammars

/// Compiled once per test process: compiling phonemizes ~200 words.
let studyCompiled: Result<CompiledCatalog, Error> = Result {
    try CatalogCompiler(model: AcousticModel.locate()).compile(folder: studyFolder)
}

final class CompilerTests: XCTestCase {
    func testStudyCatalogHasTheContractCommandsAndSlots() throws {
        let compiled = try studyCompiled.get()
        let catalog = compiled.catalog
        let expected: [String: [String]] = [
            "open_subject": ["subject"], "start_studying": [], "read_page": [], "next": [], "previous": [],
            "show_mind_map": [], "pause": [], "resume": [], "stop": [], "repeat": [], "help": [],
            "set_timer": ["minutes"], "use_voice": ["character"], "faster": [], "slower": [],
        ]
        for (name, slots) in expected {
            let c = try XCTUnwrap(catalog.command(named: name), name)
            XCTAssertEqual(c.slotNames, slots, name)
            XCTAssertFalse((c.sentences[.english] ?? []).isEmpty, name)
            XCTAssertFalse((c.sentences[.italian] ?? []).isEmpty, name)
        }
        guard case .values(let subjects) = catalog.slots["subject"]?.kind else { return XCTFail("subject") }
        XCTAssertEqual(subjects.map(\.canonical), ["math", "history", "science", "geography", "italian", "english"])
        guard case .range(1, 60, 1) = catalog.slots["minutes"]?.kind else { return XCTFail("minutes") }
        let texts = Set(compiled.graph.allSentences(limit: 20_000)!.map(\.text))
        for s in ["open math", "go to history", "apri matematica", "vai a storia", "start studying", "inizia a studiare",
                  "read this page", "leggi questa pagina", "show mind map", "mostra mappa", "what can i say", "cosa posso dire",
                  "start a twenty five minute timer", "avvia un timer di venticinque minuti", "use the voice of eva",
                  "usa la voce di mia", "read faster", "leggi piu veloce", "leggi piu lentamente", "pausa", "continua", "basta", "ripeti"] {
            XCTAssertTrue(texts.contains(s), s)
        }
        XCTAssertTrue(CatalogReport(compiled).duplicates.filter(\.isConflict).isEmpty)
    }

    func testItalianIPAMapsOnlyToEnglishPhones() throws {
        let compiled = try studyCompiled.get()
        var italianWords = 0
        for (word, entries) in compiled.pronunciations {
            for e in entries {
                XCTAssertFalse(e.phones.isEmpty, word)
                for p in e.phones { XCTAssertTrue(IPAPhoneMap.englishPhones.contains(p), "\(word): \(p) from \(e.source)") }
                if case .espeak(.italian, _) = e.source { italianWords += 1 }
            }
        }
        XCTAssertGreaterThan(italianWords, 100)
        XCTAssertEqual(compiled.phones(of: "venticinque", language: .italian).joined(separator: " "), "V EY N T IY CH IY N K W EY")
        XCTAssertEqual(try IPAPhoneMap.phones(forIPA: "ɲˈokːɪ", language: .italian), ["N", "Y", "OW", "K", "IY"])
        XCTAssertEqual(try IPAPhoneMap.phones(forIPA: "fˈiʎo", language: .italian), ["F", "IY", "L", "Y", "OW"])
        // A combining mark joins its letter into one Character: dental d̪ is d (Italian "d'" is /d̪ˈiː/).
        XCTAssertEqual(try IPAPhoneMap.phones(forIPA: "d\u{032A}ˈiː", language: .italian), ["D", "IY"])
        XCTAssertThrowsError(try IPAPhoneMap.phones(forIPA: "ʘa", language: .italian))
        // Double consonants are one phone, whether eSpeak writes them twice or with a length mark.
        XCTAssertEqual(try IPAPhoneMap.phones(forIPA: "avvˈia", language: .italian), ["AA", "V", "IY", "AA"])
        XCTAssertEqual(try IPAPhoneMap.phones(forIPA: "mˈetːɪ", language: .italian), ["M", "EY", "T", "IY"])
        XCTAssertEqual(compiled.phones(of: "prossimo", language: .italian).joined(separator: " "), "P R AO S IY M OW")
    }

    func testSameSpellingInTwoLanguagesKeepsBothEntries() throws {
        let compiled = try studyCompiled.get()
        let mia = try XCTUnwrap(compiled.pronunciations["mia"])
        XCTAssertTrue(mia.contains { $0.source == .cmudict })
        XCTAssertTrue(mia.contains { $0.language == .italian })
        XCTAssertGreaterThanOrEqual(compiled.dictionary["mia"]?.count ?? 0, 2)
        XCTAssertTrue(compiled.dictionaryText.contains("\nmia(2) "))
    }

    func testCompiledGrammarBuildsARealRecognizerAndWritesFiles() throws {
        let compiled = try studyCompiled.get()
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: compiled.grammar, pronunciations: compiled.dictionary)
        XCTAssertEqual(Set(recognizer.grammar.words), Set(compiled.dictionary.entries.keys))
        let dir = NSTemporaryDirectory() + "parlo-compile-\(getpid())"
        let paths = try compiled.write(to: dir)
        let gram = try String(contentsOfFile: paths.grammar, encoding: .utf8)
        XCTAssertTrue(gram.hasPrefix("#JSGF V1.0;"))
        XCTAssertTrue(gram.contains("public <command> ="))
        XCTAssertEqual(try JSGFGrammar(gram).words, compiled.grammar.words)
        try? FileManager.default.removeItem(atPath: dir)
    }

    func testUserPronunciationsOverrideAndBadPhonesAreReported() throws {
        let dir = NSTemporaryDirectory() + "parlo-user-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "commands:\n  c:\n    it: [apri la mappa]\n".write(toFile: dir + "/a.yaml", atomically: true, encoding: .utf8)
        try "mappa M AA P P AA\n".write(toFile: dir + "/pronunciations.dict", atomically: true, encoding: .utf8)
        let compiled = try CatalogCompiler(model: AcousticModel.locate()).compile(folder: dir)
        XCTAssertEqual(compiled.dictionary["mappa"], ["M AA P P AA"])
        XCTAssertEqual(compiled.pronunciations["mappa"]?.first?.source, .user)
        try "apri AA P R IY\nmappa M AA QQ AA\n".write(toFile: dir + "/pronunciations.dict", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try CatalogCompiler(model: AcousticModel.locate()).compile(folder: dir)) { e in
            XCTAssertTrue("\(e)".contains("pronunciations.dict:2:") && "\(e)".contains("QQ"), "\(e)")
        }
    }

    func testConfusablePairsAreFound() throws {
        let yaml = "commands:\n  a:\n    en: [open the map]\n  b:\n    en: [open the mop]\n  c:\n    en: [read faster]\n"
        let dir = NSTemporaryDirectory() + "parlo-conf-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try yaml.write(toFile: dir + "/a.yaml", atomically: true, encoding: .utf8)
        let report = CatalogReport(try CatalogCompiler(model: AcousticModel.locate()).compile(folder: dir))
        XCTAssertEqual(report.confusables.count, 1)
        XCTAssertEqual(Set([report.confusables.first?.first.command, report.confusables.first?.second.command]), ["a", "b"])
    }
}
