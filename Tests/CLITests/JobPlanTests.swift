import Foundation
import XCTest
@testable import sheetlab
import SheetKit

/// The default `--jobs` follows the suite's size, and workers take whole scenarios.
final class JobPlanTests: CLITestCase {
    /// A suite of `scenarios` colour scenarios with `snapshots` snapshots each at `scale`, as `sheetlab test` queues it.
    @MainActor
    static func suite(in dir: URL, scenarios: Int, snapshots: Int, scale: Int) throws -> SuiteRun {
        var suite = SuiteRun(root: dir.path, mode: nil, output: nil, recordCommand: ("sheetlab test .", ""))
        for s in 0..<scenarios {
            let shots = (0..<snapshots).map { #"{"at": \#($0 * 10), "name": "n\#($0)", "scale": \#(scale)}"# }.joined(separator: ", ")
            let file = dir.appendingPathComponent("s\(s).scenario.json")
            try Data(##"{"config": {"background": {"color": "#336699"}}, "snapshots": [\##(shots)]}"##.utf8).write(to: file)
            let loaded = try LoadedScenario.load(file.path)
            for snapshot in loaded.scenario.snapshots { suite.check(snapshot, of: loaded, file: file.path) }
        }
        return suite
    }

    // XCTest runs tests on the main thread; the suite's types belong to the main actor.
    func testTheDefaultJobsFollowTheSuitesSize() throws {
        let dir = self.dir!
        try MainActor.assumeIsolated {
            // 393 × 852 pt: 0.33 Mpx a snapshot at 1×, 3.0 Mpx at 3×.
            let rows: [(scenarios: Int, snapshots: Int, scale: Int, cores: Int, jobs: Int, line: UInt)] = [
                (3, 2, 1, 2, 1, #line),    // 2 Mpx: one job; a worker would cost more than it saves
                (10, 3, 1, 2, 1, #line),   // 10 Mpx
                (10, 10, 1, 2, 2, #line),  // 33 Mpx, the 100-snapshot suite
                (4, 2, 3, 2, 2, #line),    // 24 Mpx at 3×
                (10, 10, 1, 1, 1, #line),  // one core
                (20, 10, 3, 8, 8, #line),  // 600 Mpx: every core
            ]
            for (i, row) in rows.enumerated() {
                let folder = dir.appendingPathComponent("t\(i)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let s = try Self.suite(in: folder, scenarios: row.scenarios, snapshots: row.snapshots, scale: row.scale)
                XCTAssertEqual(s.defaultJobs(cores: row.cores, load: 0), row.jobs, line: row.line)
            }
            // On a busy machine the free CPUs bound it (issue 36): the 33 Mpx suite that takes both cores of an idle machine.
            let big = dir.appendingPathComponent("busy")
            try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
            let s = try Self.suite(in: big, scenarios: 10, snapshots: 10, scale: 1)
            XCTAssertEqual(s.defaultJobs(cores: 2, load: 0), 2)
            XCTAssertEqual(s.defaultJobs(cores: 2, load: 8), 1, "load 8 on 2 cores: one job, as fast as it gets there")
            XCTAssertEqual(s.defaultJobs(cores: 2, load: 1.2), 1)
            XCTAssertEqual(s.defaultJobs(cores: 2, load: nil), 2, "no load figure: every core")
        }
    }

    /// The CPUs free for workers: the cores less the 1-minute load, rounded, at least one.
    func testFreeCPUsAreTheCoresLessTheLoad() {
        let rows: [(cores: Int, load: Double?, free: Int, line: UInt)] = [
            (2, 0, 2, #line), (2, 0.4, 2, #line), (2, 0.6, 1, #line), (2, 1.49, 1, #line), (2, 8, 1, #line),
            (8, 3.2, 5, #line), (8, nil, 8, #line), (8, .nan, 8, #line), (8, -1, 8, #line), (1, 0, 1, #line), (0, 0, 1, #line),
        ]
        for row in rows {
            XCTAssertEqual(MainActor.assumeIsolated { SuiteRun.freeCPUs(cores: row.cores, load: row.load) }, row.free, line: row.line)
        }
        XCTAssertNotNil(MainActor.assumeIsolated { SuiteRun.loadAverage() }, "/proc/loadavg is read")
    }

    func testWorkersTakeWholeScenariosInBalancedRuns() throws {
        let dir = self.dir!
        try MainActor.assumeIsolated {
            let s = try Self.suite(in: dir, scenarios: 6, snapshots: 3, scale: 1)
            XCTAssertEqual(s.assignment(workers: 2), [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1])
            XCTAssertEqual(s.assignment(workers: 3), [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2])
            // More workers than scenarios: each scenario is one worker's, none is split.
            let two = dir.appendingPathComponent("two")
            try FileManager.default.createDirectory(at: two, withIntermediateDirectories: true)
            XCTAssertEqual(try Self.suite(in: two, scenarios: 2, snapshots: 4, scale: 1).assignment(workers: 4), [0, 0, 0, 0, 1, 1, 1, 1])
        }
    }
}

/// `bench` reports the static drag per phase, so a regression shows where it is.
final class BenchPhaseTests: XCTestCase {
    func testPhasesFollowTheSetup() {
        var classic = SheetLabConfig()
        classic.sheet.style = .classic
        // The built-in default on the iPhone 15: peek 120, medium, large; glass morphs above medium, classic recedes there.
        for (config, between) in [(SheetLabConfig(), FrameBench.Phase.morph), (classic, .recede)] {
            let setup = SheetSetup(config: config)
            let medium = setup.detent("medium")!.height, large = setup.largest.height
            XCTAssertEqual(FrameBench.Phase.of(height: 100, setup: setup), .rest)
            XCTAssertEqual(FrameBench.Phase.of(height: 120, setup: setup), .rest)
            XCTAssertEqual(FrameBench.Phase.of(height: (120 + medium) / 2, setup: setup), .drag)
            XCTAssertEqual(FrameBench.Phase.of(height: (medium + large) / 2, setup: setup), between, "\(config.sheet.style)")
            XCTAssertEqual(FrameBench.Phase.of(height: large, setup: setup), .large)
            XCTAssertEqual(FrameBench.Phase.of(height: large + 20, setup: setup), .large)
        }
    }
}
