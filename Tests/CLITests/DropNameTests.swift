import Foundation
import XCTest
@testable import sheetlab

/// Where a drop's measured config is written: beside the picture, named for it, never over a file that is there.
final class DropNameTests: CLITestCase {
    func testTheMeasuredConfigIsNamedForThePictureAndNeverOverwrites() throws {
        let picture = dir.appendingPathComponent("maps app.png").path
        let first = MainActor.assumeIsolated { App.measuredConfigPath(for: picture) }
        XCTAssertEqual(first, dir.appendingPathComponent("maps app.sheetlab.json").path)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: first))
        let second = MainActor.assumeIsolated { App.measuredConfigPath(for: picture) }
        XCTAssertEqual(second, dir.appendingPathComponent("maps app-2.sheetlab.json").path)
        XCTAssertEqual(MainActor.assumeIsolated { App.measuredConfigPath(for: "shot.final.jpeg") }, "shot.final.sheetlab.json",
                       "only the last extension goes; a bare name stays in the folder it names (here)")
    }
}
