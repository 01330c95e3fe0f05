/// A broken invariant ends the run at once, so libFuzzer records the input as a crash
/// (and the replay tool exits non-zero).
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz invariant broken: \(message())") }
}

/// Bytes read one value at a time; past the end everything reads as zero.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number below `bound` (which must be positive).
    mutating func below(_ bound: Int) -> Int { Int(byte()) % bound }

    /// The next `count` bytes (fewer at the end).
    mutating func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, offset + count)
        defer { offset = end }
        return Array(bytes[min(offset, end)..<end])
    }
}
