import CKeypadTestDisplay
import Foundation
import KeypadCore
import KeypadGTK
import KeypadGTKInspection
import Testing

/// A keypad follows the monitor. Xvfb's RandR offers no other mode to switch to (its one
/// output rejects added modes), so the real change these tests make is RandR 1.5's: the
/// test support replaces the screen's monitor with one of another size and physical height
/// (XRRSetMonitor) and makes the server announce a screen change, on which GDK reads its
/// monitors again and notifies geometry and work area, as on a rotation or a resolution
/// change. The X screen itself stays 1024 × 768.
extension GTKTests {
    /// Replaces the monitor and waits until GDK and the keypad have followed (`done`).
    private func changeMonitor(
        _ session: GTKSession, width: Int32, height: Int32, heightMillimetres: Int32,
        until done: @escaping () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let widthMillimetres = width * heightMillimetres / height
        #expect(
            keypad_test_set_monitor(0, 0, width, height, widthMillimetres, heightMillimetres) != 0,
            "the X server has no RandR 1.5", sourceLocation: sourceLocation)
        #expect(MainLoop.run(until: done), "the keypad did not follow the monitor", sourceLocation: sourceLocation)
        session.settle(sourceLocation: sourceLocation)
    }

    /// Puts the X server's own 1024 × 768 monitor back, and waits until `done`.
    private func restoreMonitor(_ session: GTKSession, until done: @escaping () -> Bool) {
        keypad_test_reset_monitor()
        #expect(MainLoop.run(until: done), "the keypad did not follow the monitor back")
        session.settle()
    }

    /// The keyboard notifications since the last call, as "willChangeFrame x,y,w,h->x,y,w,h".
    private func keyboardLines(_ session: GTKSession) -> [String] {
        session.recorder.takeLines().filter { $0.hasPrefix("keyboard ") }.map { String($0.dropFirst(9)) }
    }

    @Test("the keypad window follows its monitor: to the bottom of a portrait one, then taller keys on a denser one")
    func keypadWindowFollowsMonitor() throws {
        let session = GTKSession(placement: .window)
        let amount = session.field("Amount")
        session.show()
        session.click(amount)
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        let before = try #require(session.scope.keyboard.frame)
        #expect(before == CGRect(x: 0, y: 768 - before.height, width: 1024, height: before.height))
        #expect(Set(session.window.host.keyHeights(in: keypad).values) == [48])
        _ = session.recorder.takeLines()

        // Portrait, 600 × 768 at the same 3.8 px/mm: the keys stay 48 px, the keypad moves.
        changeMonitor(session, width: 600, height: 768, heightMillimetres: 203) {
            session.window.host.keypadWindowScreenRect?.width == 600
        }
        let portrait = CGRect(x: 0, y: 768 - before.height, width: 600, height: before.height)
        #expect(session.scope.keyboard.frame == portrait)
        #expect(session.window.host.keypadWindowScreenRect == portrait)
        let frames = "\(describe(before))->\(describe(portrait))"
        #expect(keyboardLines(session) == ["willChangeFrame \(frames)", "didChangeFrame \(frames)"])
        #expect(Set(session.window.host.keyHeights(in: keypad).values) == [48])

        // A small panel: 768 px on 100 mm is 7.7 px/mm, so 9 mm keys are 70 px and the keypad grows.
        changeMonitor(session, width: 600, height: 768, heightMillimetres: 100) {
            session.window.host.keyHeights(in: keypad).values.allSatisfy { $0 == 70 }
                && session.window.host.keypadWindowScreenRect?.height == session.scope.keyboard.frame?.height
        }
        let dense = try #require(session.scope.keyboard.frame)
        #expect(dense.height > before.height && dense.maxY == 768 && dense.minX == 0 && dense.width == 600)
        #expect(session.window.host.keypadWindowScreenRect == dense)
        let lines = keyboardLines(session)
        #expect(lines.first == "willChangeFrame \(describe(portrait))->\(describe(dense))")
        #expect(lines.contains("didChangeFrame \(describe(portrait))->\(describe(dense))"))
        #expect(!lines.contains { $0.hasPrefix("willHide") || $0.hasPrefix("didHide") })

        // Typing still works on the moved keypad.
        session.clickKey("7", of: keypad)
        #expect(amount.text == "7")
        restoreMonitor(session) { session.window.host.keypadWindowScreenRect?.width == 1024 }
        #expect(session.scope.keyboard.frame?.width == 1024)
        #expect(Set(session.window.host.keyHeights(in: keypad).values) == [48])
        session.close()
    }

    @Test(
        "a panel takes the bottom 68 px of the work area (_NET_WORKAREA, no signal from GDK): the keypad window moves above it"
    )
    func keypadWindowFollowsWorkArea() throws {
        let session = GTKSession(placement: .window)
        let amount = session.field("Amount")
        session.show()
        session.click(amount)
        let before = try #require(session.scope.keyboard.frame)
        _ = session.recorder.takeLines()
        XProperty.setWorkArea("0, 0, 1024, 700")
        #expect(MainLoop.run(until: { session.window.host.keypadWindowScreenRect?.maxY == 700 }))
        session.settle()
        let above = CGRect(x: 0, y: 700 - before.height, width: 1024, height: before.height)
        #expect(session.scope.keyboard.frame == above && session.window.host.keypadWindowScreenRect == above)
        let frames = "\(describe(before))->\(describe(above))"
        #expect(keyboardLines(session) == ["willChangeFrame \(frames)", "didChangeFrame \(frames)"])
        XProperty.setWorkArea("0, 0, 1024, 768")
        #expect(MainLoop.run(until: { session.window.host.keypadWindowScreenRect?.maxY == 768 }))
        session.close()
    }

    @Test("a docked keypad takes 9 mm keys on a denser monitor and the keyboard announces its new frame")
    func dockedKeypadFollowsMonitor() throws {
        let session = GTKSession()
        let amount = session.field("Amount")
        session.show()
        session.click(amount)
        let keypad = session.scope.defaultKeypad(for: .numberPad)
        let before = try #require(session.scope.keyboard.frame)
        _ = session.recorder.takeLines()
        changeMonitor(session, width: 1024, height: 768, heightMillimetres: 100) {
            session.window.host.keyHeights(in: keypad).values.allSatisfy { $0 == 70 }
        }
        let after = try #require(session.scope.keyboard.frame)
        #expect(after.height > before.height && after.maxY == before.maxY && after.width == before.width)
        let lines = keyboardLines(session)
        #expect(lines.first == "willChangeFrame \(describe(before))->\(describe(after))")
        #expect(lines.contains("didChangeFrame \(describe(before))->\(describe(after))"))
        session.clickKey("3", of: keypad)
        #expect(amount.text == "3")
        restoreMonitor(session) { session.window.host.keyHeights(in: keypad).values.allSatisfy { $0 == 48 } }
        #expect(session.scope.keyboard.frame == before)
        session.close()
    }
}

