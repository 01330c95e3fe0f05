extension KeypadLayout {
    /// The bounds every layout file must keep, so that no file can stall the loader or
    /// ask a renderer for more than it can draw. They are documented in
    /// `Resources/layouts/README.md`; a file outside them is rejected with a
    /// ``LayoutError`` and the bundled layout serves instead.
    public enum Limits {
        /// The largest layout file read, in bytes; a larger one is rejected unread.
        public static let maximumFileBytes = 256 * 1024
        /// Pages per layout.
        public static let maximumPages = 8
        /// Rows per page.
        public static let maximumRows = 8
        /// Keys per row.
        public static let maximumKeysPerRow = 16
        /// The smallest and largest key width, relative to a plain key.
        public static let keyWidths: ClosedRange<Double> = 0.5...8
        /// The most a row's key widths may add up to.
        public static let maximumRowWidth: Double = 16
        /// The smallest and largest row height, in points.
        public static let rowHeights: ClosedRange<Double> = 24...160
        /// Alternatives per key.
        public static let maximumAlternatives = 16
        /// Characters in a layout, page or key id.
        public static let maximumIDLength = 64
        /// Characters in a key's label.
        public static let maximumLabelLength = 16
        /// Characters in an accessible name or its localization key.
        public static let maximumNameLength = 128
        /// Characters a key (or one alternative) inserts.
        public static let maximumInsertLength = 64
        /// Characters in the free-text `comment`.
        public static let maximumCommentLength = 4096

        /// `width` made safe to draw: inside ``keyWidths`` (a non-finite width becomes 1).
        public static func drawableWidth(_ width: Double) -> Double {
            guard width.isFinite else { return 1 }
            return min(max(width, keyWidths.lowerBound), keyWidths.upperBound)
        }
    }
}
