import Foundation
import KeypadCore
import Testing

/// A press finds its key in the keypad's own hash table of the shown page's ids: every key
/// of every bundled page is found there, and an unknown id finds none.
@Suite("Finding a key by its id")
@MainActor
struct KeyLookupTests {
    @Test("every key of every page of every bundled layout is found by its id; an unknown id finds none")
    func everyBundledKey() {
        for type in KeyboardType.allCases {
            let layout = LayoutCatalog().layout(for: type)
            let keypad = Keypad(layout: layout, notificationCenter: NotificationCenter())
            for page in layout.pages {
                keypad.showPage(page.id)
                #expect(keypad.currentPageID == page.id)
                for key in page.rows.joined() {
                    let found = keypad.key(id: key.id)
                    #expect(found?.id == key.id, "\(layout.id)/\(page.id)/\(key.id)")
                    #expect(found?.action == key.action, "\(layout.id)/\(page.id)/\(key.id)")
                    #expect(found?.width == key.width, "\(layout.id)/\(page.id)/\(key.id)")
                }
                #expect(keypad.key(id: "no such key") == nil)
                #expect(keypad.key(id: "") == nil)
            }
        }
    }
}
