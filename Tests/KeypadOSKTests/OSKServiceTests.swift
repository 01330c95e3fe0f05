import Foundation
import KeypadCore
import KeypadGTK
import Testing

@testable import KeypadOSK

/// A front that records what the service asks of it.
@MainActor
final class RecordingClient: OSKClient {
    let traceName = "test"
    var calls: [String] = []
    func commit(_ text: String) { calls.append("commit \(text)") }
    func delete(_ range: NSRange) { calls.append("delete \(range.location),\(range.length)") }
    func backspace() { calls.append("backspace") }
    func pressReturn() { calls.append("return") }
    func moveFocus(forward: Bool) { calls.append(forward ? "next" : "previous") }
    func dismiss() { calls.append("dismiss") }
}

private func field(_ text: String?, caret: Int? = nil, length: Int = 0, type: KeyboardType = .numberPad) -> OSKField {
    let location = caret ?? text?.utf16.count ?? 0
    return OSKField(
        traits: TextInputTraits(keyboardType: type), text: text, selection: NSRange(location: location, length: length))
}

/// Whether this process runs the service's tests: `make test` runs them in a process of their
/// own (`KEYPAD_OSK_SERVICE_TESTS=1`). Their GTK keypad windows and main-loop turns, run beside
/// KeypadGTKTests' serialized suite in one process, made that suite's real X taps miss.
nonisolated let runsServiceTests = ProcessInfo.processInfo.environment["KEYPAD_OSK_SERVICE_TESTS"] != nil

/// The service's model: what each key asks of the focused client (GTK is needed for the
/// keypad's window, which never shows here: no key is tapped, the input is driven directly).
@Suite("keypad-osk's service", .serialized, .enabled(if: runsServiceTests))
@MainActor
struct OSKServiceTests {
    init() { _ = KeypadHost.initializeGTK() }

    @Test("Typing commits to the client and the mirror follows at once")
    func typing() throws {
        let service = OSKService(configuration: OSKConfiguration())
        let client = RecordingClient()
        service.focusIn(client, field: field("12"))
        let input = try #require(service.editingInput)
        #expect(input.traits.keyboardType == .numberPad)
        input.insertText("3")
        input.insertText("4")
        #expect(client.calls == ["commit 3", "commit 4"])
        #expect(input.text == "1234")
        #expect(input.selectedRange == NSRange(location: 4, length: 0))
    }

    @Test("Delete: the grapheme before the caret, the selection, or BackSpace where the text is unknown")
    func deleting() throws {
        let service = OSKService(configuration: OSKConfiguration())
        let client = RecordingClient()
        service.focusIn(client, field: field("1😀"))
        try #require(service.editingInput).deleteBackward()
        service.update(client, field: field("abcd", caret: 1, length: 2, type: .default))
        try #require(service.editingInput).deleteBackward()
        service.update(client, field: field(nil))
        try #require(service.editingInput).deleteBackward()
        #expect(client.calls == ["delete 1,2", "delete 1,2", "backspace"])
        #expect(service.editingInput?.traits.keyboardType == .numberPad)
    }

    @Test("Done tells the client (Dismiss); the service's own ends do not")
    func dismissal() throws {
        let service = OSKService(configuration: OSKConfiguration())
        let client = RecordingClient()
        service.focusIn(client, field: field("5"))
        service.setVisible(false)  // sm.puri.OSK0: the shell hid it
        service.setVisible(true)
        var inhibited = field("5")
        inhibited.wantsKeypad = false
        service.update(client, field: inhibited)  // INHIBIT_OSK
        #expect(client.calls.isEmpty)
        service.focusIn(client, field: field("5"))
        try #require(service.editingInput).resignFirstResponder()  // the toolbar's done, the dismiss key
        #expect(client.calls == ["dismiss"])
        #expect(service.editingInput == nil)
    }

    @Test("Previous and next move the client's focus when its field is in a focus chain, else are disabled")
    func focusChain() throws {
        let service = OSKService(configuration: OSKConfiguration())
        let client = RecordingClient()
        var chained = field("5")
        chained.hasFocusChain = true
        service.focusIn(client, field: chained)
        let input = try #require(service.editingInput)
        let toolbar = try #require(input.inputAccessoryView as? AccessoryToolbar)
        #expect(toolbar.goNext() == false && toolbar.goPrevious() == false)  // stand-ins never edit
        #expect(client.calls == ["next", "previous"])
        #expect(service.editingInput === input)
        service.focusIn(client, field: field("6"))
        let alone = try #require(service.editingInput)
        let bar = try #require(alone.inputAccessoryView as? AccessoryToolbar)
        #expect(!bar.canGoNext && !bar.canGoPrevious)
        #expect(client.calls == ["next", "previous"])
        var first = field("7")
        first.hasNextField = true  // the first of its window's fields
        service.focusIn(client, field: first)
        let firstBar = try #require(service.editingInput?.inputAccessoryView as? AccessoryToolbar)
        #expect(firstBar.canGoNext && !firstBar.canGoPrevious)
        var last = field("8")
        last.hasPreviousField = true
        service.focusIn(client, field: last)
        let lastBar = try #require(service.editingInput?.inputAccessoryView as? AccessoryToolbar)
        #expect(!lastBar.canGoNext && lastBar.canGoPrevious)
    }

    @Test("The return key presses Return in the client")
    func returnKey() throws {
        let service = OSKService(configuration: OSKConfiguration())
        let client = RecordingClient()
        service.focusIn(client, field: field("5"))
        try #require(service.editingInput).performReturn()
        #expect(client.calls == ["return"])
    }

    @Test("Another client's field takes the keypad over; the first gets no more edits")
    func takeover() throws {
        let service = OSKService(configuration: OSKConfiguration())
        let first = RecordingClient()
        let second = RecordingClient()
        service.focusIn(first, field: field("1"))
        service.focusIn(second, field: field("", type: .phonePad))
        let input = try #require(service.editingInput)
        #expect(input.traits.keyboardType == .phonePad)
        input.insertText("9")
        service.update(first, field: field("77", type: .decimalPad))
        #expect(first.calls.isEmpty)
        #expect(second.calls == ["commit 9"])
        #expect(service.editingInput?.traits.keyboardType == .phonePad)
    }

    @Test("A client that vanishes leaves nothing editing, and its edits go nowhere")
    func vanished() {
        let service = OSKService(configuration: OSKConfiguration())
        let client = RecordingClient()
        service.focusIn(client, field: field("1"))
        service.clientVanished(client)
        #expect(service.editingInput == nil)
        service.setVisible(true)
        #expect(service.editingInput == nil)
    }

    @Test("A secure field's title is dropped")
    func secureTitle() {
        let traits = TextInputTraits(keyboardType: .default, isSecureTextEntry: true)
        #expect(OSKField(traits: traits, title: "PIN 1234").title == nil)
        #expect(OSKField(title: "Amount").title == "Amount")
    }
}
