import Foundation

/// What soak runs and benchmarks read about their own process.
public enum ProcessMeasures {
    /// This process's resident set size in kilobytes (from /proc/self/status; 0 where
    /// there is no such file).
    public static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }
}
