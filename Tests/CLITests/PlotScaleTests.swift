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

    /// The CPU seconds (user and system) of `sheetlab args`, and how it ended: CPU time, not wall time, so that a
    /// busy machine changes the comparison little.
    func seconds(_ args: String...) throws -> (Double, (status: Int32, stdout: String, stderr: String)) {
        let binary = try XCTUnwrap(sheetlabBinary).path
        let r = try shell("exec /usr/bin/time -f 'cost %U %S' \"$0\" " + args.joined(separator: " "), binary)
        let cost = r.stderr.split(separator: "\n").last { $0.hasPrefix("cost ") }?.split(separator: " ") ?? []
        let cpu = cost.count == 3 ? (Double(cost[1]) ?? .infinity) + (Double(cost[2]) ?? .infinity) : .infinity
        return (cpu, r)
    }

    func testAPlotOfHalfAnHourTakesAboutAsLongAsItsSimulation() throws {
        write("long.script.json", longScript(minutes: 30))
        let (simulate, s) = try seconds("simulate", "--script", "long.script.json")
        XCTAssertEqual(s.status, 0, s.stderr)
        let (plot, p) = try seconds("plot", "--script", "long.script.json", "--out", "long.png")
        XCTAssertEqual(p.status, 0, p.stderr)
        XCTAssertTrue(p.stdout.contains("107956 frames"), p.stdout)
        print("30 min of script: simulate \(simulate) s, plot \(plot) s of CPU")
        XCTAssertLessThan(plot, 2 * simulate + 1, "plot \(plot) s, simulate \(simulate) s")
    }
}
