import Foundation
import ParloRecognizer

/// How utterances are chosen for decoding.
public enum ListenMode {
    /// Every utterance the endpointer finds is decoded.
    case always
    /// Utterances are decoded only after `spotter` hears a wake phrase: one command per wake,
    /// or none if nothing is said within `timeout` seconds of stream time.
    case wake(KeyphraseSpotter, timeout: Double = 5)
    /// The user holds the floor with a switch (Enter in the terminal): everything between on
    /// and off is one utterance; the endpointer is not used.
    case pushToTalk

    public var name: String {
        switch self { case .always: "always"; case .wake: "wake"; case .pushToTalk: "ptt" }
    }
}

/// The push-to-talk switch: flipped from any thread (a terminal reader), read by the pipeline
/// at each chunk.
public final class PushToTalkSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var on = false

    public init() {}

    public var isOn: Bool { lock.lock(); defer { lock.unlock() }; return on }

    public func set(_ value: Bool) { lock.lock(); on = value; lock.unlock() }

    /// Flips the switch and returns the new state.
    @discardableResult
    public func toggle() -> Bool { lock.lock(); defer { lock.unlock() }; on.toggle(); return on }
}
