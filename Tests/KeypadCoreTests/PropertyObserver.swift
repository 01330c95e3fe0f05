import Foundation
import KeypadCore

/// Watches a random session's notifications: begin/end per input, and the keyboard's
/// groups of four, which must pair will with did and chain their frames.
@MainActor
final class PropertyObserver {
    private(set) var begins: [Int]
    private(set) var ends: [Int]
    /// Whether the last complete keyboard group was a show.
    private(set) var shown = false
    private(set) var problem: String?
    private var group: [(name: Notification.Name, transition: KeyboardTransition?)] = []
    private var lastEnd: CGRect?
    private var tokens: [any NSObjectProtocol] = []
    private let center: NotificationCenter

    init(center: NotificationCenter, inputs: [TextResponder]) {
        self.center = center
        begins = Array(repeating: 0, count: inputs.count)
        ends = Array(repeating: 0, count: inputs.count)
        let identities = inputs.map(ObjectIdentifier.init)
        let beginNames = [TextField.textDidBeginEditingNotification, TextView.textDidBeginEditingNotification]
        let endNames = [TextField.textDidEndEditingNotification, TextView.textDidEndEditingNotification]
        for (names, isBegin) in [(beginNames, true), (endNames, false)] {
            for name in names {
                observe(name) { observer, note in
                    guard let object = note.object as AnyObject?,
                        let index = identities.firstIndex(of: ObjectIdentifier(object))
                    else { return }
                    if isBegin { observer.begins[index] += 1 } else { observer.ends[index] += 1 }
                }
            }
        }
        for name in Set(Self.showGroup + Self.hideGroup) {
            observe(name) { observer, note in
                observer.keyboard(note.name, KeyboardTransition(notification: note))
            }
        }
    }

    /// The keyboard notifications of a show, in the contract's order.
    private static let showGroup = [
        Responder.keyboardWillChangeFrameNotification, Responder.keyboardWillShowNotification,
        Responder.keyboardDidChangeFrameNotification, Responder.keyboardDidShowNotification,
    ]
    /// The keyboard notifications of a hide, in the contract's order.
    private static let hideGroup = [
        Responder.keyboardWillChangeFrameNotification, Responder.keyboardWillHideNotification,
        Responder.keyboardDidChangeFrameNotification, Responder.keyboardDidHideNotification,
    ]

    isolated deinit {
        for token in tokens { center.removeObserver(token) }
    }

    /// Whether a keyboard group was left incomplete (checked after each operation).
    var isGroupOpen: Bool { !group.isEmpty }

    private func keyboard(_ name: Notification.Name, _ transition: KeyboardTransition?) {
        group.append((name, transition))
        guard group.count == 4 else { return }
        defer { group.removeAll() }
        let names = group.map(\.name)
        let isShow = names == Self.showGroup
        let isHide = names == Self.hideGroup
        guard isShow || isHide else { return fail("keyboard group \(names.map(\.rawValue))") }
        guard let first = group[0].transition, group.allSatisfy({ $0.transition == first }) else {
            return fail("keyboard group with differing or missing userInfo")
        }
        if isHide, !shown { return fail("hide while hidden") }
        if shown, first.beginFrame != lastEnd { return fail("begin frame \(first.beginFrame) != last end") }
        shown = isShow
        lastEnd = first.endFrame
    }

    private func fail(_ message: String) {
        if problem == nil { problem = message }
    }

    private func observe(
        _ name: Notification.Name, _ body: @escaping @MainActor (PropertyObserver, Notification) -> Void
    ) {
        tokens.append(
            center.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                nonisolated(unsafe) let note = note
                MainActor.assumeIsolated { if let self { body(self, note) } }
            })
    }
}
