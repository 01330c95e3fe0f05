import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

/// Monitors from 72 dpi to a 600 dpi panel, in pixels per millimetre.
private let densities = [72.0, 96, 141, 160, 220, 300, 450, 600].map { $0 / 25.4 }

/// Touch-sized keys and names assistive technology can tell apart.
extension GTKTests {
    @Test("the key height is at least 9 mm at every pixel density, at least 48 px, and no taller than needed")
    func keyHeightForDensity() {
        for density in densities {
            let height = KeySize.height(pixelsPerMillimetre: density)
            #expect(Double(height) / density >= KeySize.minimumMillimetres, "\(height) px at \(density) px/mm")
            #expect(height >= KeySize.minimumPixels)
            #expect(
                height <= max(KeySize.minimumPixels, Int((9 * density).rounded(.up))),
                "\(height) px at \(density) px/mm")
        }
        #expect(KeySize.height(pixelsPerMillimetre: nil) == KeySize.minimumPixels)
        #expect(KeySize.height(pixelsPerMillimetre: 0) == KeySize.minimumPixels)
    }

    @Test("every key on screen is at least as tall as the monitor's 9 mm key height")
    func keysOnScreenAreTallEnough() throws {
        let session = GTKSession()
        let fields = [KeyboardType.numberPad, .decimalPad, .phonePad, .default].map { session.field("\($0)", type: $0) }
        session.show()
        let density = KeySize.monitorPixelsPerMillimetre()
        let required = KeySize.height(pixelsPerMillimetre: density)
        for field in fields {
            session.click(field)
            session.settle()
            let keypad = session.scope.defaultKeypad(for: field.keyboardType)
            let heights = session.window.host.keyHeights(in: keypad)
            #expect(!heights.isEmpty, "no keys for \(field.keyboardType)")
            for (id, height) in heights {
                #expect(height >= required, "\(field.keyboardType) key \(id): \(height) px < \(required) px \(heights)")
                if let density {
                    #expect(Double(height) / density >= 9, "\(field.keyboardType) key \(id): \(height) px")
                }
            }
        }
        session.close()
    }

    @Test("the accessible names of every key and toolbar button in the window are unique and not empty")
    func uniqueAccessibleNames() {
        let session = GTKSession()
        let toolbar = AccessoryToolbar(notificationCenter: session.scope.notificationCenter)
        let fields = [KeyboardType.numberPad, .decimalPad, .phonePad, .default].map { type in
            let field = session.field("\(type)", type: type)
            field.traits.returnKeyType = .next  // "Next" beside the toolbar's next-field button
            field.inputAccessoryView = toolbar
            return field
        }
        session.show()
        for field in fields {
            session.click(field)
            let names = session.window.host.buttonAccessibleNames()
            #expect(names.count > 12, "\(field.keyboardType): \(names)")
            #expect(!names.contains(""), "\(field.keyboardType): a button without a name in \(names)")
            let repeated = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(field.keyboardType): \(repeated) named twice")
        }
        session.close()
    }
}
