import Foundation
import KeypadCore
import KeypadGTK
import Testing

@testable import KeypadOSK

/// A typer that records the strokes it is asked for.
@MainActor
private final class RecordingTyper: KeyTyper {
    var strokes: [TypedStroke] = []
    var finishes = 0
    func type(_ stroke: TypedStroke) -> Bool {
        strokes.append(stroke)
        return true
    }
    func finish() { finishes += 1 }
}

/// The keyboard on request in the service (#35): what shows, where the keys go, what `Visible`
/// says. GTK is needed for the keypad's window, which never shows here: the inputs are driven directly.
@Suite("keypad-osk's keyboard on request", .serialized, .enabled(if: runsServiceTests))
@MainActor
struct RequestKeyboardOSKServiceTests {
    init() { _ = KeypadHost.initializeGTK() }

    private func service() -> (OSKService, RecordingTyper) {
        let service = OSKService(configuration: OSKConfiguration())
        let typer = RecordingTyper()
        service.useTyper(typer)
        return (service, typer)
    }

    @Test("SetVisible(true) with no field shows the keyboard; its keys are typed, Delete and Return as keys")
    func typing() throws {
        let (service, typer) = service()
        var visibility: [Bool] = []
        service.visibilityChanged = { visibility.append($0) }
        service.setVisible(true)
        let input = try #require(service.keyboard?.input)
        #expect(input.isEditing)
        #expect((input.inputView as? Keypad)?.layout.id == "keyboard")
        #expect(service.isVisible)
        input.insertText("hé€")
        input.insertText("\u{F704}")
        input.deleteBackward()
        input.performReturn()
        #expect(
            typer.strokes == [
                .character(0x68), .character(0xE9), .character(0x20AC), .key(.tab), .key(.backspace),
                .key(.returnKey),
            ])
        service.setVisible(false)
        #expect(!input.isEditing)
        #expect(!service.isVisible)
        #expect(visibility == [true, false])
        #expect(typer.finishes == 1)
    }

    @Test("A field takes focus over the keyboard with its own pad; when it loses focus the keyboard comes back")
    func fieldBetween() throws {
        let (service, typer) = service()
        service.setVisible(true)
        let keyboard = try #require(service.keyboard?.input)
        // The keyboard types into whatever has focus, perhaps a password prompt: the trace names
        // none of its keys; the field's own pad names them (its app marks its secure fields).
        #expect(service.stage?.concealsKeys == true)
        let client = RecordingClient()
        service.focusIn(client, field: OSKField(traits: TextInputTraits(keyboardType: .numberPad), text: ""))
        let field = try #require(service.editingInput)
        #expect(!keyboard.isEditing)
        #expect(service.stage?.concealsKeys == false)
        field.insertText("7")
        #expect(client.calls == ["commit 7"])
        #expect(typer.strokes.isEmpty)
        service.focusOut(client)
        // Editing ends once the main loop is idle (a move between fields is one move).
        #expect(!keyboard.isEditing)
        #expect(MainLoop.run(until: { keyboard.isEditing }))
        #expect(service.editingInput == nil)
        #expect(service.isVisible)
        #expect(service.stage?.concealsKeys == true)
    }

    @Test("The keyboard's Dismiss withdraws the request: a field that comes and goes leaves nothing shown")
    func dismiss() throws {
        let (service, _) = service()
        service.setVisible(true)
        let keyboard = try #require(service.keyboard?.input)
        keyboard.resignFirstResponder()  // what the toolbar's Dismiss does
        #expect(!service.isVisible)
        let client = RecordingClient()
        service.focusIn(client, field: OSKField(traits: TextInputTraits(keyboardType: .numberPad), text: ""))
        #expect(service.editingInput != nil)
        service.clientVanished(client)
        #expect(!keyboard.isEditing)
        #expect(!service.isVisible)
    }

    @Test("A terminal's field keeps the keyboard shown on request")
    func terminal() throws {
        let (service, _) = service()
        let client = RecordingClient()
        var terminal = OSKField(text: nil)
        terminal.isTerminal = true
        service.focusIn(client, field: terminal)
        #expect(service.editingInput != nil)
        service.setVisible(true)
        #expect(service.editingInput == nil)
        #expect(try #require(service.keyboard?.input).isEditing)
    }
}
