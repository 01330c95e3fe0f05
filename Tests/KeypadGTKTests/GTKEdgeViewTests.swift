import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

/// Left and right views with text are drawn into the entry (GtkEntry has only icon
/// slots): a currency sign before an amount, a unit after it, and the clear button
/// just before the unit when both modes say so.
extension GTKTests {
    private func weightField(_ session: GTKSession) -> TextField {
        let field = session.field("Weight", type: .decimalPad)
        field.leftView = OverlayView(size: CGSize(width: 16, height: 16), text: "$", accessibleName: "US dollars")
        field.rightView = OverlayView(size: CGSize(width: 24, height: 16), text: "kg", accessibleName: "kilograms")
        field.rightViewMode = .always
        return field
    }

    @Test("a text left view and a text right view are drawn in the entry and named for assistive technology")
    func textEdgeViewsDrawn() {
        let session = GTKSession()
        let field = weightField(session)
        session.show()
        let host = session.window.host
        let bare = host.edgeStrip(of: field, end: false)
        #expect(bare?.darkPixels == 0, "no left view yet: the start strip is empty")
        field.leftViewMode = .always
        #expect(MainLoop.run(until: { (host.edgeStrip(of: field, end: false)?.darkPixels ?? 0) > 5 }))
        #expect(
            (host.edgeStrip(of: field, end: false)?.frame.width ?? 0) > (bare?.frame.width ?? 0),
            "room made for the sign")
        #expect(host.edgeStrip(of: field, end: false)?.description == "US dollars, kilograms")
        #expect((host.edgeStrip(of: field, end: true)?.darkPixels ?? 0) > 5, "the unit's ink is on screen")
        field.leftViewMode = .never
        #expect(MainLoop.run(until: { host.edgeStrip(of: field, end: false)?.darkPixels == 0 }))
        #expect(host.edgeStrip(of: field, end: false)?.description == "kilograms")
        session.close()
    }

    @Test("the clear button and the right view show together, clear first; a press on the clear button clears")
    func clearBesideRightView() {
        let session = GTKSession()
        let field = weightField(session)
        field.clearButtonMode = .always
        field.text = "12"
        session.show()
        let host = session.window.host
        #expect(MainLoop.run(until: { (host.edgeStrip(of: field, end: true)?.darkPixels ?? 0) > 5 }))
        guard let strip = host.edgeStrip(of: field, end: true), let clear = strip.clearFrame else {
            Issue.record("no end strip or no clear button")
            return
        }
        #expect(strip.frame.width >= clear.width + 8, "the clear button and the unit side by side: \(strip.frame)")
        #expect(clear.maxX < strip.frame.maxX - 8, "the unit comes after the clear button")
        XInput.click(KioskWindow.ScreenPoint(x: Int(strip.frame.maxX) - 8, y: Int(strip.frame.midY)))
        MainLoop.run(until: { field.isFirstResponder }, timeout: 1)
        #expect(field.text == "12", "a press on the unit does not clear")
        XInput.click(KioskWindow.ScreenPoint(x: Int(clear.midX), y: Int(clear.midY)))
        #expect(MainLoop.run(until: { field.text.isEmpty }), "a press on the clear button clears")
        session.close()
    }
}
