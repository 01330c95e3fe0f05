import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import KeypadTestSupport
import KeypadTesting
import Testing

/// Keeps the keyboard notifications a center posts, with the monotonic time each arrived
/// and the keypad area's height on screen then.
@MainActor
private final class TimedKeyboardNotes {
    struct Note {
        var name: String
        var seconds: Double
        var areaHeight: Int?
    }

    private(set) var notes: [Note] = []
    private var tokens: [any NSObjectProtocol] = []
    private let center: NotificationCenter

    init(center: NotificationCenter, window: KioskWindow) {
        self.center = center
        for (name, label) in EventRecorder.keyboardNotifications {
            tokens.append(
                center.addObserver(forName: name, object: nil, queue: nil) { [weak self, weak window] _ in
                    MainActor.assumeIsolated {
                        let seconds = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
                        self?.notes.append(
                            Note(name: label, seconds: seconds, areaHeight: window?.host.keypadAreaHeight))
                    }
                })
        }
    }

    var names: [String] { notes.map(\.name) }

    /// The note named `name` (the last such), if it came.
    func last(_ name: String) -> Note? { notes.last { $0.name == name } }

    func removeAll() { notes.removeAll() }

    isolated deinit {
        for token in tokens { center.removeObserver(token) }
    }
}

/// A slide's last frame is laid out when its predicted presentation reaches the
/// slide's end, up to a frame (16.7 ms) before the end: did-notifications come no
/// earlier than the duration less two frames after the will-notifications.
private let frameAllowance = 0.034

extension GTKTests {
    @Test("didShow and didHide come when the slide has ended, the slide's duration after willShow and willHide")
    func didNotificationsAfterSlide() throws {
        let session = GTKSession()
        let amount = session.field("Amount")
        let duration = session.scope.keyboard.animationDuration
        let notes = TimedKeyboardNotes(center: session.scope.notificationCenter, window: session.window)
        session.show()
        session.click(amount)
        #expect(MainLoop.run(until: { notes.last("didShow") != nil }), "no didShow: \(notes.names)")
        #expect(notes.names == ["willChangeFrame", "willShow", "didChangeFrame", "didShow"])
        let willShow = try #require(notes.last("willShow"))
        let didShow = try #require(notes.last("didShow"))
        #expect(didShow.seconds - willShow.seconds >= duration - frameAllowance, "slide \(duration) s")
        let fullHeight = try #require(session.window.host.keypadAreaHeight)
        #expect(didShow.areaHeight == fullHeight, "the keypad had not arrived at didShow")
        #expect((willShow.areaHeight ?? 0) < fullHeight)

        notes.removeAll()
        amount.resignFirstResponder()
        #expect(MainLoop.run(until: { notes.last("didHide") != nil }), "no didHide: \(notes.names)")
        #expect(notes.names == ["willChangeFrame", "willHide", "didChangeFrame", "didHide"])
        let willHide = try #require(notes.last("willHide"))
        let didHide = try #require(notes.last("didHide"))
        #expect(didHide.seconds - willHide.seconds >= duration - frameAllowance, "slide \(duration) s")
        #expect(didHide.areaHeight == nil, "the keypad was still on screen at didHide")
        session.close()
    }

    @Test("a hide during the show's slide: willShow, willHide, then didShow at once and didHide when the slide ends")
    func interruptedSlide() throws {
        let session = GTKSession()
        let amount = session.field("Amount")
        let notes = TimedKeyboardNotes(center: session.scope.notificationCenter, window: session.window)
        session.show()
        XInput.click(session.window.host.screenCenter(of: amount))
        #expect(MainLoop.run(until: { notes.last("willShow") != nil }))
        #expect(notes.last("didShow") == nil, "the show ended before the hide could interrupt it")
        amount.resignFirstResponder()
        #expect(MainLoop.run(until: { notes.last("didHide") != nil }), "no didHide: \(notes.names)")
        expectLines(
            notes.names,
            [
                "willChangeFrame", "willShow", "willChangeFrame", "willHide", "didChangeFrame", "didShow",
                "didChangeFrame", "didHide",
            ])
        let willHide = try #require(notes.last("willHide"))
        let didHide = try #require(notes.last("didHide"))
        #expect(didHide.seconds > willHide.seconds && didHide.areaHeight == nil)
        session.close()
    }
}

extension GTKTests {
    @Test(
        "a show that interrupts the hide's slide keeps the field above the keypad (the late didHide changes nothing)",
        arguments: [KioskWindow.Placement.docked, .window])
    func showInterruptsHide(placement: KioskWindow.Placement) {
        let session = GTKSession(placement: placement, height: placement == .docked ? 600 : 720)
        let fields = (1...(placement == .docked ? 8 : 7)).map { session.field("Field \($0)") }
        let last = fields[fields.count - 1]
        session.show()
        session.click(last)
        session.settle()
        session.expectAboveKeypad(last)
        #expect(last.resignFirstResponder())
        #expect(session.scope.keyboard.isTransitioning, "the hide ended before the show could interrupt it")
        #expect(last.becomeFirstResponder())
        #expect(MainLoop.run(until: { !session.scope.keyboard.isTransitioning }))
        session.settle()
        session.expectAboveKeypad(last)
        session.close()
    }
}

extension GTKTests {
    @Test("a keypad window hidden before its slide ends ends the slide: didHide comes, and the keypad shows again")
    func windowHiddenMidSlide() throws {
        let session = GTKSession(placement: .window)
        let amount = session.field("Amount")
        let notes = TimedKeyboardNotes(center: session.scope.notificationCenter, window: session.window)
        session.show()
        session.click(amount)
        let fullHeight = try #require(session.window.host.keypadAreaHeight)
        notes.removeAll()
        #expect(amount.resignFirstResponder())
        #expect(session.scope.keyboard.isTransitioning, "the hide ended before the window could hide")
        // An unmapped window gets no frames: without the end at unmap, didHide never came.
        session.window.host.hideKeypadWindow()
        #expect(MainLoop.run(until: { !session.scope.keyboard.isTransitioning }), "no didHide: \(notes.names)")
        #expect(notes.names == ["willChangeFrame", "willHide", "didChangeFrame", "didHide"])

        notes.removeAll()
        #expect(amount.becomeFirstResponder())
        #expect(MainLoop.run(until: { notes.last("didShow") != nil }), "no didShow: \(notes.names)")
        #expect(notes.names == ["willChangeFrame", "willShow", "didChangeFrame", "didShow"])
        session.settle()
        #expect(session.window.host.keypadAreaHeight == fullHeight, "the keypad did not slide back in")
        session.close()
    }
}
