import Foundation

/// A keypad's keys as data: pages of rows of keys.
///
/// Built-in layouts live in `Resources/layouts/` (their format is documented in
/// `Resources/layouts/README.md`); an app can load its own file with
/// ``load(contentsOf:)``. A layout is a plain value: a ``Keypad`` resolves its
/// run-time parts (return title, decimal separator, scrambled digits).
public struct KeypadLayout: Equatable, Sendable {
    /// The layout's name, e.g. "numberPad"; bundled files are named after it.
    public var id: String
    /// The keyboard types this layout serves as the default keypad.
    public var keyboardTypes: [KeyboardType]
    /// The height of one row, in points.
    public var rowHeight: Double
    /// The pages; the first shows first. Never empty.
    public var pages: [Page]

    /// The page shown first.
    public var initialPage: Page { pages[0] }

    /// The page named `id`, if the layout has one.
    public func page(id: String) -> Page? { pages.first { $0.id == id } }

    /// One screen of keys.
    public struct Page: Equatable, Sendable {
        /// The page's name, the target of `switchPage` keys.
        public var id: String
        /// Rows from top to bottom, keys from left to right.
        public var rows: [[Key]]
    }

    /// One key.
    public struct Key: Equatable, Sendable, Identifiable {
        /// The key's name, unique within its page.
        public var id: String
        /// What pressing it does.
        public var action: KeyAction
        /// The text on the key; empty for keys labelled at run time (return, decimal separator).
        public var label: String
        /// The name assistive technology reads, unique within its page.
        public var accessibleName: String
        /// A key into `Keypad.strings` that localizes ``accessibleName`` at run time, if any.
        public var accessibleNameKey: String?
        /// The key's width relative to a plain key (1).
        public var width: Double
        /// What kind of key it is, for styling and behaviour.
        public var role: KeyRole
        /// What a long press offers instead.
        public var alternatives: [KeyAction]
    }
}

/// What a key does.
public enum KeyAction: Hashable, Sendable {
    /// Inserts the text.
    case insert(String)
    /// Deletes the selection or the grapheme before the cursor.
    case deleteBackward
    /// Runs the input's return action (its title comes from the input's return key type).
    case `return`
    /// Ends editing, hiding the keypad.
    case dismiss
    /// Shows another page of the same layout.
    case switchPage(String)
    /// Shows another layout, found by name in the scope's ``LayoutCatalog``, until the input ends editing.
    case switchLayout(String)
    /// Inserts the input's locale decimal separator, at most once per input.
    case decimalSeparator
}

/// The kind of a key, which renderers map to a CSS class.
public enum KeyRole: String, Sendable, CaseIterable {
    case digit, character, delete, returnKey, dismiss, modifier, space, decimalSeparator
}
