/// Parlo's version, in one place: `parlo --version` prints it and the man page's footer is
/// made from that output, so a release changes this line only.
public enum ParloVersion {
    public static let current = "0.6.0"
}
