import CGTK
import Foundation
import KeypadCore

/// Follows a widget's input-method preedit (any GTK IM: ibus, fcitx, GTK's own
/// `cyrillic-translit`) into the model's marked text, so the delegate and length rules
/// see a composition as the core does (see KeypadCore's "Marked text" article).
///
/// GTK draws the preedit itself, at the cursor, and keeps it out of the widget's buffer.
/// While the model's marked text is the IM's preedit, the buffer so shows the model's
/// text without the marked range (``shownText``) and GTK shows the marked text as
/// preedit; the model stays the truth of everything else.
///
/// - Each `preedit-changed` with text becomes `setMarkedText` (the caret at its end).
/// - GTK ends a preedit before committing it (`preedit-changed ""`, then `commit`, which
///   reaches the adapter as `insert-text`): the end waits for the commit, which becomes
///   `insertText` on the model — the commit, judged by the rules. An end with no commit
///   (Escape, a click) removes the marked text as a step.
/// - When the two part — a step the delegate refused, a keypad key or the end of editing
///   committing the marked text — the IM is reset, and the buffer shows all of the
///   model's text, its marked text (if any is left) included. A new preedit then first
///   commits that marked text.
/// - A secure input never composes: its preedit is refused and the IM reset.
@MainActor
final class PreeditFollower {
    private unowned let responder: TextResponder
    /// Resets the widget's IM context (`gtk_entry_reset_im_context`).
    private let resetIM: @MainActor () -> Void
    /// Writes the model's text and selection into the widget again.
    private let sync: @MainActor () -> Void
    /// The preedit the IM shows now; "" when none.
    private(set) var preedit = ""
    /// Whether the model's marked text came from the IM's preedit.
    private var ownsMarking = false
    /// Model changes made here, which need no check against the preedit.
    private var isFollowing = false
    /// The preedit-changed that resetting the IM sends back.
    private var isResetting = false
    /// A preedit that ended, waiting for its commit (the end of a preedit comes first).
    private var endSource: guint = 0

    init(responder: TextResponder, resetIM: @escaping @MainActor () -> Void, sync: @escaping @MainActor () -> Void) {
        self.responder = responder
        self.resetIM = resetIM
        self.sync = sync
    }

    /// Stops waiting for a commit (the adapter is unbinding).
    func cancel() {
        MainLoop.cancel(endSource)
        endSource = 0
    }

    // MARK: - The widget's text, with GTK drawing the marked text

    /// Whether the buffer leaves the model's marked text out, as GTK draws it as preedit.
    var hidesMarkedText: Bool {
        guard ownsMarking, responder.markedTextRange != nil else { return false }
        return endSource != 0 || responder.markedText == preedit
    }

    /// The text the widget's buffer holds: the model's, less marked text GTK draws.
    var shownText: String {
        guard hidesMarkedText, let marked = responder.markedTextRange else { return responder.text }
        return (responder.text as NSString).replacingCharacters(in: marked, with: "")
    }

    /// A model range in the buffer's UTF-16 offsets (a range inside hidden marked text
    /// becomes the cursor where GTK draws the preedit).
    func shownRange(_ range: NSRange) -> NSRange {
        guard hidesMarkedText, let marked = responder.markedTextRange else { return range }
        func shown(_ offset: Int) -> Int {
            offset <= marked.location ? offset : max(marked.location, offset - marked.length)
        }
        let lower = shown(range.location)
        return NSRange(location: lower, length: shown(range.location + range.length) - lower)
    }

    /// A buffer range in the model's UTF-16 offsets.
    func modelRange(_ range: NSRange) -> NSRange {
        guard hidesMarkedText, let marked = responder.markedTextRange else { return range }
        func model(_ offset: Int) -> Int { offset <= marked.location ? offset : offset + marked.length }
        let lower = model(range.location)
        return NSRange(location: lower, length: model(range.location + range.length) - lower)
    }

    // MARK: - GTK → model

    /// The widget's `preedit-changed`.
    func preeditChanged(_ text: String) {
        guard !isResetting else { return }
        guard !text.isEmpty else {
            preedit = ""
            if ownsMarking, responder.markedTextRange != nil, endSource == 0 {
                endSource = MainLoop.soon { [weak self] in
                    self?.endSource = 0
                    self?.endWithoutCommit()
                }
            }
            return
        }
        if endSource != 0 {
            cancel()
            endWithoutCommit()
        }
        preedit = text
        if responder.markedTextRange != nil, !ownsMarking {
            // Marked text the IM does not show (a refused step left it): commit it first.
            follow { responder.commitMarkedText() }
        }
        guard responder.markedText != text else { return }
        let step = NSRange(location: text.utf16.count, length: 0)
        // Owned before the step, so the widget synced during it leaves the marked text to GTK.
        let owned = ownsMarking
        ownsMarking = true
        if !follow({ responder.setMarkedText(text, selectedRange: step) }) {
            ownsMarking = owned
            // Not while the IM is inside its key handler: before the next input event.
            MainLoop.soon { [weak self] in self?.resetToModel() }
        }
    }

    /// Text the widget is about to insert: the IM's commit of the preedit, or nil when no
    /// preedit is marked in the model (the adapter inserts it as any text).
    ///
    /// - Returns: whether the commit was kept; nil when it was not a commit.
    func commit(_ text: String) -> Bool? {
        guard ownsMarking, responder.markedTextRange != nil else { return nil }
        cancel()
        ownsMarking = false
        return follow { responder.commitMarkedText(replacingWith: text) }
    }

    /// The preedit ended with no commit: the marked text goes, as a step.
    private func endWithoutCommit() {
        guard ownsMarking, responder.markedTextRange != nil else { return }
        ownsMarking = false
        if !follow({ responder.setMarkedText(nil, selectedRange: NSRange(location: 0, length: 0)) }) {
            sync()  // refused: the marked text stays, now in the buffer
        }
    }

    // MARK: - Model → GTK

    /// Called on every model change before the widget is synced: when the model no
    /// longer marks the IM's preedit (a key, the end of editing, code), resets the IM.
    func modelChanged() {
        guard !isFollowing, !preedit.isEmpty || ownsMarking, endSource == 0 else { return }
        guard responder.markedText != preedit || !ownsMarking else { return }
        resetToModel()
    }

    /// Resets the IM, so the widget shows the model's text, marked text included.
    private func resetToModel() {
        isResetting = true
        resetIM()
        isResetting = false
        preedit = ""
        ownsMarking = false
        sync()
    }

    @discardableResult
    private func follow<Result>(_ body: () -> Result) -> Result {
        isFollowing = true
        defer { isFollowing = false }
        return body()
    }
}
