import Dispatch
import Foundation
import Platform
import Raster
import SheetKit

extension SuiteRun {
    /// One snapshot's check as a value: render, compare, write the golden or the artifacts, and say how it ended.
    /// It prints nothing itself, so that jobs may run in any order and still be reported in suite order.
    struct Job {
        var snapshot: Scenario.Snapshot
        var loaded: LoadedScenario
        var file: String
        var mode: RecordMode?
        var artifacts: String
        var tolerance: Tolerance
        var commands: (missing: String, changed: String)

        /// Artifact file suffixes by kind, as reporters name them.
        static let artifactSuffixes: [String: String] = [
            "actual": ".actual.png", "expected": ".expected.png", "diff": ".diff.png",
            "side-by-side": ".side-by-side.png", "zoom": ".zoom.png",
        ]

        var label: String { "\(loaded.name)/\(snapshot.name)" }

        @MainActor
        func run(text: TextEngine?) -> Outcome {
            let started = DispatchTime.now()
            var outcome: Outcome
            do {
                let actual = try TestCommand.render(snapshot, of: loaded)
                outcome = judge(actual, text: text)
                if let match = snapshot.matches { outcome = matching(outcome, frame: actual, against: match) }
            } catch {
                outcome = failed(["FAIL \(label): " + error.description], entry: "\(label): \(error.message)", message: error.description)
            }
            outcome.result.milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
            return outcome
        }

        func result(_ status: SnapshotResult.Status, _ message: String) -> SnapshotResult {
            SnapshotResult(scenario: loaded.name, file: file, snapshot: snapshot.name, status: status, message: message, golden: golden)
        }

        func failed(_ lines: [String], entry: String, message: String, artifacts: [String: String] = [:],
                    change: SnapshotResult.Change? = nil) -> Outcome {
            var r = result(.failed, message)
            r.details = Array(lines.dropFirst())
            r.artifacts = artifacts
            r.change = change
            return Outcome(status: .failed, lines: lines, entry: entry, result: r)
        }

        var golden: String { (loaded.goldensDirectory as NSString).appendingPathComponent("\(snapshot.name).png") }

