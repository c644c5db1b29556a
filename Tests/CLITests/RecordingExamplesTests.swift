import Foundation
import SheetKit
import SheetMeasure
import XCTest
@testable import sheetlab

/// `sheetlab measure VIDEO` on SheetLab's own clips, where the config is the truth (issue 37's acceptance for
/// recordings): every example, light and dark, at 1× (and four at 2×, the default at 3×), played by `sheetlab clip` through every one of its
/// detents, gives back each detent's height within 0.5 pt and, where a rest's still reads the dimming, the dimming
/// there within 0.02; the config it writes loads, with the motion the clip settles by. The clips are lossless WebP at 30 fps (the frame rate does not
/// change a rest's reading; it keeps the test quick).
final class RecordingExamplesTests: CLITestCase {
    static func examples() -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Examples")
    }

    /// The examples also clipped at 2×: a glass, the page sheet, and the two whose dark sheets are a few levels off the
    /// dark map (read off the scene behind, `EdgeEntry.revealed`); a 2× clip costs what four at 1× do.
    static let at2x: Set<String> = ["default", "classic-page-sheet", "blur-sheet", "multi-height"]

    func testEveryExampleClipMeasuresBackItsDetentsAndDimming() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples().path)
            .filter { $0.hasSuffix(".json") && !$0.contains(".script.") }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 9)
        for name in names {
            for appearance in ["light", "dark"] {
                for scale in (Self.at2x.contains(name) ? [1, 2] : [1]) + (name == "default" && appearance == "light" ? [3] : []) {
                    if let problem = try check(name, appearance: appearance, scale: scale) { XCTFail("\(name) \(appearance) \(scale)×: \(problem)") }
                }
            }
        }
    }

    /// Nil when the clip of `name` measures back; else what is off.
    func check(_ name: String, appearance: String, scale: Int) throws -> String? {
        let configURL = Self.examples().appendingPathComponent(name + ".json")
        var text = try String(contentsOf: configURL, encoding: .utf8)
        var root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        root["appearance"] = appearance
        text = String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
        guard case .success(let document) = ConfigLoader.load(text: text, file: name + ".json") else { return "the example does not load" }
        let setup = try MainActor.assumeIsolated { try ResolvedSheet.resolve(document).setup }
        let ids = setup.detents.map(\.id)
        let initial = document.config.sheet.initialDetent ?? ids[0]
        let others = ids.reversed().filter { $0 != initial }
        let steps = others.enumerated().map { #"{"at": \#(100 + 1400 * $0.offset), "select": "\#($0.element)"}"# }
        let config = "\(name)-\(appearance).json", script = "\(name).script.json", clip = "\(name)-\(appearance)-\(scale).webp"
        write(config, text)
        write(script, #"{"steps": [\#(steps.joined(separator: ", "))]}"#)
        let made = runSheetlab(["clip", "--config", config, "--script", script, "--out", clip, "--scale", "\(scale)", "--fps", "30",
                                "--to", "\(100 + 1400 * others.count + 1000)", "--effort", "0"], cwd: dir, timeout: 600)
        guard made.status == 0 else { return "clip failed: \(made.stderr)" }
        let path = dir.appendingPathComponent(clip).path
        let measured: (detents: [Double], looks: [RecordingMeasurement.DetentLook], config: JSONNode)
        do {
            measured = try MainActor.assumeIsolated {
                let m = try MeasuredRecording.read(path, device: nil)
                return (m.measurement.detents.map(\.value), m.detentLooks, m.config)
            }
        } catch { return "\(error)" }
        let found = measured.detents
        let configured = setup.detents.map(\.height).sorted()
        // What is drawn: the sheet's top on the pixel grid, as UIKit rounds frames (FrameRenderer's top row), so 463.5 pt
        // at 1× is drawn 463 pt tall.
        let h = setup.canvas.height, s = Double(scale)
        let truth = configured.map { h - ((h - $0) * s).rounded() / s }
        guard found.count == truth.count else { return "detents \(found) for \(truth)" }
        for (f, t) in zip(found, truth) where abs(f - t) > 0.5 { return "detent \(f) for \(t) (all: \(found))" }
        // The dimming where a rest's still read it.
        for (i, look) in measured.looks.enumerated() {
            guard let alpha = look.dimming else { continue }
            let expected = Dimming.amount(height: configured[i], detents: setup.detents, largestUndimmed: setup.largestUndimmed,
                                          opacity: setup.dimmingOpacity)
            if abs(alpha - expected) > 0.02 { return "dimming \(alpha) at \(truth[i]) pt for \(expected)" }
        }
        if case .failure(let error) = ConfigLoader.load(root: measured.config, file: "measured") { return "the config does not load: \(error)" }
        // The motion, where the clip settles between two detents: a curve's name and duration within 2 %; a spring's
        // response within 5 % (a dark glass sheet at 1× reads 0.4145 s for 0.4) and its damping within 0.02.
        guard configured.count >= 2 else { return nil }
        let motion = measured.config["sheet"]?["motion"]
        func number(_ key: String) -> Double? { if case .number(let d)? = motion?[key]?.value { d } else { nil } }
        var curve: String?
        if case .string(let c)? = motion?["curve"]?.value { curve = c }
        // A feel's own timed curve moves the sheet to a selected detent too (blur-sheet's); else the config's motion
        // (multi-height's feel puts a released sheet on its detent at once, and a selected one moves by the config's).
        var expected = setup.motion
        let feel = setup.config.sheet.motion.feel
        if feel != .uikit, case .timed(let d, _) = SheetSetup.feelCurve(feel, distance: 0, velocity: 0, range: 0), d > 0 {
            expected = SheetSetup.feelCurve(feel, distance: 0, velocity: 0, range: 0)
        }
        let units: [String: UnitCurve] = ["linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut]
        switch expected {
        case .timed(let duration, let unit):
            guard let curve, units[curve] == unit, let d = number("duration"), abs(d - duration) <= 0.02 * duration else {
                return "motion \(motion.map { "\($0)" } ?? "none") for \(unit) \(duration) s"
            }
        case .spring(let spring):
            guard curve == "spring", let r = number("response"), let z = number("dampingRatio"),
                  abs(r - spring.response) <= 0.05 * spring.response, abs(z - spring.dampingRatio) <= 0.02 else {
                return "motion \(motion.map { "\($0)" } ?? "none") for a spring \(spring.response) s, ζ \(spring.dampingRatio)"
            }
        default: break
        }
        return nil
    }
}
