import Foundation
@testable import SheetKit
import XCTest

/// Issue 32, item 2: every number from a file that code turns into an Int (points × scale → pixels, times → frame
/// counts) is range-checked when the file is decoded, and refused there with its key path. One row per call-site
/// class of the audit in docs/robustness.md; each is tried with 1e308 (not an Int at all) and 3e18 (an Int, but
/// one that overflows times a scale of 3).
final class NumberRangeTests: XCTestCase {
    enum Kind { case config, script, scenario }

    func problem(_ kind: Kind, _ text: String) -> String? {
        let result: Result<Void, InputError>
        switch kind {
        case .config: result = DocumentLoader.load(SheetLabConfig.self, text: text, file: "f.json", fileExists: { _ in true }).map { _ in }
        case .script: result = DocumentLoader.load(Script.self, text: text, file: "f.json").map { _ in }
        case .scenario: result = DocumentLoader.load(Scenario.self, text: text, file: "f.json").map { _ in }
        }
        if case .failure(let e) = result { return e.diagnostics.map(\.description).joined(separator: "\n") }
        return nil
    }

    /// `N` in the text is replaced by each huge number.
    let rows: [(line: UInt, site: String, kind: Kind, json: String, keyPath: String)] = [
        // FrameRenderer/ContentLayer/ClipCommand: canvas width, height × scale → frame pixels.
        (#line, "canvas width × scale", .config, #"{"canvas": {"width": N}}"#, "canvas.width"),
        (#line, "canvas height × scale", .config, #"{"canvas": {"height": N}}"#, "canvas.height"),
        (#line, "scale (an Int key)", .config, #"{"canvas": {"scale": N}}"#, "canvas.scale"),
        // DisplayCorners: safe area top × scale → rows.
        (#line, "safe area × scale", .config, #"{"canvas": {"safeArea": {"top": N}}}"#, "canvas.safeArea.top"),
        // ContentLayer: spacer heights, image heights, space above × scale → content rows.
        (#line, "spacer height × scale", .config, #"{"sheet": {"content": [{"type": "spacer", "height": N}]}}"#, "sheet.content[0].height"),
        (#line, "image height × scale", .config, #"{"sheet": {"content": [{"type": "image", "path": "a.png", "height": N}]}}"#, "sheet.content[0].height"),
        (#line, "space above × scale", .config, #"{"sheet": {"content": [{"type": "text", "text": "a", "spaceAbove": N}]}}"#, "sheet.content[0].spaceAbove"),
        (#line, "button padding × scale", .config, #"{"sheet": {"content": [{"type": "button", "title": "a", "padding": N}]}}"#, "sheet.content[0].padding"),
        // FrameRenderer+Keyboard, KeyboardArt: keyboard height × scale → rows.
        (#line, "keyboard height × scale", .config, #"{"sheet": {"keyboard": {"height": N}}}"#, "sheet.keyboard.height"),
        // SheetChrome: grabber size × scale.
        (#line, "grabber width × scale", .config, #"{"sheet": {"grabber": {"width": N}}}"#, "sheet.grabber.width"),
        // SheetOutline, OutlineBand: shadow reach (radius, y) × scale → columns and rows.
        (#line, "shadow radius × scale", .config, #"{"sheet": {"shadow": {"radius": N}}}"#, "sheet.shadow.radius"),
        (#line, "shadow y × scale", .config, #"{"sheet": {"shadow": {"y": N}}}"#, "sheet.shadow.y"),
        // BackdropBlur, Recede: blur sigma × scale → kernel sizes and levels.
        (#line, "material blur × scale", .config, #"{"sheet": {"material": {"blur": N}}}"#, "sheet.material.blur"),
        // SheetShape: corner radius × scale.
        (#line, "corner radius × scale", .config, #"{"sheet": {"cornerRadius": N}}"#, "sheet.cornerRadius"),
        // FrameSpring, ReanimatedSpring, ClipPlan: script times / frame → frame counts.
        (#line, "step time → frames", .script, #"{"steps": [{"at": N, "select": "large"}]}"#, "steps[0].at"),
        (#line, "wait → frames", .script, #"{"steps": [{"at": 0, "wait": N}]}"#, "steps[0].wait"),
        (#line, "drag duration → frames", .script, #"{"steps": [{"at": 0, "drag": {"from": [0, 0], "to": [0, 10], "duration": N}}]}"#, "steps[0].drag.duration"),
        // TouchIndicator: touch points × scale → pixels.
        (#line, "touch point × scale", .script, #"{"steps": [{"at": 0, "down": [N, 0]}]}"#, "steps[0].down"),
        // Scenario: snapshot times, scale, crop (TestCommand.render), mask (SuiteRun.maskRects), diff ratio × pixels.
        (#line, "snapshot time → frames", .scenario, #"{"snapshots": [{"at": N, "name": "a"}]}"#, "snapshots[0].at"),
        (#line, "snapshot scale", .scenario, #"{"snapshots": [{"at": 0, "name": "a", "scale": N}]}"#, "snapshots[0].scale"),
        (#line, "crop x × scale", .scenario, #"{"snapshots": [{"at": 0, "name": "a", "crop": [N, 0, 10, 10]}]}"#, "snapshots[0].crop"),
        (#line, "crop y × scale", .scenario, #"{"snapshots": [{"at": 0, "name": "a", "crop": [0, N, 10, 10]}]}"#, "snapshots[0].crop"),
        (#line, "crop width × scale", .scenario, #"{"snapshots": [{"at": 0, "name": "a", "crop": [0, 0, N, 10]}]}"#, "snapshots[0].crop"),
        (#line, "crop height × scale", .scenario, #"{"snapshots": [{"at": 0, "name": "a", "crop": [0, 0, 10, N]}]}"#, "snapshots[0].crop"),
        (#line, "mask x × scale", .scenario, #"{"snapshots": [{"at": 0, "name": "a", "mask": [[N, 0, 10, 10]]}]}"#, "snapshots[0].mask"),
        (#line, "mask x (negative) × scale", .scenario, #"{"snapshots": [{"at": 0, "name": "a", "mask": [[-N, 0, 10, 10]]}]}"#, "snapshots[0].mask"),
        (#line, "mask width × scale", .scenario, #"{"snapshots": [{"at": 0, "name": "a", "mask": [[0, 0, N, 10]]}]}"#, "snapshots[0].mask"),
        (#line, "diff ratio × pixels", .scenario, #"{"maxDiffRatio": N, "snapshots": [{"at": 0, "name": "a"}]}"#, "maxDiffRatio"),
        (#line, "diff pixels (an Int key)", .scenario, #"{"maxDiffPixels": N, "snapshots": [{"at": 0, "name": "a"}]}"#, "maxDiffPixels"),
    ]

    func testEveryHugeNumberIsRefusedAtItsKey() {
        for row in rows {
            for n in ["1e308", "3e18"] {
                let text = row.json.replacingOccurrences(of: "N", with: n)
                guard let p = problem(row.kind, text) else {
                    XCTFail("\(row.site): \(n) was accepted", line: row.line)
                    continue
                }
                XCTAssertTrue(p.contains("f.json"), p, line: row.line)
                XCTAssertTrue(p.contains(row.keyPath + ":") || p.contains(row.keyPath + " "),
                              "\(row.site) with \(n): expected \(row.keyPath), got \(p)", line: row.line)
            }
        }
    }

    /// The bounds chosen for crop and mask: a crop lies in the largest canvas (0…2048 pt, sides up to 2048), a mask
    /// may start off the canvas (±2048) and be up to 4096 pt a side. The edges are kept; one past is refused.
    func testCropAndMaskBounds() throws {
        func load(_ snapshot: String) -> String? {
            problem(.scenario, #"{"snapshots": [{"at": 0, "name": "a", \#(snapshot)}]}"#)
        }
        XCTAssertNil(load(#""crop": [2048, 2048, 2048, 2048]"#))
        XCTAssertNil(load(#""mask": [[-2048, -2048, 4096, 4096]]"#))
        let rows: [(line: UInt, snapshot: String, message: String)] = [
            (#line, #""crop": [2049, 0, 10, 10]"#, "snapshots[0].crop: x must be at most 2048, found 2049 pt"),
            (#line, #""crop": [0, 0, 10, 2048.5]"#, "snapshots[0].crop: height must be at most 2048, found 2048.5 pt"),
            (#line, #""crop": [0, 0, 1e308, 10]"#, "snapshots[0].crop: width must be at most 2048"),
            (#line, #""mask": [[0, 0, 5, 5], [-2049, 0, 10, 10]]"#, "snapshots[0].mask: mask[1]: x must be at least -2048, found -2049 pt"),
            (#line, #""mask": [[0, 0, 4097, 5]]"#, "snapshots[0].mask: mask[0]: width must be at most 4096, found 4097 pt"),
        ]
        for row in rows {
            let p = load(row.snapshot) ?? "accepted"
            XCTAssertTrue(p.contains(row.message), p, line: row.line)
        }
    }
}
