import Foundation
import KeypadFuzz

// Built with -DKEYPAD_LIBFUZZER and -sanitize=fuzzer (`make fuzz`), libFuzzer drives
// LayoutFuzz; built plainly, this replays saved inputs (`make test`'s regressions).
@main
enum FuzzEntry {
    static func main() {
        #if KEYPAD_LIBFUZZER
            exit(LibFuzzer.run(LayoutFuzz.run))
        #else
            exit(
                MainActor.assumeIsolated {
                    FuzzReplay.main(arguments: Array(CommandLine.arguments.dropFirst()), target: LayoutFuzz.run)
                })
        #endif
    }
}
