import Foundation
import KeypadCore
import Testing

/// The tests that run once per bundled file take their cases from the resource bundle;
/// a bundle that cannot be found would leave them with zero cases, passing. This suite
/// fails instead.
@Suite("The resource bundle is found and complete")
struct ResourceBundleTests {
    /// `Resources/layouts` in the checkout, found from this source file.
    private static let layoutsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/layouts").standardizedFileURL

    @Test("the bundle holds every layout file of Resources/layouts, so per-layout tests have cases")
    func bundleHasEveryLayout() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.layoutsFolder, includingPropertiesForKeys: nil)
        let shipped = files.filter { $0.pathExtension == "json" }.map { $0.deletingPathExtension().lastPathComponent }
            .sorted()
        #expect(!shipped.isEmpty, "no layouts in \(Self.layoutsFolder.path)")
        #expect(KeypadLayout.bundledIDs() == shipped, "the resource bundle is missing or stale")
    }
}
