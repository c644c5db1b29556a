/// What is wrong with the user's input (a config, a script, a scenario, the command line): every
/// problem found, each with its file, place and key path. Exit status 1.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// One problem with a whole file or argument, such as "no such file" or a bad `--fps`.
    public init(file: String, _ message: String) {
        diagnostics = [Diagnostic(file: file, message: message)]
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
