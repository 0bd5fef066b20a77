/// Why the desk could not be served, in a line the student can act on.
public struct DeskError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
