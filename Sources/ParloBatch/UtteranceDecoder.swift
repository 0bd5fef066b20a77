import ParloCatalog
import ParloRecognizer

/// What a batch worker decodes with: a plain grammar recognizer or a catalog recognizer.
///
/// Short files go to `decodeUtterance` whole; long files are streamed through `recognizer`
/// and cut at pauses (see `FileDecoder`).
public protocol UtteranceDecoder: AnyObject {
    /// The streaming decoder (also reset between files).
    var recognizer: Recognizer { get }
    /// Decodes one whole utterance.
    func decodeUtterance(_ samples: [Int16]) throws -> Recognition
}

extension Recognizer: UtteranceDecoder {
    public var recognizer: Recognizer { self }
    public func decodeUtterance(_ samples: [Int16]) throws -> Recognition { try decode(samples) }
}

extension CatalogRecognizer: UtteranceDecoder {
    public var recognizer: Recognizer { primary }
    public func decodeUtterance(_ samples: [Int16]) throws -> Recognition { try decode(samples) }
}
