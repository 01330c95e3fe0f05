import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

/// KioskWindow takes rows other than fields: a heading and a row of buttons sit in the
/// form, the fields around them keep their keypads, and a button (a widget the kiosk did
/// not bind) ends editing when it takes focus.
extension GTKTests {
    @Test("a heading and a row of buttons sit among the fields; a button's click reaches the app and ends editing")
    func kioskTakesOtherRows() {
        let session = GTKSession()
        session.window.addHeading("Checkout")
        let amount = session.field("Amount")
        var clicked: [String] = []
        session.window.addButtons(["Cancel", "Pay"]) { clicked.append($0) }
        let tip = session.field("Tip")
        session.show()
        session.click(tip)
        #expect(session.window.host.hasKeyboardFocus(tip))
        XInput.click(session.window.host.screenCenter(ofButtonTitled: "Pay"))
        #expect(MainLoop.run(until: { clicked == ["Pay"] }))
        #expect(MainLoop.run(until: { session.scope.firstResponder == nil }))
        session.click(amount)
        XInput.type("12")
        #expect(MainLoop.run(until: { session.window.host.widgetText(of: amount) == "12" }))
        #expect(session.scope.responders.count == 2, "only the fields joined the scope")
        session.close()
    }
}
