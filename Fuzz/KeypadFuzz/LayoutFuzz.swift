import Foundation
import KeypadCore

/// The layout loader under fuzzing: any bytes give a layout within ``KeypadLayout/Limits``
/// or a named, one-line ``LayoutError``; a catalog serving the file always finds a
/// layout; a keypad showing it survives every key being tapped.
@MainActor
public enum LayoutFuzz {
    /// Runs one input; a broken invariant stops the process.
    @MainActor
    public static func run(_ data: Data) {
        let layout: KeypadLayout
        do {
            layout = try KeypadLayout.decode(data, fileName: "fuzz.json")
        } catch {
            check(error)
            checkCatalog(data)
            return
        }
        check(layout)
        checkCatalog(data)
        tapEveryKey(of: layout)
    }

    private static func check(_ error: LayoutError) {
        let line = error.description
        require(line.count <= LayoutError.maximumDescriptionLength + 1, "an error line of \(line.count) characters")
        require(
            !line.unicodeScalars.contains { $0.properties.generalCategory == .control },
            "a control character in \(line)")
        require(error.line.map { $0 >= 1 } ?? true, "line \(String(describing: error.line))")
    }

    private static func check(_ layout: KeypadLayout) {
        typealias Limits = KeypadLayout.Limits
        require(!layout.pages.isEmpty && layout.pages.count <= Limits.maximumPages, "\(layout.pages.count) pages")
        require(Limits.rowHeights.contains(layout.rowHeight), "row height \(layout.rowHeight)")
        for page in layout.pages {
            require(!page.rows.isEmpty && page.rows.count <= Limits.maximumRows, "\(page.rows.count) rows")
            for row in page.rows {
                require(!row.isEmpty && row.count <= Limits.maximumKeysPerRow, "\(row.count) keys in a row")
                require(row.reduce(0) { $0 + $1.width } <= Limits.maximumRowWidth, "a row too wide")
                for key in row {
                    require(Limits.keyWidths.contains(key.width), "key width \(key.width)")
                    require(key.label.count <= Limits.maximumLabelLength, "a label of \(key.label.count)")
                    for text in [key.id, key.label, key.accessibleName] + key.alternatives.map(inserted) + [
                        inserted(key.action)
                    ] {
                        require(
                            !text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "control text")
                    }
                }
            }
        }
    }

    private static func inserted(_ action: KeyAction) -> String {
        if case .insert(let text) = action { text } else { "" }
    }

    /// The same bytes as an override file, served from memory under every name a switch key might use.
    private static func checkCatalog(_ data: Data) {
        let directory = URL(fileURLWithPath: "/fuzz")
        let files = LayoutFileSystem(
            contentsOfDirectory: { _ in [directory.appendingPathComponent("numberPad.json")] },
            stamp: { _ in LayoutFileSystem.Stamp(size: data.count, modified: .distantPast) },
            read: { _, limit in data.prefix(limit) })
        let catalog = LayoutCatalog(overrideDirectory: directory, fileSystem: files)
        require(!catalog.layout(for: .numberPad).pages.isEmpty, "no layout for the number pad")
        require((try? catalog.layout(id: "numberPad")) != nil, "no layout named numberPad")
        for problem in catalog.problems { check(problem) }
    }

    @MainActor
    private static func tapEveryKey(of layout: KeypadLayout) {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        let field = TextField()
        field.maximumUTF8Length = 256
        let keypad = Keypad(layout: layout, notificationCenter: scope.notificationCenter)
        field.inputView = keypad
        scope.add(field)
        field.becomeFirstResponder()
        var time = Duration.zero
        for page in layout.pages {
            keypad.showPage(page.id)
            for id in keypad.rows.joined().map(\.id) {
                keypad.pressKey(id, at: time)
                time += .milliseconds(600)
                keypad.advance(to: time)
                keypad.releaseKey(id, at: time)
            }
        }
        require(field.text.utf8.count <= 256, "the field passed its limit")
    }
}
