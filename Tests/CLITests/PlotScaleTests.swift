import Foundation
import XCTest

/// `plot` is linear in frames: it scanned every frame for the height axis at every point of
/// the curve, so an hour of script took 69 s while `simulate` played it in 1.9 s.
final class PlotScaleTests: CLITestCase {
    /// A drag every 2 s for `minutes`, alternately up and down: a frame every 1/60 s and two events a drag.
    func longScript(minutes: Int) -> String {
        var steps: [String] = []
        var t = 100
        while t < minutes * 60_000 {
            steps.append(#"{"at": \#(t), "drag": {"from": [196, 500], "to": [196, \#((t / 2000) % 2 == 1 ? 300 : 700)], "duration": 150}}"#)
            t += 2000
        }
        return #"{"steps": ["# + steps.joined(separator: ",\n") + "]}"
    }

    func seconds(_ args: String...) -> (Double, RunResult) {
        let start = Date()
        let r = runSheetlab(args, cwd: dir, timeout: 300)
        return (Date().timeIntervalSince(start), r)
    }

    func testAPlotOfHalfAnHourTakesAboutAsLongAsItsSimulation() {
        write("long.script.json", longScript(minutes: 30))
        let (simulate, s) = seconds("simulate", "--script", "long.script.json")
        XCTAssertEqual(s.status, 0, s.stderr)
        let (plot, p) = seconds("plot", "--script", "long.script.json", "--out", "long.png")
        XCTAssertEqual(p.status, 0, p.stderr)
        XCTAssertTrue(p.stdout.contains("107956 frames"), p.stdout)
        print("30 min of script: simulate \(simulate) s, plot \(plot) s")
        XCTAssertLessThan(plot, 2 * simulate + 1, "plot \(plot) s, simulate \(simulate) s")
    }
}
