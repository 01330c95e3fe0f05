import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

/// The example's `.ui` window, bound through the public API as an app binds its own:
/// focus by click and Tab, keypad and physical typing, avoidance, an unbound entry,
/// widgets destroyed or the window closed while editing, and Swift objects released
/// while the window stays on screen.
extension GTKTests {
    @Test("the example's .ui file is there (a missing file fails, it does not skip)")
    func exampleFileExists() {
        #expect(FileManager.default.fileExists(atPath: CheckoutSession.uiFile.path), "\(CheckoutSession.uiFile.path)")
    }

    @Test("a click begins editing the bound entry; Tab and Shift+Tab move the first responder along the grid")
    func exampleFocusByClickAndTab() throws {
        let session = try CheckoutSession()
        session.show()
        session.click(session.amount)
        #expect(session.host.hasKeyboardFocus(session.amount))
        XInput.key("Tab")
        #expect(MainLoop.run(until: { session.tip.isFirstResponder }))
        XInput.key("Tab")
        #expect(MainLoop.run(until: { session.guests.isFirstResponder }))
        #expect(session.host.hasKeyboardFocus(session.guests))
        XInput.key("shift+Tab")
        #expect(MainLoop.run(until: { session.tip.isFirstResponder }))
        #expect(session.scope.keyboard.inputView === session.scope.defaultKeypad(for: .decimalPad))
        session.close()
    }

    @Test("keypad keys and physical keys type into the bound entry; the digits-only delegate refuses letters")
    func exampleTyping() throws {
        let session = try CheckoutSession()
        session.show()
        session.click(session.amount)
        let decimal = session.scope.defaultKeypad(for: .decimalPad)
        for name in ["1", "2"] { session.clickKey(name, of: decimal, in: session.amount) }
        XInput.type("5")
        #expect(MainLoop.run(until: { session.amount.text == "125" }))
        #expect(session.host.widgetText(of: session.amount) == "125")
        session.click(session.guests)
        XInput.type("a4b")
        #expect(MainLoop.run(until: { session.guests.text == "4" }))
        MainLoop.drain()
        #expect(session.guests.text == "4" && session.host.widgetText(of: session.guests) == "4")
        session.click(session.note)
        XInput.type("hi")
        #expect(MainLoop.run(until: { session.note.text == "hi" }))
        session.close()
    }

    @Test("the named scrolled window keeps the editing widget above the docked keypad, with the margin")
    func exampleAvoidance() throws {
        let session = try CheckoutSession()
        session.show()
        session.click(session.note)
        session.expectAboveKeypad(session.note, margin: Int(session.host.avoidanceMargin))
        session.click(session.phone)
        session.expectAboveKeypad(session.phone, margin: Int(session.host.avoidanceMargin))
        session.close()
    }

    @Test("an entry the app did not bind takes focus as plain GTK and ends the bound field's editing")
    func exampleUnboundWidget() throws {
        let session = try CheckoutSession()
        session.show()
        session.click(session.amount)
        let voucher = session.widget("voucher")
        XInput.click(KeypadHost.screenCenter(ofWidget: voucher))
        #expect(MainLoop.run(until: { session.scope.firstResponder == nil && KeypadHost.hasFocus(voucher) }))
        session.waitForKeypad(shown: false)
        XInput.type("ab12")
        #expect(MainLoop.run(until: { KeypadHost.entryText(voucher) == "ab12" }))
        #expect(session.amount.text.isEmpty && session.scope.firstResponder == nil)
        session.close()
    }

    @Test("destroying a bound entry while it edits ends its editing and unbinds it; the others still work")
    func exampleDestroyEditingEntry() throws {
        let session = try CheckoutSession()
        session.show()
        session.click(session.tip)
        KeypadHost.destroy(session.widget("tip"))
        #expect(MainLoop.run(until: { session.scope.firstResponder == nil }))
        #expect(session.bindings["tip"]?.isBound == false)
        #expect(!session.host.bindings.contains { $0.input === session.tip })
        #expect(session.tip.becomeFirstResponder() == false, "a field whose widget is gone left the scope")
        session.click(session.amount)
        XInput.type("7")
        #expect(MainLoop.run(until: { session.host.widgetText(of: session.amount) == "7" }))
        session.close()
    }

