import Foundation
import XCTest
@testable import Platform

/// Live reload survives its folder being deleted and made again.
final class FileWatcherTests: XCTestCase {
    var root: String!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "file-watcher-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/configs", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    func testASaveIsSeen() throws {
        let path = root + "/configs/sheet.json"
        try "{}".write(toFile: path, atomically: false, encoding: .utf8)
        let watcher = try XCTUnwrap(FileWatcher(path: path))
        XCTAssertFalse(watcher.poll())
        try "{ }".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(watcher.poll())
        XCTAssertFalse(watcher.poll())
    }

    func testFolderDeletedAndRecreatedIsWatchedAgain() throws {
        let folder = root + "/configs", path = folder + "/sheet.json"
        try "{}".write(toFile: path, atomically: false, encoding: .utf8)
        let watcher = try XCTUnwrap(FileWatcher(path: path))
        XCTAssertFalse(watcher.poll())
        try FileManager.default.removeItem(atPath: folder)
        _ = watcher.poll()  // the file went with its folder
        XCTAssertFalse(watcher.poll())
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "{\"a\": 1}".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(watcher.poll(), "the file written into the recreated folder is seen")
        // And the watch is armed again for later saves.
        XCTAssertFalse(watcher.poll())
        try "{\"a\": 2}".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(watcher.poll(), "a later save is seen")
    }

    func testFolderDeletedAndRecreatedBetweenPolls() throws {
        let folder = root + "/configs", path = folder + "/sheet.json"
        try "{}".write(toFile: path, atomically: false, encoding: .utf8)
        let watcher = try XCTUnwrap(FileWatcher(path: path))
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "{\"a\": 1}".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(watcher.poll())
        try "{\"a\": 2}".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(watcher.poll(), "a save after the folder came back is seen")
    }

    /// A config opened through a symlink is watched where its content lives too.
    func testEditsToASymlinksTargetAreSeen() throws {
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
        let target = root + "/real/sheet.json", link = root + "/configs/sheet.json"
        try "{}".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../real/sheet.json")
        let watcher = try XCTUnwrap(FileWatcher(path: link))
        XCTAssertFalse(watcher.poll())
        try "{\"a\": 1}".write(toFile: target, atomically: true, encoding: .utf8)
        XCTAssertTrue(watcher.poll())
    }
}
