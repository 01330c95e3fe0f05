import CustomDump
import KeypadTesting

/// Checks a recorder's whole trace since the last take against `expected`, and takes it.
///
/// A mismatch is reported at the caller's line with a line-by-line diff of the two
/// traces (swift-custom-dump), so the one event out of place is easy to see:
///
/// ```
/// −   "keyboard didShow (0,768,1024,260)->(0,508,1024,260)",
/// +   "F didBeginEditing",
/// ```
@MainActor
public func expectTrace(
    _ recorder: EventRecorder, _ expected: [String], _ message: @autoclosure () -> String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    expectLines(
        recorder.takeLines(), expected, message(), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Checks trace lines (a recorder's, or a demo's `--trace` output) against `expected`,
/// reporting a mismatch at the caller's line with a line-by-line diff.
public func expectLines(
    _ actual: [String], _ expected: [String], _ message: @autoclosure () -> String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    expectNoDifference(
        actual, expected, message(), fileID: fileID, filePath: filePath, line: line, column: column)
}