    @Test("closing the window while a field edits ends the editing, closes the keypad and releases the host")
    func exampleCloseWhileEditing() throws {
        let session = try CheckoutSession(placement: .window)
        session.show()
        session.click(session.amount)
        session.releaseHost()
        session.close()
        #expect(session.weakHost == nil, "the window let go of its host")
        #expect(session.scope.firstResponder == nil)
        #expect(session.bindings.values.allSatisfy { !$0.isBound })
    }

    @Test("with the app's Swift references gone, the window keeps its host: a digits-only field still refuses letters")
    func exampleReleasedObjectsKeepAsking() throws {
        var session: CheckoutSession? = try CheckoutSession()
        session?.show()
        let delegate = session?.digitsOnly
        let guests = try #require(session?.widget("guests"))
        session?.releaseHost()
        weak let weakHost = session?.weakHost
        weak let weakField = session?.guests
        let keepDelegate = delegate  // the app keeps its delegate (weak in the model, as in UIKit)
        session = nil
        #expect(weakHost != nil && weakField != nil, "the window keeps the host, its bindings and their models")
        XInput.click(KeypadHost.screenCenter(ofWidget: guests))
        #expect(MainLoop.run(until: { weakField?.isFirstResponder == true }))
        XInput.type("x9y")
        #expect(MainLoop.run(until: { KeypadHost.entryText(guests) == "9" }))
        MainLoop.drain()
        #expect(KeypadHost.entryText(guests) == "9" && weakField?.text == "9")
        weakHost?.close()
        MainLoop.drain()
        #expect(weakHost == nil && weakField == nil)
        withExtendedLifetime(keepDelegate) {}
    }

    @Test("unbind() gives the entry back to plain GTK: letters go in, the model neither hears nor edits")
    func exampleUnbind() throws {
        let session = try CheckoutSession()
        session.show()
        let binding = try #require(session.bindings["guests"])
        binding.unbind()
        #expect(!binding.isBound && binding.widget == nil)
        let guests = session.widget("guests")
        XInput.click(KeypadHost.screenCenter(ofWidget: guests))
        #expect(MainLoop.run(until: { KeypadHost.hasFocus(guests) }))
        XInput.type("x9")
        #expect(MainLoop.run(until: { KeypadHost.entryText(guests) == "x9" }))
        #expect(session.guests.text.isEmpty && session.scope.firstResponder == nil)
        binding.unbind()
        session.close()
    }

    @Test("binding a widget of the wrong type throws an error that names both types")
    func exampleWrongWidget() throws {
        let session = try CheckoutSession()
        #expect(throws: WidgetError.self) { try session.host.bind(TextField(), toEntry: session.widget("heading")) }
        do {
            try session.host.bind(TextView(), toTextView: session.widget("amount"))
            Issue.record("a GtkEntry bound as a text view")
        } catch {
            #expect(error.description == "expected a GtkTextView, got a GtkEntry")
        }
        #expect(throws: WidgetError.self) { try session.host.bind(TextField(), toEntry: session.widget("amount")) }
        #expect(throws: WidgetError.self) { try session.ui.object("no-such-id") }
        #expect(throws: WidgetError.self) { try KeypadHost(window: session.widget("amount"), scope: ResponderScope()) }
        session.close()
    }
}

/// The separate keypad window over the example's window, and a model input bound to no
/// widget (what an input method does) served by the same host.
extension GTKTests {
    @Test("with the keypad window, the named scrolled window is inset and the editing entry stays above the keys")
    func exampleWindowPlacementAvoidance() throws {
        let session = try CheckoutSession(placement: .window)
        session.show()
        session.click(session.note)
        session.expectAboveKeypad(session.note)
        #expect(session.host.hasKeyboardFocus(session.note) && session.host.isActive, "the keypad window took no focus")
        session.close()
    }

    @Test("a model input bound to no widget gets its keypad in the keypad window; the app window keeps focus")
    func unboundInputGetsKeypadWindow() throws {
        let session = try CheckoutSession(placement: .window)
        session.show()
        let standIn = TextField(traits: TextInputTraits(keyboardType: .phonePad))
        session.scope.add(standIn)
        session.host.prepare(for: standIn)
        #expect(standIn.becomeFirstResponder())
        session.waitForKeypad(shown: true)
        let keypad = session.scope.defaultKeypad(for: .phonePad)
        session.clickKey("5", of: keypad, in: standIn)
        #expect(standIn.text == "5")
        #expect(session.host.isActive, "the app window is still the active one")
        #expect(standIn.resignFirstResponder())
        session.waitForKeypad(shown: false)
        session.close()
    }
}
