import ArgumentParser
import Foundation
import KeypadCore
import ModelTapWorkload

/// `keypad-bench FIELDS CHARACTERS TAPS`: taps the headless model (``ModelTapFixture``)
/// `TAPS` times and exits — no clock and no statistics. With `--post-alone` it makes,
/// instead of each tap, only the tap's Foundation post of `textDidChangeNotification`
/// (same center, name, object and observers): the part of a tap no keypad code can cut. scripts/benchmarks/bench runs it under
/// callgrind twice (with no taps and with TAPS taps) and divides the difference in
/// instructions by TAPS: instructions per tap, stable on a loaded machine. Time and
/// allocations per tap come from the ModelTaps benchmarks (Benchmarks/Model).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keypad-bench",
        abstract: "Taps the headless model through binder, field, delegate and notifications, for callgrind.",
        discussion: "Prints nothing on success; exits 1 if a tap did not change the text.",
        version: KeypadVersion.current)

    @Argument(help: "Fields in the scope.")
    var fields: Int

    @Argument(help: "Characters in the edited field before the taps.")
    var characters: Int

    @Argument(help: "Taps to make (0 measures the set-up alone).")
    var taps: Int

    @Flag(help: "Post the tap's textDidChange notification TAPS times instead of tapping.")
    var postAlone = false

    func validate() throws {
        guard fields >= 1, characters >= 0, taps >= 0 else {
            throw ValidationError("fields must be at least 1, characters and taps at least 0")
        }
    }
}

let command = BenchCommand.parseOrExit()
let everyTapChanged = MainActor.assumeIsolated {
    let fixture = ModelTapFixture(fields: command.fields, characters: command.characters)
    if command.postAlone {
        fixture.postTextDidChange(command.taps)
        return true
    }
    fixture.tap(command.taps)
    return fixture.everyTapChanged
}
if !everyTapChanged {
    FileHandle.standardError.write(Data("keypad-bench: a tap did not change the text\n".utf8))
    exit(1)
}
