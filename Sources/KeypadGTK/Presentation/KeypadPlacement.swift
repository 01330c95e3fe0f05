import Foundation
import KeypadCore

/// A monitor as placing a keypad needs it, in GDK's (scaled) pixels.
package struct MonitorLayout: Equatable, Sendable {
    /// The whole monitor.
    package var geometry: CGRect
    /// The monitor less panels and docks.
    package var workArea: CGRect
    /// The monitor's physical height; 0 when it reports none.
    package var heightMillimetres: Int

    package init(geometry: CGRect, workArea: CGRect, heightMillimetres: Int) {
        self.geometry = geometry
        self.workArea = workArea
        self.heightMillimetres = heightMillimetres
    }
}

/// Where a keypad goes on a monitor, and how tall its keys are there: worked out again
/// whenever the monitor changes (a resolution change, a rotation, a panel, another monitor).
package enum KeypadPlacement {
    /// The key height on `monitor`: at least 9 mm and 48 px (``KeySize``).
    package static func keyHeight(on monitor: MonitorLayout) -> Int {
        guard monitor.heightMillimetres > 0, monitor.geometry.height > 0 else {
            return KeySize.height(pixelsPerMillimetre: nil)
        }
        return KeySize.height(pixelsPerMillimetre: Double(monitor.geometry.height) / Double(monitor.heightMillimetres))
    }

    /// The area a keypad in its own window docks to the bottom of on X11 and with
    /// layer-shell: the work area (an attached keypad docks to its app window instead).
    package static func screenBounds(on monitor: MonitorLayout) -> CGRect { monitor.workArea }

    /// The keypad window's frame for a keypad `height` pixels tall: the work area's full
    /// width at its bottom edge; never taller than the work area.
    package static func windowFrame(on monitor: MonitorLayout, height: Int) -> CGRect {
        windowFrame(in: screenBounds(on: monitor), height: height)
    }

    /// The frame of a keypad `height` pixels tall across the bottom (or top) of `area`, and
    /// no taller than it.
    package static func windowFrame(in area: CGRect, height: Int, edge: KeyboardEdge = .bottom) -> CGRect {
        let height = CGFloat(min(max(height, 0), Int(area.height)))
        let y = edge == .top ? area.minY : area.maxY - height
        return CGRect(x: area.minX, y: y, width: area.width, height: height)
    }
}
