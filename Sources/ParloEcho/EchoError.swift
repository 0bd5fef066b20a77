import ParloCore

/// Why echo cancellation or noise suppression (both libspeexdsp) could not be set up.
public struct EchoError: HintedError, Equatable {
    public enum Code: Sendable, Equatable {
        /// libspeexdsp refused the frame size, tail or rate.
        case badConfiguration
        /// The far-end (played) audio could not be resampled to 16 kHz.
        case resampling
        /// libspeexdsp refused the noise suppressor's frame size, rate or level.
        case badSuppressorConfiguration
    }
    public var code: Code
    public var detail: String
    public init(_ code: Code, _ detail: String) { self.code = code; self.detail = detail }

    public var hint: String {
        switch code {
        case .badConfiguration: "use a 10–20 ms frame and a 100–500 ms tail at 16 kHz, or run without echo cancellation (--no-echo-cancel)"
        case .resampling: "this is a libsoxr failure; run without echo cancellation (--no-echo-cancel) and report it"
        case .badSuppressorConfiguration: "use a 10–20 ms frame (160 or 320 samples at 16 kHz) and a suppression between -1 and -60 dB, or run without it (--denoise off)"
        }
    }
}
