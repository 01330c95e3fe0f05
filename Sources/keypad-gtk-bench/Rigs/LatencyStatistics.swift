import Foundation
import KeypadGTK

/// Median, 95th percentile and count of a set of durations, in milliseconds.
struct LatencyStatistics: Sendable, CustomStringConvertible {
    var count: Int
    var median: Double
    var p95: Double

    /// Statistics of `milliseconds` (empty gives zeros).
    init(milliseconds: [Double]) {
        let sorted = milliseconds.sorted()
        count = sorted.count
        median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        p95 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
    }

    var description: String {
        String(format: "median %.2f ms, p95 %.2f ms (n=%d)", median, p95, count)
    }
}

/// CPU time used by this process so far, in seconds (user + system).
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
