import XCTest
@testable import SheetKit

/// Shift+F5: the designer asks the shell to start or stop a clip, and shows what became of it.
final class DesignerClipTests: XCTestCase {
    func testShiftF5TogglesTheClipAndF5StillRecordsGestures() throws {
        var d = try makeDesigner()
        XCTAssertEqual(d.handle(.key(.f5, shift: true, control: false), at: 10), [.toggleClip])
        XCTAssertNil(d.recorder, "Shift+F5 is not the gesture recorder")
        _ = d.handle(.key(.f5, shift: false, control: false), at: 20)
        XCTAssertNotNil(d.recorder, "F5 alone still records gestures")
    }

    func testOutcomesTable() throws {
        let rows: [(line: UInt, outcomes: [WriteOutcome], toast: String, recording: Bool)] = [
            (#line, [.clipStarted], "Recording a clip… press Shift+F5 to stop", true),
            (#line, [.clipStarted, .clipStopped(frames: 42, reason: nil)], "encoding 42 frames…", false),
            (#line, [.clipStarted, .clipStopped(frames: 800, reason: "Clip memory full")], "Clip memory full: encoding 800 frames…", false),
            (#line, [.clipStarted, .clipStopped(frames: 3, reason: nil), .clip(name: "sheetlab-x.webp", frames: 3, seconds: 2.04)],
             "Saved sheetlab-x.webp: 3 frames, 2 s", false),
            (#line, [.clip(name: "a.webp", frames: 90, seconds: 1.55)], "Saved a.webp: 90 frames, 1.6 s", false),
        ]
        for row in rows {
            var d = try makeDesigner()
            for outcome in row.outcomes { _ = d.handle(.wrote(outcome), at: 10) }
            XCTAssertEqual(d.toast?.message, row.toast, line: row.line)
            XCTAssertEqual(d.recordingClip, row.recording, line: row.line)
            XCTAssertEqual(d.badges.contains("● Clip"), row.recording, line: row.line)
        }
    }
}
