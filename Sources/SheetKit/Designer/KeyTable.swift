/// A key as pressed: the key and the modifiers that matter.
public struct KeyChord: Sendable, Hashable {
    public var key: DesignerKey
    public var shift: Bool
    public var control: Bool

    public init(_ key: DesignerKey, shift: Bool = false, control: Bool = false) {
        self.key = key; self.shift = shift; self.control = control
    }
}

/// What a key does in the window.
public enum KeyCommand: String, Sendable, CaseIterable {
    case goToDetent, presentOrDismiss, hud, screenshot, export, reload, inspector, guides, motionOverlay, slowMotion,
         nextDevice, rotate, nextFeel, appearance, reference, recordGestures, recordClip, undo, redo, save, help, quit
}

/// The window's keys: one table, chord → command, that the reducer (`Designer.press`), the key help overlay and the
/// README's key table all read. Letters match either case; the inspector's own editing keys (arrows, Enter, ⌫, Esc
/// on a selected row, typing) come before this table while it has a row selected.
public enum KeyTable {
    public struct Binding: Sendable {
        /// How the keys are written: in the README's key column and in the help overlay.
        public var label: String
        public var chords: [KeyChord]
        public var command: KeyCommand
        /// The help overlay's line.
        public var help: String
    }

    /// A letter key, either case, with or without Shift.
    static func letter(_ c: Character) -> [KeyChord] {
        [Character(c.lowercased()), Character(c.uppercased())].flatMap { [KeyChord(.character($0)), KeyChord(.character($0), shift: true)] }
    }

    static func control(_ c: Character, shift: Bool = false) -> [KeyChord] {
        [KeyChord(.character(Character(c.lowercased())), shift: shift, control: true),
         KeyChord(.character(Character(c.uppercased())), shift: shift, control: true)]
    }

    public static let bindings: [Binding] = [
        Binding(label: "1 – 9", chords: (1...9).flatMap { [KeyChord(.digit($0)), KeyChord(.digit($0), shift: true)] },
                command: .goToDetent, help: "go to a detent (smallest first)"),
        Binding(label: "Space", chords: [KeyChord(.space), KeyChord(.space, shift: true)], command: .presentOrDismiss, help: "present or dismiss (over a stack: dismiss the top sheet)"),
        Binding(label: "H", chords: letter("h"), command: .hud, help: "show or hide the HUD"),
        Binding(label: "P", chords: letter("p"), command: .screenshot, help: "save a PNG of the canvas"),
        Binding(label: "X", chords: letter("x"), command: .export, help: "export code (target in the inspector)"),
        Binding(label: "R", chords: letter("r"), command: .reload, help: "reload the config"),
        Binding(label: "I, Tab", chords: letter("i") + [KeyChord(.tab), KeyChord(.tab, shift: true)], command: .inspector,
                help: "inspector: scrub, ↑↓, Enter to type"),
        Binding(label: "G", chords: letter("g"), command: .guides, help: "detent guides; drag a handle to move a detent"),
        Binding(label: "V", chords: letter("v"), command: .motionOverlay, help: "motion overlay: release, projection, settle plot"),
        Binding(label: "S", chords: letter("s"), command: .slowMotion, help: "slow motion, \(SlowMotion.factorText)"),
        Binding(label: "D", chords: letter("d"), command: .nextDevice, help: "next device (ends --device)"),
        Binding(label: "O", chords: letter("o"), command: .rotate, help: "rotate to landscape and back"),
        Binding(label: "F", chords: letter("f"), command: .nextFeel, help: "next feel: UIKit, FloatingPanel, gorhom, vaul, Material"),
        Binding(label: "A", chords: letter("a"), command: .appearance, help: "light or dark appearance"),
        Binding(label: "C", chords: letter("c"), command: .reference, help: "a dropped screenshot: onion skin, side by side, hidden"),
        Binding(label: "F5", chords: [KeyChord(.f5)], command: .recordGestures, help: "record gestures into a scenario"),
        Binding(label: "Shift+F5", chords: [KeyChord(.f5, shift: true)], command: .recordClip, help: "record a clip of the canvas (.webp)"),
        Binding(label: "Ctrl+Z", chords: control("z"), command: .undo, help: "undo"),
        Binding(label: "Ctrl+Shift+Z, Ctrl+Y", chords: control("z", shift: true) + control("y") + control("y", shift: true),
                command: .redo, help: "redo"),
        Binding(label: "Ctrl+S", chords: control("s") + control("s", shift: true), command: .save, help: "save the config"),
        Binding(label: "?", chords: [KeyChord(.character("?")), KeyChord(.character("?"), shift: true)], command: .help,
                help: "show or hide this help"),
        Binding(label: "Q, Esc", chords: letter("q") + [KeyChord(.escape), KeyChord(.escape, shift: true)], command: .quit,
                help: "quit (Esc in a focused field: hide the keyboard)"),
    ]

    private static let byChord: [KeyChord: KeyCommand] = {
        var table: [KeyChord: KeyCommand] = [:]
        for binding in bindings {
            for chord in binding.chords {
                precondition(table[chord] == nil, "\(chord) is bound twice")
                table[chord] = binding.command
            }
        }
        return table
    }()

    /// The command `chord` runs, if any.
    public static func command(for chord: KeyChord) -> KeyCommand? { byChord[chord] }

    // MARK: - A focused text field

    /// What a key does while a text field in the sheet is focused: it types, deletes or ends the editing, and the
    /// window's shortcuts above wait until the focus ends.
    public enum FieldKey: Sendable, Equatable {
        /// The key's character arrives as SDL text input (`DesignerInput.text`), which types it: the key press itself
        /// does nothing, so that H, Space or 1 never reach the table.
        case typesText
        /// ⌫: deletes the last character (`SheetInput.type("\u{8}")`); held down, it repeats.
        case deleteBackward
        /// Return ends the editing as a search field's return does, and Esc ends it instead of quitting: the keyboard
        /// goes down and the focus ends (`SheetInput.keyboard(show: false)`).
        case endEditing
        /// Forward delete: the caret always stands at the end of the text, so there is nothing after it to delete.
        case nothing
    }

    /// The help overlay's line and the README's line under the key table for typing into a focused field.
    public static let fieldHelp = (label: "Typing", help: "into a focused field: ⌫ deletes, Return or Esc hides the keyboard")

    /// What `chord` does while a field is focused; `nil`: the key table's command, as without a focus (Ctrl and Cmd
    /// chords such as Ctrl+Z and Ctrl+S, F5, Tab and the arrows).
    public static func fieldKey(for chord: KeyChord) -> FieldKey? {
        guard !chord.control else { return nil }
        switch chord.key {
        case .character, .digit, .space: return .typesText
        case .backspace: return .deleteBackward
        case .enter, .escape: return .endEditing
        case .delete: return .nothing
        case .tab, .up, .down, .left, .right, .f5: return nil
        }
    }

    /// The binding of `command`.
    public static func binding(of command: KeyCommand) -> Binding { bindings.first { $0.command == command }! }
}

