/// The version of the Keypad package, as its executables' `--version` prints it.
public enum KeypadVersion {
    /// The release this source tree is (semantic versioning); bumped with each release.
    public static let current = "0.2.0"
}
