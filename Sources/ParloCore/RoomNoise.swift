/// Quiet, deterministic room noise (uniform, about −56 dBFS) for recordings made in code.
///
/// A real room is never digitally silent, and an endpointer needs a noise floor to measure;
/// scripted sessions and listening tests put this between utterances. (Tiling a piece of a
/// recording's background instead makes clicks at the joins that PocketSphinx hears as words.)
/// `seed` advances, so consecutive calls continue one noise.
public enum RoomNoise {
    public static func samples(_ count: Int, seed: inout UInt64) -> [Int16] {
        (0..<count).map { _ in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int16(Int(seed >> 55) - 256) / 3
        }
    }
}
