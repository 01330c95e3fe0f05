import CGTK

/// Accessible names through ATK, which AT-SPI reads.
enum Accessibility {
    static func name(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        guard let accessible = gtk_widget_get_accessible(widget) else { return }
        atk_object_set_name(accessible, name)
    }
}
