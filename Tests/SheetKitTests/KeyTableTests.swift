import Foundation
import XCTest
@testable import SheetKit

/// The window's keys are one table: the README's key table, the help overlay and the reducer all read `KeyTable`.
final class KeyTableTests: XCTestCase {
    /// The key column of the README's table under "## The window".
    func readmeKeys() throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "\n## The window\n").dropFirst().first)
        let lines = section.components(separatedBy: "\n## ")[0].split(separator: "\n").map(String.init)
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("| key |") })
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map {
            $0.dropFirst(2).components(separatedBy: " | ")[0].trimmingCharacters(in: .whitespaces)
        }
    }

    func testTheReadmeListsTheKeyTable() throws {
        XCTAssertEqual(try readmeKeys(), KeyTable.bindings.map(\.label))
    }

    /// Under the table, the line on typing into a focused field, as the help overlay names it (`KeyTable.fieldHelp`);
    /// the Esc row says what Esc does then.
    func testTheReadmeSaysHowTypingTakesTheKeys() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let heading = KeyTable.fieldHelp.label + " " + KeyTable.fieldHelp.help.prefix { $0 != ":" } + ":"
        XCTAssertTrue(text.contains("\n" + heading + " "), heading)
        let esc = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("| Q, Esc |") })
        XCTAssertTrue(esc.contains("Esc hides the keyboard"), String(esc))
        XCTAssertTrue(KeyTable.binding(of: .quit).help.contains("hide the keyboard"))
    }

    func testEveryCommandHasOneBindingAndEveryChordOneCommand() {
        XCTAssertEqual(Set(KeyTable.bindings.map(\.command)), Set(KeyCommand.allCases))
        XCTAssertEqual(KeyTable.bindings.count, KeyCommand.allCases.count)
        for binding in KeyTable.bindings {
            for chord in binding.chords { XCTAssertEqual(KeyTable.command(for: chord), binding.command, "\(chord)") }
        }
    }

    /// Letters in either case and with Shift; F5 and Shift+F5 apart; Ctrl only with its own chords.
    func testChordTable() {
        let rows: [(KeyChord, KeyCommand?, UInt)] = [
            (KeyChord(.character("h")), .hud, #line),
            (KeyChord(.character("h"), shift: true), .hud, #line),
            (KeyChord(.character("H")), .hud, #line),
            (KeyChord(.f5), .recordGestures, #line),
            (KeyChord(.f5, shift: true), .recordClip, #line),
            (KeyChord(.character("z"), control: true), .undo, #line),
            (KeyChord(.character("z"), shift: true, control: true), .redo, #line),
            (KeyChord(.character("y"), control: true), .redo, #line),
            (KeyChord(.character("s"), control: true), .save, #line),
            (KeyChord(.character("s")), .slowMotion, #line),
            (KeyChord(.character("h"), control: true), nil, #line),
            (KeyChord(.digit(3)), .goToDetent, #line),
            (KeyChord(.digit(0)), nil, #line),
            (KeyChord(.escape), .quit, #line),
            (KeyChord(.tab), .inspector, #line),
        ]
        for (chord, command, line) in rows { XCTAssertEqual(KeyTable.command(for: chord), command, line: line) }
    }

    /// The reducer runs what the table says: a chord the table does not have does nothing.
    func testTheReducerReadsTheTable() throws {
        var d = try makeDesigner()
        d.run([.key(.character("H"), shift: true, control: false)])
        XCTAssertTrue(d.panels.hud)
        d.run([.key(.character("h"), shift: false, control: true)])
        XCTAssertTrue(d.panels.hud, "Ctrl+H is not bound")
        d.run([.key(.character("?"), shift: true, control: false)])
        XCTAssertTrue(d.panels.help)
        d.run([.key(.escape, shift: false, control: false)])
        XCTAssertFalse(d.running)
    }
}
