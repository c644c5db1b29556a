import XCTest
@testable import SheetKit

/// The window's A key toggles the document's `appearance` through the editor, so that it saves and reloads.
final class AppearanceKeyTests: XCTestCase {
    func testATogglesTheAppearance() throws {
        var d = try makeDesigner()
        XCTAssertEqual(d.workspace.config.appearance, .light)
        d.run([.key(.character("a"), shift: false, control: false)], at: 10)
        XCTAssertEqual(d.workspace.config.appearance, .dark)
        XCTAssertEqual(d.setup.config.appearance, .dark, "the setup the renderer reads is dark too")
        XCTAssertEqual(d.workspace.config.sheet.material, .named(.regular, in: .dark), "the default material follows")
        XCTAssertEqual(d.workspace.editor.value(at: KeyPath.root / "appearance")?.value, .string("dark"))
        XCTAssertTrue(d.workspace.editor.text.contains(#""appearance": "dark""#), "Ctrl+S saves it")
        XCTAssertEqual(d.toast?.message, "Appearance: dark")
        d.run([.key(.character("A"), shift: true, control: false)], at: 20)
        XCTAssertEqual(d.workspace.config.appearance, .light)
        XCTAssertEqual(d.toast?.message, "Appearance: light")
        // One undo step each.
        d.run([.key(.character("z"), shift: false, control: true)], at: 30)
        XCTAssertEqual(d.workspace.config.appearance, .dark)
    }
}
