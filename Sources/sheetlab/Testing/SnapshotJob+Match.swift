import Foundation
import Raster
import SheetKit
import SheetMeasure

extension SuiteRun.Job {
    /// The reference side-by-side a failing `matches` writes: reference | diff | actual.
    static let matchSuffix = ".match.png"

    /// `outcome` (the golden's verdict) with the snapshot's `matches` checked on `frame`: the frame and the reference
    /// measured the same way and compared feature by feature (`ReferenceCheck`, as `measure --against`). A match that
    /// fails makes the snapshot fail, whatever the golden said, naming every feature beyond its tolerance.
    @MainActor
    func matching(_ outcome: SuiteRun.Outcome, frame: Pixmap, against match: ReferenceMatch) -> SuiteRun.Outcome {
        let reference = Inputs.resolve(match.image, relativeTo: loaded.directory)
        let base = (artifacts as NSString).appendingPathComponent(snapshot.name)
        let document = loaded.played(for: snapshot).sheet(at: snapshot.at).document
        var lines: [String]
        let message: String
        var picture: Pixmap?
        do {
            let image = try ReferenceCheck.readImage(reference)
            guard image.width == frame.width, image.height == frame.height else {
                throw InputError(file: reference, "is \(image.width)×\(image.height) px, the frame \(frame.width)×\(frame.height) px "
                                 + "(\(document.config.device) at \(frame.width / max(1, Int(document.config.resolvedCanvas.width.rounded())))×): "
                                 + "render the snapshot at the reference's scale (\"scale\")")
            }
            let canvas: MatchedCanvas
            switch ReferenceCheck.canvas(width: frame.width, height: frame.height, config: document) {
            case .success(let c): canvas = c
            case .failure(let why): throw InputError(file: reference, why.message)
            }
            switch try ReferenceCheck.compare(reference: image, named: reference, frame: frame, named: "the frame", canvas: canvas,
                                              config: document, tolerance: match.tolerance) {
            case .failure(let none):
                message = "does not match \(match.image): \(none.message)"
                lines = []
            case .success(let comparison):
                if comparison.passes {
                    // A match picture left by an earlier failing run goes, with its folder when nothing else is in it.
                    try? FileManager.default.removeItem(atPath: base + Self.matchSuffix)
                    if outcome.status == .passed { SuiteRun.removeArtifacts(of: snapshot, in: artifacts) }
                    var kept = outcome
                    let note = "     matches \(match.image): \(comparison.summary)"
                    kept.lines.append(note)
                    kept.result.details.append(note.trimmingCharacters(in: .whitespaces))
                    return kept
                }
                message = "does not match \(match.image): \(comparison.summary)"
                lines = comparison.table(image: "reference", config: "frame").split(separator: "\n").map { "     " + $0 }
                picture = ReferenceCheck.pictures(reference: image, frame: frame, labels: ("reference", "actual")).sideBySide
            }
        } catch {
            message = "matches \(match.image): \(PlatformFailure.reason(error, of: reference))"
            lines = []
        }
        var written: [String: String] = [:]
        if let picture {
            if let problem = SuiteRun.writeArtifacts([(frame, ".actual.png"), (picture, Self.matchSuffix)], base: base) {
                lines.append("     artifacts not written: \(problem)")
            } else {
                lines.append("     reference | diff | actual: \(base)\(Self.matchSuffix)")
                written = ["actual": base + ".actual.png", "match": base + Self.matchSuffix]
            }
        }
        // The golden's lines stay (its verdict and artifacts); the match's failure comes after them.
        let golden = outcome.status == .passed ? [] : outcome.lines
        var failed = self.failed(golden + ["FAIL \(label): \(message)"] + lines,
                                 entry: outcome.entry.map { $0 + "; " + message } ?? "\(label): \(message)",
                                 message: outcome.status == .failed ? outcome.result.message + "; " + message : message,
                                 artifacts: outcome.result.artifacts.merging(written) { _, new in new }, change: outcome.result.change)
        failed.wroteRoot = outcome.wroteRoot
        return failed
    }
}
