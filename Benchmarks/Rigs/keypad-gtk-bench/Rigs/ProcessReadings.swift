import Foundation
import KeypadGTK
import KeypadGTKInspection

/// Prints `NAME_samples V1 V2 …` (milliseconds) for scripts/benchmarks/latency_stats.py, which
/// holds the one definition of median and p95 that make bench uses.
func printSamples(_ name: String, _ milliseconds: [Double]) {
    print("\(name)_samples " + milliseconds.map { String(format: "%.4f", $0) }.joined(separator: " "))
}

/// CPU time used by this process so far, in seconds (user + system).
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