/// The root window's `_NET_WORKAREA`, as a window manager sets it when a panel comes or goes.
enum XProperty {
    static func setWorkArea(_ value: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xprop")
        process.arguments = ["-root", "-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", value]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            Issue.record("xprop: \(error)")
        }
    }
}

/// A frame as the event recorder writes it.
private func describe(_ rect: CGRect) -> String {
    "(\(Int(rect.minX)),\(Int(rect.minY)),\(Int(rect.width)),\(Int(rect.height)))"
}

@Suite("Keypad placement from monitor geometry")
struct KeypadPlacementTests {
    @Test(
        "key height and the keypad window's frame for a 300 px keypad on a monitor",
        arguments: [
            // geometry, work area, mm tall → key height, window frame
            (
                CGRect(x: 0, y: 0, width: 1024, height: 768), CGRect(x: 0, y: 0, width: 1024, height: 768), 203, 48,
                CGRect(x: 0, y: 468, width: 1024, height: 300)
            ),
            // Rotated to portrait: the same panel, 768 wide and 1024 tall on 271 mm.
            (
                CGRect(x: 0, y: 0, width: 768, height: 1024), CGRect(x: 0, y: 0, width: 768, height: 1024), 271, 48,
                CGRect(x: 0, y: 724, width: 768, height: 300)
            ),
            // A 7" 800 × 480 panel (86 mm tall): 5.6 px/mm, 9 mm = 51 px.
            (
                CGRect(x: 0, y: 0, width: 800, height: 480), CGRect(x: 0, y: 0, width: 800, height: 480), 86, 51,
                CGRect(x: 0, y: 180, width: 800, height: 300)
            ),
            // A 1080p 15.6" panel (194 mm): 5.6 px/mm → 51 px; a 32 px panel at the bottom.
            (
                CGRect(x: 0, y: 0, width: 1920, height: 1080), CGRect(x: 0, y: 0, width: 1920, height: 1048), 194, 51,
                CGRect(x: 0, y: 748, width: 1920, height: 300)
            ),
            // A second monitor right of the first, with a panel at its top.
            (
                CGRect(x: 1024, y: 0, width: 1280, height: 1024), CGRect(x: 1024, y: 40, width: 1280, height: 984), 0,
                48, CGRect(x: 1024, y: 724, width: 1280, height: 300)
            ),
            // A 4K panel of 340 mm: 6.4 px/mm → 58 px keys.
            (
                CGRect(x: 0, y: 0, width: 3840, height: 2160), CGRect(x: 0, y: 0, width: 3840, height: 2160), 340, 58,
                CGRect(x: 0, y: 1860, width: 3840, height: 300)
            ),
            // A work area shorter than the keypad: the window takes all of it.
            (
                CGRect(x: 0, y: 0, width: 640, height: 200), CGRect(x: 0, y: 0, width: 640, height: 200), 50, 48,
                CGRect(x: 0, y: 0, width: 640, height: 200)
            ),
        ] as [(CGRect, CGRect, Int, Int, CGRect)])
    func placement(geometry: CGRect, workArea: CGRect, millimetres: Int, keyHeight: Int, frame: CGRect) {
        let monitor = MonitorLayout(geometry: geometry, workArea: workArea, heightMillimetres: millimetres)
        #expect(KeypadPlacement.keyHeight(on: monitor) == keyHeight)
        #expect(KeypadPlacement.windowFrame(on: monitor, height: 300) == frame)
        #expect(KeypadPlacement.screenBounds(on: monitor) == workArea)
    }
}
