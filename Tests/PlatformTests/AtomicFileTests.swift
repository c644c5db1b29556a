import Foundation
import XCTest
@testable import Platform

/// Saves go through `AtomicFile`: to a link's target, keeping the file's mode, never over a read-only file.
final class AtomicFileTests: XCTestCase {
    var dir: String!

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "atomic-file-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dir)
    }

    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// A save through a symlink (relative or absolute, through a chain) writes the target; the links stay links.
    func testSymlinkTargetGetsTheContentAndTheLinkStaysALink() throws {
        let rows: [(line: UInt, links: [String])] = [
            (#line, ["real/sheet.json"]),
            (#line, ["DIR/real/sheet.json"]),
            (#line, ["link2.json", "real/sheet.json"]),
        ]
        for (n, row) in rows.enumerated() {
            let real = dir + "/real"
            try? FileManager.default.removeItem(atPath: real)
            try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
            let target = real + "/sheet.json"
            try "old".write(toFile: target, atomically: false, encoding: .utf8)
            var links: [String] = []
            for (i, destination) in row.links.enumerated().reversed() {
                let link = dir + (i == 0 ? "/link-\(n).json" : "/link2.json")
                try? FileManager.default.removeItem(atPath: link)
                try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: destination.replacingOccurrences(of: "DIR", with: dir))
                links.append(link)
            }
            let link = dir + "/link-\(n).json"
            try AtomicFile.write("new \(n)", to: link)
            XCTAssertEqual(read(target), "new \(n)", line: row.line)
            for l in links {
                XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: l), "\(l) is no longer a link", line: row.line)
            }
            XCTAssertEqual(read(link), "new \(n)", line: row.line)
        }
    }

    func testModeIsKept() throws {
        for wanted in [0o640, 0o600, 0o664, 0o755] {
            let path = dir + "/sheet-\(wanted).json"
            try "old".write(toFile: path, atomically: false, encoding: .utf8)
            XCTAssertEqual(chmod(path, mode_t(wanted)), 0)
            try AtomicFile.write("new", to: path)
            XCTAssertEqual(read(path), "new")
            XCTAssertEqual(try mode(path), wanted, String(wanted, radix: 8))
        }
    }

    func testReadOnlyFileIsRefusedWithAClearError() throws {
        let path = dir + "/sheet.json"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(path, 0o444), 0)
        XCTAssertThrowsError(try AtomicFile.write("new", to: path)) { error in
            XCTAssertTrue("\(error)".contains("read-only"), "\(error)")
        }
        XCTAssertEqual(read(path), "old")
        XCTAssertEqual(try mode(path), 0o444)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["sheet.json"], "no temporary left")
    }

    /// Temporaries left by a killed save of this file go on start; a live process's, and other files', stay.
    func testStaleTemporariesOfThisFileAreRemoved() throws {
        let path = dir + "/sheet.json"
        try "config".write(toFile: path, atomically: false, encoding: .utf8)
        // A pid that is surely not running: above the kernel's maximum.
        let stale = [".sheet.json.4194305.tmp", ".sheet.json.saving"]
        let kept = [".sheet.json.\(getpid()).tmp", ".other.json.4194305.tmp", "sheet.json.bak"]
        for name in stale + kept { try "partial".write(toFile: dir + "/" + name, atomically: false, encoding: .utf8) }
        AtomicFile.removeStaleTemporaries(of: path)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        XCTAssertEqual(left, Set(kept + ["sheet.json"]))
    }

    /// Through a link, both the target's folder and the link's are cleaned.
    func testStaleTemporariesBesideALinkAndItsTargetAreRemoved() throws {
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/links", withIntermediateDirectories: true)
        try "config".write(toFile: dir + "/real/sheet.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/links/link.json", withDestinationPath: "../real/sheet.json")
        for name in ["real/.sheet.json.4194305.tmp", "links/.link.json.4194305.tmp"] {
            try "partial".write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
        }
        AtomicFile.removeStaleTemporaries(of: dir + "/links/link.json")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/real"), ["sheet.json"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/links"), ["link.json"])
    }
}
