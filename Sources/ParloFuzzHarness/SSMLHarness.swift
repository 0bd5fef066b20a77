import Foundation
import ParloESpeak

/// `parlo say --ssml`: the caller's markup is parsed and rebuilt from the supported elements
/// before eSpeak NG sees it (`SSMLDocument`). Besides "no crash, one-line errors", the rebuilt
/// document must be a fixed point: parsed again it is unchanged and nothing more is removed,
/// so no markup can survive sanitising by hiding inside markup that was dropped.
enum SSMLHarness {
    static let target = FuzzTarget(name: "ssml", maxLength: 4096) { data in
        let clean: SSMLDocument
        do {
            clean = try SSMLDocument(String(decoding: data, as: UTF8.self))
        } catch {
            requireOneLine(error, "ssml")
            return
        }
        guard let again = try? SSMLDocument(clean.text) else {
            fatalError("ssml: the rebuilt document does not parse: \(clean.text.debugDescription)")
        }
        if again.text != clean.text || !again.removed.isEmpty {
            fatalError("ssml: sanitising twice changed the document: \(clean.text.debugDescription) → \(again.text.debugDescription)")
        }
    }
}
