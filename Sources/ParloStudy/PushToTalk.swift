import ParloCapture
import Synchronization

/// Push-to-talk: the microphone counts only while a talk button is held.
///
/// For a noisy room or a student who talks aloud while reading: hands-free listening hears
/// everything and the grammar must reject it, where a held button says "this is for Parlo".
/// While the button is up, `StudyListener` hands the decoders silence of the same length, not
/// nothing: the endpointer's clock keeps running, so releasing the button ends the utterance
/// after the usual hangover and the command fires, as after a pause in speech.
public final class PushToTalk: Sendable {
    private let held = Mutex(false)

    public init() {}

    /// Whether the button is down now.
    public var isHeld: Bool { held.withLock { $0 } }

    /// The button went down (true) or up (false).
    public func set(held down: Bool) { held.withLock { $0 = down } }

    /// `chunk` as the decoders should hear it: itself while held, else silence as long.
    public func gate(_ chunk: AudioChunk) -> AudioChunk {
        guard !isHeld else { return chunk }
        var silent = chunk
        silent.samples = [Int16](repeating: 0, count: chunk.samples.count)
        return silent
    }
}
