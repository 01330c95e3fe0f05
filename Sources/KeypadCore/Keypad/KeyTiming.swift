/// How long keys wait before repeating or offering alternatives.
public struct KeyTiming: Equatable, Sendable {
    /// How long backspace is held before it starts repeating.
    public var repeatDelay: Duration
    /// The time between repeats while backspace stays held.
    public var repeatInterval: Duration
    /// How long a key with alternatives is held before they are offered.
    public var longPressDelay: Duration

    /// Creates timings; the defaults are those of common on-screen keyboards.
    public init(
        repeatDelay: Duration = .milliseconds(500), repeatInterval: Duration = .milliseconds(100),
        longPressDelay: Duration = .milliseconds(500)
    ) {
        self.repeatDelay = repeatDelay
        self.repeatInterval = repeatInterval
        self.longPressDelay = longPressDelay
    }
}
