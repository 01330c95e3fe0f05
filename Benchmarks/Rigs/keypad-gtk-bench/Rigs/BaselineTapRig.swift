import CGTK
import Foundation
import KeypadGTK
import KeypadGTKInspection

/// The baseline: a plain GtkWindow with a GtkEntry and a plain GtkButton whose
/// `clicked` handler inserts "5" at the cursor (or deletes one character) — what an
/// app without Keypad would write. With `actsOnPress`, the buttons' own
/// `button-press-event` handlers do it instead: GTK's cost of a press on a plain button.
@MainActor
final class BaselineTapRig {
    private let window: UnsafeMutablePointer<GtkWidget> = gtk_window_new(GTK_WINDOW_TOPLEVEL)
    private let entry: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
    private let insertButton: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label("5")
    private let deleteButton: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label("⌫")
    private let onChange: () -> Void

    init(actsOnPress: Bool = false, onChange: @escaping () -> Void) {
        self.onChange = onChange
        let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        gtk_window_set_default_size(keypad_window(window), 540, 720)
        gtk_box_pack_start(keypad_box(box), entry, 0, 0, 0)
        for button in [insertButton, deleteButton] {
            gtk_widget_set_can_focus(button, 0)
            gtk_widget_set_size_request(button, -1, 60)
            gtk_box_pack_start(keypad_box(box), button, 0, 0, 0)
        }
        gtk_container_add(keypad_container(window), box)
        let editable = keypad_editable(entry)
        let insert: VoidHandler = {
            var position = gtk_editable_get_position(editable)
            gtk_editable_insert_text(editable, "5", -1, &position)
            gtk_editable_set_position(editable, position)
        }
        let delete: VoidHandler = {
            let position = gtk_editable_get_position(editable)
            if position > 0 { gtk_editable_delete_text(editable, position - 1, position) }
        }
        for (button, action) in [(insertButton, insert), (deleteButton, delete)] {
            if actsOnPress {
                onEvent(UnsafeMutableRawPointer(button), "button-press-event") { event in
                    if event?.pointee.type == GDK_BUTTON_PRESS { action() }
                    return false
                }
            } else {
                onSignal(UnsafeMutableRawPointer(button), "clicked", action)
            }
        }
        onSignal(UnsafeMutableRawPointer(entry), "changed") { [weak self] in self?.onChange() }
        gtk_widget_show_all(window)
        gtk_window_present(keypad_window(window))
        gtk_widget_grab_focus(entry)
        MainLoop.run(until: { gtk_window_is_active(keypad_window(self.window)) != 0 })
        MainLoop.run(seconds: 0.3)
    }

    isolated deinit {
        gtk_widget_destroy(window)
        MainLoop.run(seconds: 0.05)
    }

    /// The two buttons: insert "5" and delete.
    var keyButtons: [UnsafeMutablePointer<GtkWidget>] { [insertButton, deleteButton] }

    /// The screen centres of the two buttons.
    var keyPoints: [(String, KioskWindow.ScreenPoint)] {
        [("5", insertButton), ("Delete", deleteButton)].compactMap { name, button in
            KeypadHost.screenCenter(of: button).map { (name, $0) }
        }
    }
}
