import SheetKit

/// Something the machine could not do: no display, fonts missing, a PNG that would not write or an image
/// the platform could not decode. Not a problem in the user's input (that is an `InputError`); it prints
/// the same way, `sheetlab: <subject>: [<key path>: ]<message>`, and exits 1.
struct PlatformFailure: Error, CustomStringConvertible {
    /// What failed: a file, a font folder, a command.
    var subject: String
    /// Where in a config the failing thing is named, when it is.
    var keyPath: KeyPath?
    var message: String

    init(_ subject: String, keyPath: KeyPath? = nil, _ message: String) {
        self.subject = subject; self.keyPath = keyPath; self.message = message
    }

    var description: String {
        Diagnostic(file: subject, path: keyPath, message: message).description
    }
}
