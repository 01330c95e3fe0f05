import Foundation
import KeypadCore
import Testing

extension Keypad {
    /// The key whose accessible name is `name` on the page shown.
    func key(named name: String) -> KeypadKey? {
        rows.joined().first { $0.accessibleName == name }
    }

    /// Taps the key named `name`, failing the test if there is none.
    func tap(_ name: String, at time: Duration = .zero, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let key = key(named: name) else {
            Issue.record("no key named \(name)", sourceLocation: sourceLocation)
            return
        }
        tapKey(key.id, at: time)
    }

    /// Presses (without releasing) the key named `name`.
    func press(_ name: String, at time: Duration, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let key = key(named: name) else {
            Issue.record("no key named \(name)", sourceLocation: sourceLocation)
            return
        }
        pressKey(key.id, at: time)
    }

    /// Releases the key named `name`.
    func release(_ name: String, at time: Duration) {
        guard let key = key(named: name) else { return }
        releaseKey(key.id, at: time)
    }

    /// The labels of the digit keys, in layout order.
    var digitLabels: [String] {
        rows.joined().filter { $0.role == .digit }.map(\.label)
    }
}

/// A bundled layout, failing the test if it does not load.
func bundledLayout(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) -> KeypadLayout? {
    do {
        return try KeypadLayout.bundled(id: id)
    } catch {
        Issue.record("layout \(id): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A fresh temporary directory holding `files` (name → contents); the caller removes it.
func layoutDirectory(with files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, contents) in files { try Data(contents.utf8).write(to: url.appendingPathComponent(name)) }
    return url
}

/// A field named "F" (en_US) editing on its own keypad, in a scope of its own, with the
/// keypad's changes from then on recorded.
@MainActor
final class KeypadForm {
    let scope = ResponderScope(notificationCenter: NotificationCenter())
    let field: TextField
    let keypad: Keypad
    private var changes: [Keypad.Change] = []

    /// - Parameters:
    ///   - layout: the keypad's layout; its labels are English and its scrambling seeded.
    ///   - traits: the field's traits.
    ///   - text: the field's text before it begins editing.
    init(_ layout: KeypadLayout, traits: TextInputTraits = TextInputTraits(), text: String = "") {
        field = TextField(text: text, traits: traits)
        field.accessibilityLabel = "F"
        field.locale = Locale(identifier: "en_US")
        keypad = Keypad(
            layout: layout, notificationCenter: scope.notificationCenter, locale: Locale(identifier: "en"),
            random: SeededGenerator(seed: 1))
        field.inputView = keypad
        scope.add(field)
        field.becomeFirstResponder()
        keypad.addObserver { [unowned self] in changes.append($0) }
    }

    /// The form on the bundled layout `layoutID`.
    convenience init(
        _ layoutID: String, traits: TextInputTraits = TextInputTraits(), text: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        self.init(try #require(bundledLayout(layoutID), sourceLocation: sourceLocation), traits: traits, text: text)
    }

    /// The changes since the last call.
    func takeChanges() -> [Keypad.Change] {
        defer { changes.removeAll() }
        return changes
    }

    /// The key events (activated, rejected) since the last call to ``takeChanges()``.
    var keyEvents: [Keypad.Change] {
        changes.filter {
            switch $0 {
            case .keyActivated, .keyRejected: true
            default: false
            }
        }
    }
}
