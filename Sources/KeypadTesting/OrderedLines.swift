/// The recorder's lines in the order their events began.
///
/// A delegate call's line is reserved before the delegate runs and completed with
/// its answer afterwards, so whatever the delegate does meanwhile (resigning from
/// inside `shouldReturn`, applying a filtered edit from inside `shouldChange…`)
/// comes after it. Lines are handed on (to `onLine`) only once every earlier line
/// is complete, so a live trace reads in the same order.
struct OrderedLines {
    /// The lines not taken yet; a reserved line reads as its placeholder until completed.
    private(set) var lines: [String] = []
    /// The number of lines taken so far: the running number of `lines[0]`.
    private var taken = 0
    /// Lines not yet handed on, by running number; nil text while reserved.
    private var held: [(number: Int, text: String?)] = []

    /// Adds a complete line; returns the lines that may be handed on now, in order.
    mutating func append(_ text: String) -> [String] {
        add(text, placeholder: text)
        return release()
    }

    /// Reserves the next line; returns its running number for ``complete(_:with:)``.
    mutating func reserve(placeholder: String) -> Int {
        add(nil, placeholder: placeholder)
    }

    /// Completes a reserved line; returns the lines that may be handed on now, in order.
    mutating func complete(_ number: Int, with text: String) -> [String] {
        let index = number - taken
        if lines.indices.contains(index) { lines[index] = text }
        if let heldIndex = held.firstIndex(where: { $0.number == number }) { held[heldIndex].text = text }
        return release()
    }

    /// Removes and returns the lines recorded so far.
    mutating func take() -> [String] {
        defer {
            taken += lines.count
            lines.removeAll()
        }
        return lines
    }

    @discardableResult
    private mutating func add(_ text: String?, placeholder: String) -> Int {
        let number = taken + lines.count
        lines.append(placeholder)
        held.append((number, text))
        return number
    }

    private mutating func release() -> [String] {
        var released: [String] = []
        while let first = held.first, let text = first.text {
            released.append(text)
            held.removeFirst()
        }
        return released
    }
}
