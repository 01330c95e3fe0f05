import CGTK

// The functions the C context (Sources/CKeypadIM) calls. GTK calls an input-method
// context on the thread that runs its main loop, the main thread: each enters Swift
// on the main actor and hands over to the process's one ``InputMethod``.

typealias ContextPointer = UnsafeMutablePointer<GtkIMContext>

/// Runs `body` on the main actor with the process's input method, for a non-nil context.
private nonisolated func enter(
    _ context: ContextPointer?, _ body: @MainActor (InputMethod, ContextPointer) -> Void
) {
    guard let pointer = context else { return }
    nonisolated(unsafe) let context = pointer
    MainActor.assumeIsolated { body(InputMethod.shared, context) }
}

@_cdecl("keypad_im_swift_focus_in")
nonisolated func keypadIMFocusIn(_ context: ContextPointer?) { enter(context) { $0.focusIn($1) } }

@_cdecl("keypad_im_swift_focus_out")
nonisolated func keypadIMFocusOut(_ context: ContextPointer?) { enter(context) { $0.focusOut($1) } }

@_cdecl("keypad_im_swift_set_client_window")
nonisolated func keypadIMSetClientWindow(_ context: ContextPointer?, _ window: OpaquePointer?) {
    nonisolated(unsafe) let window = window
    enter(context) { $0.setClientWindow($1, window) }
}

@_cdecl("keypad_im_swift_cursor_moved")
nonisolated func keypadIMCursorMoved(_ context: ContextPointer?) { enter(context) { $0.cursorMoved($1) } }

@_cdecl("keypad_im_swift_traits_changed")
nonisolated func keypadIMTraitsChanged(_ context: ContextPointer?) { enter(context) { $0.traitsChanged($1) } }

@_cdecl("keypad_im_swift_surrounding_changed")
nonisolated func keypadIMSurroundingChanged(_ context: ContextPointer?) {
    enter(context) { $0.surroundingChanged($1) }
}

@_cdecl("keypad_im_swift_finalize")
nonisolated func keypadIMFinalize(_ context: ContextPointer?) { enter(context) { $0.finalize($1) } }
