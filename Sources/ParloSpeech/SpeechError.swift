import ParloCore

/// Why speech output failed.
public struct SpeechError: HintedError, Equatable {
    public enum Code: Sendable, Equatable {
        case unknownCharacter, badCharacterFile, sinkFailed, cannotReadText, stateFailed, readerGone
    }
    public var code: Code
    public var detail: String
    public init(_ code: Code, _ detail: String) { self.code = code; self.detail = detail }

    public var hint: String {
        switch code {
        case .unknownCharacter: "list characters with `parlo voices`"
        case .badCharacterFile: "check the YAML (see `parlo voices` for the fields)"
        case .sinkFailed: "check the output path is writable and the disk not full"
        case .cannotReadText: "check the file exists and is UTF-8 text or Markdown"
        case .stateFailed: "check $XDG_STATE_HOME (default ~/.local/state) is writable"
        case .readerGone: "the program reading it (a player?) ended first: keep it reading to the end"
        }
    }
}
