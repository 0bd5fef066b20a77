import Foundation

/// Where Parlo's data is — the command catalog, the sample study materials, the character
/// voices — by one rule for every command and library default.
///
/// An installed `parlo` must work from any folder, and a checkout's must keep working from the
/// checkout without installing; before this rule each command had its own default (a relative
/// `grammars`, a SwiftPM resource path baked into the binary), so a binary run anywhere else
/// failed. The order, first found wins:
/// 1. the command-line option;
/// 2. the item's environment variable (`PARLO_GRAMMARS`, `PARLO_SAMPLE`, `PARLO_CHARACTERS`);
/// 3. `$XDG_CONFIG_HOME/parlo/NAME` (default `~/.config/parlo/NAME`): the user's own copy;
/// 4. `$XDG_DATA_HOME/parlo/NAME` (XDG_DATA_HOME defaults to ~/.local/share): a `make install PREFIX=~/.local`;
/// 5. `DIR/parlo/NAME` for each DIR of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`);
/// 6. `share/parlo/NAME` beside the executable's `bin/`: an install under any other prefix;
/// 7. the checkout, when the current folder is one (it has `grammars/`).
///
/// An environment variable naming nothing is an error, not a step to skip: the user asked for
/// that path. The environment, home, current folder and executable are injected so the rule is
/// testable without touching the real ones.
public struct DataLocator: Sendable {
    /// One kind of data and where each step looks for it.
    public struct Item: Sendable {
        /// Its name under `parlo/` in the config and data folders (`grammars`, `sample`, …).
        public var name: String
        /// What it is, in words for an error line.
        public var what: String
        /// The environment variable that names it.
        public var variable: String
        /// Its path inside a checkout, or nil when a checkout has none.
        public var checkoutPath: String?
        /// A folder (catalog, materials) or a file (characters.yaml).
        public var isFolder: Bool
        /// How to give it on the command line, for the error's hint.
        public var option: String

        public init(name: String, what: String, variable: String, checkoutPath: String?, isFolder: Bool, option: String) {
            self.name = name; self.what = what; self.variable = variable
            self.checkoutPath = checkoutPath; self.isFolder = isFolder; self.option = option
        }

        /// The command catalog: `*.yaml` and an optional `pronunciations.dict`.
        public static let grammars = Item(name: "grammars", what: "command catalog", variable: "PARLO_GRAMMARS",
                                          checkoutPath: "grammars", isFolder: true, option: "--grammar FOLDER")
        /// The study materials used when no study folder is given.
        public static let sample = Item(name: "sample", what: "sample study materials", variable: "PARLO_SAMPLE",
                                        checkoutPath: "Sources/ParloStudy/Resources/sample", isFolder: true,
                                        option: "a study FOLDER")
        /// Character voice overrides; optional (the built-in voices stand without it).
        public static let characters = Item(name: "characters.yaml", what: "character voices", variable: "PARLO_CHARACTERS",
                                            checkoutPath: nil, isFolder: false, option: "--characters FILE")
        /// The user's adaptation of the acoustic model (`parlo adapt` writes it to the config
        /// folder); optional: without it the model is used as shipped.
        public static let adaptation = Item(name: "adaptation.mllr", what: "model adaptation", variable: "PARLO_ADAPTATION",
                                            checkoutPath: nil, isFolder: false, option: "--adaptation FILE")
    }

    /// The folder a checkout's current directory has, which tells a checkout from any folder.
    public static let checkoutMarker = "grammars"
    /// `$XDG_DATA_DIRS` when unset, as the XDG Base Directory specification says.
    public static let defaultDataDirs = "/usr/local/share:/usr/share"

    /// Where the variables come from (PARLO_*, XDG_*, HOME).
    public var environment: [String: String]
    /// The user's home: `~/.config`, `~/.local/share` and `~/Study` are under it.
    public var home: String
    /// Tells whether parlo runs in a checkout, whose data is the last step.
    public var currentDirectory: String
    /// The running executable's path; the `share` folder beside its `bin` is step 6.
    public var executable: String?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                home: String? = nil,
                currentDirectory: String = FileManager.default.currentDirectoryPath,
                executable: String? = Bundle.main.executablePath) {
        // $HOME first: Foundation's NSHomeDirectory() ignores it for root, so a test or a
        // `HOME=… parlo` could not move the config folder.
        self.environment = environment
        self.home = home ?? environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        self.currentDirectory = currentDirectory; self.executable = executable
    }

    /// The student's own materials, `~/Study`, when that folder exists: `parlo study` without a
    /// folder prefers them to the sample.
    public var homeStudyFolder: String? {
        let path = home + "/Study"
        return exists(path, folder: true) ? path : nil
    }

    /// The paths looked at for `item` after the option and the variable, in order.
    public func candidates(_ item: Item) -> [String] {
        func xdg(_ name: String, _ fallback: String) -> String {
            guard let v = environment[name], v.hasPrefix("/") else { return fallback }
            return v
        }
        var dirs = [xdg("XDG_CONFIG_HOME", home + "/.config"), xdg("XDG_DATA_HOME", home + "/.local/share")]
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultDataDirs
        dirs += dataDirs.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        if let executable {
            let bin = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
            dirs.append(bin.deletingLastPathComponent().appendingPathComponent("share").path)
        }
        var paths = dirs.map { "\($0)/parlo/\(item.name)" }
        if let inside = item.checkoutPath, exists(currentDirectory + "/" + Self.checkoutMarker, folder: true) {
            paths.append(currentDirectory + "/" + inside)
        }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// The path of `item`: the option when given, else the first step that has it, else nil.
    /// Throws when the environment variable names nothing usable.
    public func find(_ item: Item, option: String? = nil) throws -> String? {
        if let option { return option }
        if let named = environment[item.variable], !named.isEmpty {
            guard exists(named, folder: item.isFolder) else {
                throw DataLocatorError("\(item.variable)=\(named) is not a \(item.isFolder ? "folder" : "file") — point it at the \(item.what) or unset it")
            }
            return named
        }
        return candidates(item).first { exists($0, folder: item.isFolder) }
    }

    /// Where the user's own copy of `item` goes: `$XDG_CONFIG_HOME/parlo/NAME`.
    public func userPath(_ item: Item) -> String { candidates(item)[0] }

    /// The path of `item`, or an error line naming where it looked and what to do.
    public func require(_ item: Item, option: String? = nil) throws -> String {
        if let found = try find(item, option: option) { return found }
        let looked = ["$\(item.variable)"] + candidates(item).map(tilde)
        let checkout = item.checkoutPath.map { "; from a checkout, run parlo in its top folder (\($0) there)" } ?? ""
        throw DataLocatorError("no \(item.what) found (looked in \(looked.joined(separator: ", "))) — install Parlo (make install) or give \(item.option)\(checkout)")
    }

    /// `path` with the home folder written as `~`, to keep the error line short.
    private func tilde(_ path: String) -> String {
        path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }

    private func exists(_ path: String, folder: Bool) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue == folder
    }
}

/// Data Parlo needs was found nowhere, or an environment variable names nothing.
public struct DataLocatorError: ParloError, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
