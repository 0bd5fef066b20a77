import Foundation
import ParloESpeak
import ParloSpeech

/// A document for `parlo read` (Markdown, then plain text): cut into blocks, sentences and
/// same-language parts, and made inert for eSpeak, as `ReadAloud` and the speech queue do.
enum ReadingHarness {
    static let target = FuzzTarget(name: "reading", maxLength: 4096) { data in
        let text = String(decoding: data, as: UTF8.self)
        for markdown in [true, false] {
            var blocks = TextBlockReader(text: text, markdown: markdown)
            blocks.maxBlock = 500              // small enough that fuzz inputs reach the cutting
            while let block = blocks.next() {
                for range in segmenter.sentences(in: block) {
                    for part in splitter.split(block, range: range) { _ = ESpeakText.inert(String(block[part.range])) }
                }
            }
        }
    }

    static let segmenter = SentenceSegmenter()
    static let splitter = LanguageSplitter()
}
