import ParloCore

extension SpeechLevel {
    /// The gain (dB) that `standardised` would apply to the whole of the file at `path`, read
    /// through once block by block (`Meter`: constant memory, however long the file), for audio
    /// that is then played or decoded in pieces. The file's DC offset is left out of the measure
    /// (`DCBlocker`), as every stage that hears the audio takes it away.
    public static func standardisingGainDB(ofFile path: String, raw: RawFormat? = nil) throws -> Double {
        let reader = try AudioFileReader(path: path, raw: raw)
        var meter = Meter()
        let blocker = DCBlocker()
        while let block = try reader.nextBlock() { meter.add(blocker.process(block[...])) }
        return meter.standardisingGainDB
    }
}
