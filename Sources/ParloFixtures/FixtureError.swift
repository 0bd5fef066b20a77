import ParloCore

/// Why a fixture set could not be generated.
public struct FixtureError: ParloError {
    public enum Code: Sendable { case emptyCatalog, cannotWrite, uncovered }
    public var code: Code
    public var detail: String
    public init(_ code: Code, _ detail: String) { self.code = code; self.detail = detail }
    public var message: String {
        switch code {
        case .emptyCatalog: return "\(detail) — add commands with sentences to the catalog (see grammars/study.yaml)"
        case .cannotWrite: return "\(detail) — check that the output folder is writable (--out)"
        case .uncovered: return "\(detail) — add a sentence using that slot to the command, or check the slot's phrases"
        }
    }
}
