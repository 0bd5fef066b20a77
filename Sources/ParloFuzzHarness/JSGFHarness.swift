import Foundation
import ParloRecognizer

/// A JSGF grammar (`parlo listen|batch --jsgf FILE`): Parlo's own word extraction, then
/// sphinxbase's parser and FSG compiler on the text exactly as a `Recognizer` hands it over.
enum JSGFHarness {
    static let target = FuzzTarget(name: "jsgf", maxLength: 4096) { data in
        do {
            try JSGFGrammar(String(decoding: data, as: UTF8.self)).compileWithSphinxbase()
        } catch {
            requireOneLine(error, "jsgf")
        }
    }
}