        /// Compares a render with its golden, then writes what the mode and the standing call for.
        func judge(_ actual: Pixmap, text: TextEngine?) -> Outcome {
            let base = (artifacts as NSString).appendingPathComponent(snapshot.name)
            var standing: RecordMode.Standing
            var comparison: ImageComparison?
            var expected: Pixmap?
            var unreadable = ""
            let masks = snapshot.mask.isEmpty ? []
                : SuiteRun.maskRects(snapshot.mask, scale: Double(actual.width) / loaded.played(for: snapshot).sheet(at: snapshot.at).setup.canvas.width)
            var compared = actual
            switch GoldenFile.read(golden) {
            case .missing: standing = .missing
            case .unreadable(let reason): standing = .unreadable; unreadable = reason
            case .image(var image):
                if !masks.isEmpty {
                    ImageComparison.mask(masks, in: &image)
                    ImageComparison.mask(masks, in: &compared)
                }
                expected = image
                let c = ImageComparison(expected: image, actual: compared, channelDelta: tolerance.channelDelta, threshold: tolerance.threshold)
                comparison = c
                if c.sizesMatch && c.changed == 0 { standing = .identical } else if c.sizesMatch && c.differing <= tolerance.allowedPixels(of: c.total) {
                    standing = .withinTolerance
                } else { standing = .failing }
            }

            if let mode, mode.writes(standing) {
                do { try SuiteRun.write(actual, to: golden) } catch {
                    return failed(["FAIL \(label): " + error.description], entry: "\(label): golden not written", message: error.description)
                }
                let why = switch standing { case .missing: "new"; case .unreadable: "replaced"; case .withinTolerance: "within tolerance"; default: "changed" }
                let line = "WROTE \(label) → \(golden) (\(why), \(actual.width)×\(actual.height))"
                SuiteRun.removeArtifacts(of: snapshot, in: artifacts)
                var written = result(.written, line)
                written.change = standing == .missing ? .new : .changed
                return Outcome(status: .written, lines: [line], entry: nil, result: written,
                               wroteRoot: (loaded.directory as NSString).appendingPathComponent(loaded.goldenDir))
            }

            switch standing {
            case .identical, .withinTolerance:
                SuiteRun.removeArtifacts(of: snapshot, in: artifacts)
                let note = comparison.flatMap { $0.changed > 0 ? TestCommand.withinTolerance($0, tolerance) : nil }
                return Outcome(status: .passed, lines: ["ok   \(label)" + (note.map { " (\($0))" } ?? "")], entry: nil,
                               result: result(.passed, note ?? "identical"))
            case .missing, .unreadable:
                let problem = SuiteRun.writeArtifacts([(actual, ".actual.png")], base: base)
                let what = standing == .missing ? "no golden at \(golden)" : "the golden \(golden) \(unreadable)"
                var lines = ["FAIL \(label): \(what)"]
                lines.append(problem.map { "     artifacts not written: \($0)" } ?? "     actual   \(base).actual.png")
                lines.append(standing == .missing ? "     to record it: \(commands.missing)" : "     to replace it: \(commands.changed)")
                return failed(lines, entry: "\(label): \(standing == .missing ? "no golden" : "unreadable golden"); "
                              + (problem.map { "artifacts not written (\($0))" } ?? "\(base).actual.png"),
                              message: what, artifacts: problem == nil ? ["actual": base + ".actual.png"] : [:],
                              change: standing == .missing ? .new : .changed)
            case .failing:
                guard let expected, let c = comparison else {
                    return failed(["FAIL \(label): not compared"], entry: "\(label): not compared", message: "not compared")
                }
                var diff = ImageComparison.diffImage(expected: expected, actual: compared, channelDelta: tolerance.channelDelta,
                                                     threshold: tolerance.threshold)
                if let box = c.boundingBox { ImageComparison.outline(box, in: &diff) }
                var images: [(Pixmap, String)] = [(actual, ".actual.png"), (diff, ".diff.png"),
                                                  (DiffPictures.sideBySide([expected, diff, compared], labels: ["expected", "diff", "actual"],
                                                                           text: text), ".side-by-side.png")]
                if let box = c.boundingBox {
                    images.append((DiffPictures.zoom(expected: expected, diff: diff, actual: compared, box: box, text: text), ".zoom.png"))
                }
                var problem = SuiteRun.writeArtifacts(images, base: base)
                if problem == nil {
                    // The golden's own bytes beside the actual, so that the pair can be opened together.
                    try? FileManager.default.removeItem(atPath: base + ".expected.png")
                    do { try FileManager.default.copyItem(atPath: golden, toPath: base + ".expected.png") } catch { problem = "\(base).expected.png: \(Console.reason(error))" }
                }
                let message = TestCommand.describe(c, tolerance: tolerance)
                var lines = ["FAIL \(label): " + message, "     expected \(golden)"]
                if let problem {
                    lines.append("     artifacts not written: \(problem)")
                } else {
                    lines.append("     actual   \(base).actual.png (beside \(base).expected.png)")
                    lines.append("     diff     \(base).diff.png (red: brighter, blue: darker, yellow: within tolerance, amber: size), "
                                 + "\(base).side-by-side.png" + (c.boundingBox == nil ? "" : " and the changed region enlarged, \(base).zoom.png"))
                }
                lines.append("     to accept the new look: \(commands.changed)")
                var kinds: [String: String] = [:]
                if problem == nil {
                    for (kind, suffix) in Self.artifactSuffixes where kind != "zoom" || c.boundingBox != nil { kinds[kind] = base + suffix }
                }
                return failed(lines, entry: "\(label): " + (problem.map { "artifacts not written (\($0))" }
                                                            ?? "\(base).diff.png (also .actual.png, .expected.png, .side-by-side.png"
                                                            + (c.boundingBox == nil ? ")" : ", .zoom.png)")),
                              message: message, artifacts: kinds, change: .changed)
            }
        }
    }
}
