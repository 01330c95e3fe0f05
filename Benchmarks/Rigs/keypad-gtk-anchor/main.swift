import CGTK
import Foundation

// `keypad-gtk-anchor [file.css]`: the smallest Swift GTK 3 app make bench measures memory
// against. Foundation imported and asked what any app with an amount field asks it (the
// current locale's decimal separator); a 540×720 window with the CSS given, an entry and
// a button that inserts "5". No keypad, no KeypadGTK, no argument parser: what Swift, its
// runtime and Foundation cost before any library of ours. Prints `ready` once shown and
// stays until killed.

gtk_init(nil, nil)
if let settings = gtk_settings_get_default() {
    keypad_object_set_int(UnsafeMutableRawPointer(settings), "gtk-enable-animations", 0)
}
if CommandLine.arguments.count > 1, let provider = gtk_css_provider_new() {
    var error: UnsafeMutablePointer<GError>?
    gtk_css_provider_load_from_path(provider, CommandLine.arguments[1], &error)
    if let error {
        FileHandle.standardError.write(Data("keypad-gtk-anchor: \(String(cString: error.pointee.message))\n".utf8))
        exit(2)
    }
    gtk_style_context_add_provider_for_screen(
        gdk_screen_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
}
let separator = Locale.current.decimalSeparator ?? "."
let window: UnsafeMutablePointer<GtkWidget> = gtk_window_new(GTK_WINDOW_TOPLEVEL)
gtk_window_set_title(keypad_window(window), "Swift GTK anchor")
gtk_window_set_default_size(keypad_window(window), 540, 720)
let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
let entry: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
gtk_entry_set_placeholder_text(keypad_entry(entry), "Amount (\(separator))")
let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label("5")
gtk_widget_set_can_focus(button, 0)
gtk_box_pack_start(keypad_box(box), entry, 0, 0, 0)
gtk_box_pack_start(keypad_box(box), button, 0, 0, 0)
gtk_container_add(keypad_container(window), box)
let insertFive: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    guard let data else { return }
    let editable = keypad_editable(data)
    var position = gtk_editable_get_position(editable)
    gtk_editable_insert_text(editable, "5", -1, &position)
    gtk_editable_set_position(editable, position)
}
g_signal_connect_data(
    UnsafeMutableRawPointer(button), "clicked", unsafeBitCast(insertFive, to: GCallback.self),
    UnsafeMutableRawPointer(entry), nil, GConnectFlags(rawValue: 0))
let quit: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _ in gtk_main_quit() }
g_signal_connect_data(
    UnsafeMutableRawPointer(window), "destroy", unsafeBitCast(quit, to: GCallback.self), nil, nil,
    GConnectFlags(rawValue: 0))
gtk_widget_show_all(window)
FileHandle.standardOutput.write(Data("ready\n".utf8))
gtk_main()
