#if KEYPAD_LIBFUZZER
    import Foundation

    /// libFuzzer's entry for programs with their own `main` (SwiftPM renames an executable's
    /// `main`, so libFuzzer's own cannot be used).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The target libFuzzer calls; set once, before the driver starts.
    nonisolated(unsafe) private var currentTarget: (@MainActor (Data) -> Void)?

    /// Runs libFuzzer over a target with the process's arguments.
    public enum LibFuzzer {
        /// Hands the process's arguments to libFuzzer, which calls `target` with each input; returns its exit status.
        public static func run(_ target: @escaping @MainActor (Data) -> Void) -> Int32 {
            currentTarget = target
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            return runDriver(&argc, &argv, fuzzOneInput)
        }
    }

    /// The callback libFuzzer's driver calls with each input (libFuzzer's own archive also
    /// needs the symbol by this name).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
        MainActor.assumeIsolated { currentTarget?(data) }
        return 0
    }
#endif
