import CGTK

/// How tall keypad keys are: at least a fingertip (9 mm) on the monitor, and never
/// below 48 pixels (GTK's and most platforms' smallest touch target).
package enum KeySize {
    /// The smallest key height on the monitor, in millimetres.
    package static let minimumMillimetres = 9.0
    /// The smallest key height in pixels, whatever the monitor reports.
    package static let minimumPixels = 48

    /// The key height in pixels on a monitor with `pixelsPerMillimetre` (nil or not
    /// positive when the monitor reports no physical size).
    package static func height(pixelsPerMillimetre: Double?) -> Int {
        guard let pixelsPerMillimetre, pixelsPerMillimetre > 0 else { return minimumPixels }
        return max(minimumPixels, Int((minimumMillimetres * pixelsPerMillimetre).rounded(.up)))
    }

    /// The primary monitor's vertical pixels (GDK's, scaled) per millimetre, or nil
    /// when GTK has no display or the monitor reports no physical size.
    package static func monitorPixelsPerMillimetre() -> Double? {
        Monitor.pixelsPerMillimetre(of: nil)
    }
}
