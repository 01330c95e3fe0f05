import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

/// The X windows titled `title` that are on screen, found through xdotool.
private func visibleWindows(titled title: String) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    process.arguments = ["search", "--onlyvisible", "--name", "^\(title)$"]
    let output = Pipe()
    process.standardOutput = output
    do {
        try process.run()
        process.waitUntilExit()
    } catch {
        Issue.record("xdotool search: \(error)")
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return text.split(separator: "\n").map(String.init)
}

extension GTKTests {
    @Test("closing the app window also closes the keypad's own window")
    func keypadWindowClosesWithApp() {
        let session = GTKSession(placement: .window)
        let amount = session.field("Amount")
        session.show()
        session.click(amount)
        session.settle()
        #expect(visibleWindows(titled: "Keypad").count == 1, "the keypad window is not on screen")
        session.close()  // at once, not after the keypad's 250 ms slide out
        #expect(visibleWindows(titled: "Keypad").isEmpty, "the keypad window outlived the app window")
    }
}
