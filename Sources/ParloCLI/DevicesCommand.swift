import ArgumentParser
import Parlo

/// `parlo devices`: the capture and playback devices libasound knows.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List ALSA capture and playback devices (names for --device).")

    @OptionGroup var global: GlobalOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        _ = global.bootstrap()
        let devices = DeviceList.pcmDevices()
        if output.asJSON {
            let enc = JSONLinesEncoder()
            for d in devices { print(try enc.line(TaggedEvent(type: "device", payload: d))) }
            return
        }
        if !DeviceList.hasSoundCard {
            print("No sound card found: only virtual devices are available (use --input FILE to listen to a file).")
        }
        for (title, list) in [("Capture", devices.filter(\.capture)), ("Playback", devices.filter(\.playback))] {
            print("\(title) devices:")
            for d in list { print("  \(d.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(d.description)") }
        }
    }
}
