import ParloCore

/// A piece of captured speech-format audio (16 kHz mono Int16) and where it sits in the stream.
public struct AudioChunk: Sendable, Equatable {
    public var samples: [Int16]
    /// Absolute index of the first sample since the capture started.
    public var start: Int

    public init(samples: [Int16], start: Int) { self.samples = samples; self.start = start }

    /// Absolute index one past the last sample.
    public var end: Int { start + samples.count }
    /// Stream time at the end of the chunk, seconds.
    public var endTime: Double { SpeechFormat.seconds(end) }
}
