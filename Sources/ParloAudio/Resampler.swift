import CSoxr
import ParloCore

/// A streaming libsoxr resampler for mono float samples; owns the `soxr_t`.
public final class Resampler {
    private let handle: soxr_t
    public let inputRate: Int
    public let outputRate: Int
    private var output: [Float] = []

    public init(from inputRate: Int, to outputRate: Int) throws {
        var error: soxr_error_t? = nil
        var io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        guard let h = soxr_create(Double(inputRate), Double(outputRate), 1, &error, &io, &quality, nil),
              error == nil else {
            let reason = error.map { String(cString: $0) } ?? "unknown error"
            throw AudioError(.resampler, path: "", "cannot resample \(inputRate) → \(outputRate) Hz: \(reason)")
        }
        handle = h
        self.inputRate = inputRate
        self.outputRate = outputRate
    }

    deinit { soxr_delete(handle) }

    /// Resamples a block; pass an empty block once at the end to flush what libsoxr holds back.
    public func process(_ input: [Float]) throws -> [Float] {
        let flushing = input.isEmpty
        var result: [Float] = []
        var offset = 0
        let capacity = Int(Double(max(input.count, 256)) * Double(outputRate) / Double(inputRate)) + 64
        if output.count < capacity { output = [Float](repeating: 0, count: capacity) }
        repeat {
            var consumed = 0
            var produced = 0
            let error: soxr_error_t? = input.withUnsafeBufferPointer { inBuf in
                output.withUnsafeMutableBufferPointer { outBuf in
                    soxr_process(handle,
                                 flushing ? nil : UnsafeRawPointer(inBuf.baseAddress! + offset),
                                 flushing ? 0 : input.count - offset, &consumed,
                                 outBuf.baseAddress, outBuf.count, &produced)
                }
            }
            if let error { throw AudioError(.resampler, path: "", String(cString: error)) }
            offset += consumed
            result.append(contentsOf: output[0..<produced])
            if flushing && produced == 0 { break }
            if !flushing && offset >= input.count && produced < output.count { break }
        } while true
        return result
    }
}
