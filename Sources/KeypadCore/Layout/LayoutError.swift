/// A layout file that cannot be used, naming the file and the exact problem.
public struct LayoutError: Error, Equatable, CustomStringConvertible {
    /// The file's name (its last path component), or the name given to `decode`.
    public var fileName: String
    /// What is wrong, e.g. `row 2 of page "digits" is empty`.
    public var problem: String

    /// Creates an error.
    public init(fileName: String, problem: String) {
        self.fileName = fileName
        self.problem = problem
    }

    /// `<file>: <problem>`.
    public var description: String { "\(fileName): \(problem)" }
}
