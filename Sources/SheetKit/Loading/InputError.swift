/// What is wrong with the user's input (a config, a script, a scenario, the command line): every
/// problem found, each with its file, place and key path. Exit status 1.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// Problems found past the first `TreeDecoder.maxIssues` and only counted: the file's problems are
    /// `diagnostics.count + unlisted`.
    public var unlisted: Int

    public init(_ diagnostics: [Diagnostic], unlisted: Int = 0) { self.diagnostics = diagnostics; self.unlisted = unlisted }

    /// Every problem found, listed or not.
    public var count: Int { diagnostics.count + unlisted }

    /// One problem with a whole file or argument, such as "no such file" or a bad `--fps`.
    public init(file: String, _ message: String) {
        diagnostics = [Diagnostic(file: file, message: message)]
        unlisted = 0
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
