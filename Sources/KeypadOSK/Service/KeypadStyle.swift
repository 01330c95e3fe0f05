import Foundation
import KeypadGTK
import KeypadResources

/// The CSS of keypad-osk's keypad, which serves other people's fields.
package enum KeypadStyle {
    /// Styles keypads with `own` CSS, else (or when it is broken) the bundled `keypad.css`,
    /// which styles only the keypad's own classes, never the app's widgets. A broken file
    /// logs one line naming it.
    package static func install(own: URL?) {
        if let own {
            do {
                try Theme.installOverride(url: own)
                return
            } catch {
                Log.warning("\(error.description) (using the bundled keypad.css)")
            }
        }
        guard
            let bundled = KeypadResources.bundle.url(
                forResource: "keypad", withExtension: "css", subdirectory: "themes")
        else { return Log.warning("keypad.css is not bundled: keys use GTK's theme") }
        do {
            try Theme.installOverride(url: bundled)
        } catch {
            Log.warning(error.description)
        }
    }
}
