import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

/// Focus and visibility as a kiosk user meets them: fields reached by Next or by code,
/// the separate keypad window, Tab, selections made with the keyboard, and a window
/// closed while it edits.
extension GTKTests {
    @Test("a field reached under the same keypad scrolls into view above it")
    func sameKeypadMoveReveals() {
        let session = GTKSession(height: 600)
        let fields = (1...8).map { session.field("Field \($0)") }
        session.show()
        session.click(fields[0])
        session.settle()
        #expect(fields[7].becomeFirstResponder())
        session.settle()
        // GTK's own focus scrolling stops at the edge; the avoidance keeps the margin.
        session.expectAboveKeypad(fields[7], margin: Int(session.window.host.avoidanceMargin))
        session.close()
    }

    @Test("the separate keypad window never covers the editing field")
    func windowPlacementReveals() {
        let session = GTKSession(placement: .window, height: 720)
        let fields = (1...7).map { session.field("Field \($0)") }
        session.show()
        session.click(fields[6])
        session.settle()
        session.expectAboveKeypad(fields[6])
        #expect(session.window.host.hasKeyboardFocus(fields[6]))
        session.close()
    }

    @Test("Shift+Tab and Tab move between fields only: editing never falls off onto a scroller")
    func tabStaysOnFields() {
        let session = GTKSession()
        let a = session.field("A")
        let b = session.field("B")
        session.show()
        session.click(a)
        for key in ["shift+Tab", "shift+Tab", "Tab"] {
            XInput.key(key)
            session.settle()
            let editing = session.scope.firstResponder as? TextField
            #expect(editing === a || editing === b, "after \(key) nothing edits")
            if let editing { #expect(session.window.host.hasKeyboardFocus(editing)) }
        }
        session.close()
    }

    @Test("Shift+Left grows the selection leftwards in the model and in the entry")
    func keyboardSelectionKeepsDirection() {
        let session = GTKSession()
        let a = session.field("A")
        session.show()
        session.click(a)
        XInput.type("12345")
        session.settle()
        XInput.key("shift+Left")
        XInput.key("shift+Left")
        session.settle()
        #expect(a.selectedRange == NSRange(location: 3, length: 2))
        #expect(session.window.host.widgetCursor(of: a) == 3)
        XInput.key("shift+Right")
        session.settle()
        #expect(a.selectedRange == NSRange(location: 4, length: 1))
        session.close()
    }

    @Test("closing the window while a field edits ends editing; later keyboard news touches nothing")
    func closeWhileEditing() {
        let session = GTKSession()
        let a = session.field("A")
        session.show()
        session.click(a)
        session.window.host.close()
        session.settle()
        #expect(session.window.host.isClosed && !a.isEditing && a.scope == nil)
        session.scope.notificationCenter.post(name: Responder.keyboardWillShowNotification, object: nil)
        session.scope.notificationCenter.post(name: Responder.keyboardDidHideNotification, object: nil)
        session.settle()
        #expect(session.window.host.verticalEdges(of: a) == nil && !session.window.host.isMapped)
        session.window.host.close()
    }
}

extension GTKTests {
    @Test("closing the window while its own keypad window shows the toolbar leaves no widget drawn into after it died")
    func closeWithToolbarWindow() {
        let session = GTKSession(placement: .window)
        let amount = session.field("Amount")
        let toolbar = AccessoryToolbar(notificationCenter: session.scope.notificationCenter)
        amount.inputAccessoryView = toolbar
        session.show()
        session.click(amount)
        session.settle()
        #expect(toolbar.title == "Amount")
        // Run under G_DEBUG=fatal-criticals (make test), a GTK call on a destroyed toolbar
        // button ends the run here.
        session.window.host.close()
        session.settle()
        #expect(!amount.isEditing && toolbar.title == nil)
    }
}

extension GTKTests {
    @Test(
        """
        the keyboard's frame is as tall as the keypad and toolbar the screen shows, theme padding included, \
        from its first notification: a keypad's widgets are made when it first shows
        """)
    func keyboardFrameMatchesScreen() throws {
        _ = KeypadHost.initializeGTK()
        try Theme.light.install()  // its keypad area has padding
        defer { Theme.uninstall() }
        let session = GTKSession()
        session.field("PIN")
        let amount = session.field("Amount", type: .decimalPad)
        amount.inputAccessoryView = AccessoryToolbar(notificationCenter: session.scope.notificationCenter)
        let willShowHeights = Heights()
        let token = session.scope.notificationCenter.addObserver(
            forName: Responder.keyboardWillShowNotification, object: nil, queue: nil
        ) { note in
            let end = (note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? CGRect).map { Int($0.height) }
            MainActor.assumeIsolated { willShowHeights.values.append(end ?? -1) }
        }
        defer { session.scope.notificationCenter.removeObserver(token) }
        session.show()
        #expect(session.window.host.area.keypadViews.isEmpty, "no keypad is drawn before a field edits")
        session.click(amount)
        let decimalPad = session.scope.defaultKeypad(for: .decimalPad)
        #expect(Array(session.window.host.area.keypadViews.keys) == [ObjectIdentifier(decimalPad)])
        #expect(willShowHeights.values.count == 1)
        #expect(willShowHeights.values.first == session.window.host.keypadAreaHeight)
        #expect(session.scope.keyboard.frame.map { Int($0.height) } == session.window.host.keypadAreaHeight)
        session.close()
    }
}

/// Heights noted by a notification observer.
@MainActor
private final class Heights {
    var values: [Int] = []
}
