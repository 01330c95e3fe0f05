import Foundation
import KeypadCore
import Testing

private let begin = CGRect(x: 0, y: 768, width: 1024, height: 260)
private let end = CGRect(x: 0, y: 508, width: 1024, height: 260)

private let allKeys = [
    "UIKeyboardFrameBeginUserInfoKey", "UIKeyboardFrameEndUserInfoKey", "UIKeyboardAnimationDurationUserInfoKey",
    "UIKeyboardAnimationCurveUserInfoKey", "UIKeyboardIsLocalUserInfoKey",
]

/// Keeps every keyboard notification a center posts, in order.
@MainActor
private final class KeyboardListener {
    private(set) var notes: [(name: String, info: [AnyHashable: Any])] = []
    private var tokens: [any NSObjectProtocol] = []
    private let center: NotificationCenter

    init(center: NotificationCenter) {
        self.center = center
        let names = [
            Responder.keyboardWillChangeFrameNotification, Responder.keyboardWillShowNotification,
            Responder.keyboardDidChangeFrameNotification, Responder.keyboardDidShowNotification,
            Responder.keyboardWillHideNotification, Responder.keyboardDidHideNotification,
        ]
        for name in names {
            tokens.append(
                center.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    nonisolated(unsafe) let note = note
                    MainActor.assumeIsolated { self?.notes.append((note.name.rawValue, note.userInfo ?? [:])) }
                })
        }
    }

    isolated deinit {
        for token in tokens { center.removeObserver(token) }
    }
}

/// A well-formed will-show notification with `key` set to `value` (nil: removed).
private func note(setting key: String, to value: (any Sendable)?) -> Notification {
    var info = KeyboardTransition(beginFrame: begin, endFrame: end, animationDuration: 0.25, animationCurve: .easeOut)
        .userInfo
    info[key] = value
    return Notification(name: Responder.keyboardWillShowNotification, object: nil, userInfo: info)
}

@MainActor
@Suite("Keyboard notifications carry UIKit's names, userInfo keys and value types, and read back typed")
struct KeyboardNotificationTests {
    @Test("the notification names and userInfo keys are UIKit's strings")
    func names() {
        #expect(Responder.keyboardWillShowNotification.rawValue == "UIKeyboardWillShowNotification")
        #expect(Responder.keyboardDidShowNotification.rawValue == "UIKeyboardDidShowNotification")
        #expect(Responder.keyboardWillHideNotification.rawValue == "UIKeyboardWillHideNotification")
        #expect(Responder.keyboardDidHideNotification.rawValue == "UIKeyboardDidHideNotification")
        #expect(Responder.keyboardWillChangeFrameNotification.rawValue == "UIKeyboardWillChangeFrameNotification")
        #expect(Responder.keyboardDidChangeFrameNotification.rawValue == "UIKeyboardDidChangeFrameNotification")
        #expect(
            [
                Responder.keyboardFrameBeginUserInfoKey, Responder.keyboardFrameEndUserInfoKey,
                Responder.keyboardAnimationDurationUserInfoKey, Responder.keyboardAnimationCurveUserInfoKey,
                Responder.keyboardIsLocalUserInfoKey,
            ] == allKeys)
    }

    @Test("a show and a hide post four notifications each, all with the five keys and their value types")
    func postedUserInfo() {
        let scope = ResponderScope(notificationCenter: NotificationCenter())
        scope.keyboard.animationDuration = 0.4
        scope.keyboard.animationCurve = .keyboard
        let listener = KeyboardListener(center: scope.notificationCenter)
        let field = TextField()
        field.inputView = FixedInputView(height: 260)
        scope.add(field)
        field.becomeFirstResponder()
        field.resignFirstResponder()
        #expect(
            listener.notes.map(\.name) == [
                "UIKeyboardWillChangeFrameNotification", "UIKeyboardWillShowNotification",
                "UIKeyboardDidChangeFrameNotification", "UIKeyboardDidShowNotification",
                "UIKeyboardWillChangeFrameNotification", "UIKeyboardWillHideNotification",
                "UIKeyboardDidChangeFrameNotification", "UIKeyboardDidHideNotification",
            ])
        for (index, note) in listener.notes.enumerated() {
            let showing = index < 4
            #expect(Set(note.info.keys.compactMap { $0 as? String }) == Set(allKeys) && note.info.count == 5)
            #expect(note.info["UIKeyboardFrameBeginUserInfoKey"] as? CGRect == (showing ? begin : end))
            #expect(note.info["UIKeyboardFrameEndUserInfoKey"] as? CGRect == (showing ? end : begin))
            #expect(note.info["UIKeyboardAnimationDurationUserInfoKey"] as? Double == 0.4)
            #expect(note.info["UIKeyboardAnimationCurveUserInfoKey"] as? Int == 7)
            #expect(note.info["UIKeyboardIsLocalUserInfoKey"] as? Bool == true)
        }
    }

    @Test("a transition survives the trip through userInfo", arguments: KeyboardAnimationCurve.allCases, [true, false])
    func roundTrip(curve: KeyboardAnimationCurve, isLocal: Bool) {
        let transition = KeyboardTransition(
            beginFrame: begin, endFrame: end, animationDuration: 0.3, animationCurve: curve, isLocal: isLocal)
        let note = Notification(
            name: Responder.keyboardWillShowNotification, object: nil, userInfo: transition.userInfo)
        #expect(KeyboardTransition(notification: note) == transition)
        #expect(transition.userInfo["UIKeyboardAnimationCurveUserInfoKey"] as? Int == curve.rawValue)
        #expect(transition.userInfo["UIKeyboardIsLocalUserInfoKey"] as? Bool == isLocal)
        #expect(transition.userInfo["UIKeyboardAnimationDurationUserInfoKey"] as? Double == 0.3)
    }

    @Test(
        "the curves are numbered as UIKit's",
        arguments: [
            (KeyboardAnimationCurve.easeInOut, 0), (.easeIn, 1), (.easeOut, 2), (.linear, 3), (.keyboard, 7),
        ])
    func curveNumbers(curve: KeyboardAnimationCurve, raw: Int) {
        #expect(curve.rawValue == raw)
    }

    @Test("a userInfo missing any one key reads as nil", arguments: allKeys)
    func missingKey(key: String) {
        #expect(KeyboardTransition(notification: note(setting: key, to: nil)) == nil)
    }

    @Test(
        "a value of the wrong type, or an unknown curve, reads as nil",
        arguments: [
            ("UIKeyboardFrameEndUserInfoKey", "(0,0,1,1)"),
            ("UIKeyboardAnimationDurationUserInfoKey", "0.25"),
            ("UIKeyboardAnimationCurveUserInfoKey", "2"),
            ("UIKeyboardAnimationCurveUserInfoKey", 5),
            ("UIKeyboardIsLocalUserInfoKey", "true"),
        ] as [(String, any Sendable)])
    func wrongValue(key: String, value: any Sendable) {
        #expect(KeyboardTransition(notification: note(setting: key, to: value)) == nil)
    }

    @Test("a notification without userInfo reads as nil")
    func noUserInfo() {
        #expect(KeyboardTransition(notification: Notification(name: Responder.keyboardDidHideNotification)) == nil)
    }
}
