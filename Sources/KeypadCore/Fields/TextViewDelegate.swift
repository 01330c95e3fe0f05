import Foundation

/// The editing decisions and reports of a ``TextView``, as UIKit's `UITextViewDelegate`.
///
/// Every method is optional: the protocol extension supplies UIKit's defaults.
@MainActor
public protocol TextViewDelegate: AnyObject {
    /// Whether the view may begin editing.
    func textViewShouldBeginEditing(_ textView: TextView) -> Bool
    /// The view became first responder and its keypad is on screen.
    func textViewDidBeginEditing(_ textView: TextView)
    /// Whether the view may stop editing.
    func textViewShouldEndEditing(_ textView: TextView) -> Bool
    /// The view stopped editing.
    func textViewDidEndEditing(_ textView: TextView)
    /// Whether `range` (UTF-16 units) may be replaced by `text`; a deletion has an empty text.
    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The user changed the text.
    func textViewDidChange(_ textView: TextView)
    /// The user moved the cursor or the selection.
    func textViewDidChangeSelection(_ textView: TextView)
}

extension TextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: TextView) {}
    public func textViewShouldEndEditing(_ textView: TextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: TextView) {}
    public func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String)
        -> Bool
    { true }
    public func textViewDidChange(_ textView: TextView) {}
    public func textViewDidChangeSelection(_ textView: TextView) {}
}
