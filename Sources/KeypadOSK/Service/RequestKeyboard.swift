import Foundation
import KeypadCore

/// The keyboard keypad-osk shows on request (#35): a model input whose keypad is the full
/// keyboard (Resources/layouts/keyboard.json: letters, shifted letters, symbols, accented
/// letters, a number pad, Tab and the arrows), whose keys a ``KeyTyper`` types into whatever
/// has keyboard focus. The app tells nothing of its field, so the input's text stays unknown:
/// one character before the caret, so that Delete and the return key act.
@MainActor
final class RequestKeyboard: ForeignFieldOwner {
    /// The layout the keyboard shows.
    static let layoutID = "keyboard"

    let input = ForeignField()
    private let typer: any KeyTyper

    /// A keyboard in `scope`, typing through `typer`, with its labels in `locale`.
    init(typer: any KeyTyper, scope: ResponderScope, locale: Locale) {
        self.typer = typer
        let layout: KeypadLayout
        do {
            layout = try scope.layoutCatalog.layout(id: Self.layoutID)
        } catch {
            Log.warning("\(error.description) (the keyboard on request shows the default layout)")
            layout = scope.layoutCatalog.layout(for: .default)
        }
        input.inputView = Keypad(layout: layout, notificationCenter: scope.notificationCenter, locale: locale)
        input.owner = self
        resetMirror()
    }

    /// The keyboard hid: the typer puts back what it changed.
    func finish() {
        typer.finish()
    }

    private func resetMirror() {
        input.mirror(text: OSKService.unknownText, selection: NSRange(location: 1, length: 0))
    }

    // MARK: - ForeignFieldOwner

    func apply(_ range: NSRange, replacement: String) {
        defer { resetMirror() }
        guard input.isEditing else { return }
        if replacement.isEmpty {
            typer.type(.key(.backspace))
            IMTrace.write("key-event BackSpace")
            return
        }
        let strokes = TypedStroke.strokes(typing: replacement)
        let typed = strokes.filter { typer.type($0) }.count
        // The count alone: what is typed may be a password (a terminal's prompt).
        IMTrace.write("typed \(typed) of \(strokes.count)")
    }

    func pressReturn() {
        guard input.isEditing else { return }
        typer.type(.key(.returnKey))
        IMTrace.write("key-event Return")
    }
}
