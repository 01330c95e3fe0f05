import Foundation

/// The bundle that carries Keypad's data: layouts, themes and localized strings.
///
/// SwiftPM builds this folder as a target of its own so that the data stays in
/// the top-level `Resources/` folder, apart from code.
public enum KeypadResources {
    /// The resource bundle built from `Resources/`.
    public static var bundle: Bundle { Bundle.module }
}
