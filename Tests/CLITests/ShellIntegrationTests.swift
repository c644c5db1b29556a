import Foundation
import XCTest

/// At home in a shell (issue 35): completions for bash, zsh and fish and the manual page, generated from the command
/// declarations, and `make install` / `make uninstall` into a prefix laid out as Debian expects.
final class ShellIntegrationTests: CLITestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs a shell command line in the test folder; stdout and stderr together.
    func sh(_ program: String, _ script: String, environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        guard let path = VirtualDisplay.which(program) else { throw XCTSkip("no \(program): make test-deps installs it") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", script]
        process.currentDirectoryURL = dir
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Every command and, per command, every option its `--help` lists.
    func declared() -> [(command: String, options: [String])] {
        let top = runSheetlab(["--help"], cwd: dir).stdout
        let names = top.split(separator: "\n").drop { !$0.hasPrefix("commands:") }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertGreaterThanOrEqual(names.count, 12, top)
        return names.map { name in
            let help = runSheetlab(["help", name], cwd: dir).stdout
            let options = help.split(separator: "\n").filter { $0.hasPrefix("  --") }
                .compactMap { $0.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "[" }).first.map(String.init) }
            return (name, options)
        }
    }

    func testBashCompletesCommandsOptionsAndValues() throws {
        write("c.bash", runSheetlab(["completions", "bash"], cwd: dir).stdout)
        func complete(_ words: [String]) throws -> [String] {
            let list = words.map { "'\($0)'" }.joined(separator: " ")
            let r = try sh("bash", "source ./c.bash; COMP_WORDS=(\(list)); COMP_CWORD=\(words.count - 1); _sheetlab; printf '%s\\n' \"${COMPREPLY[@]}\"")
            XCTAssertEqual(r.status, 0, r.output)
            return r.output.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["sheetlab", "exp"]), ["export"])
        XCTAssertEqual(Set(try complete(["sheetlab", "co"])), ["completions"])
        XCTAssertEqual(try complete(["sheetlab", "export", "--to", "s"]), ["swiftui"])
        XCTAssertEqual(Set(try complete(["sheetlab", "render", "--sc"])), ["--scale", "--script"])
        // `--update=ch`: bash hands it over as three words; `--update ch` is a path, as the parser reads it.
        XCTAssertEqual(try complete(["sheetlab", "test", "--update", "=", "ch"]), ["changed"])
        XCTAssertEqual(try complete(["sheetlab", "render", "--config", "=", "con"]), [], "no such file yet")
        XCTAssertEqual(Set(try complete(["sheetlab", "help", "ma"])), ["man", "map"])
        write("conf.json", "{}")
        XCTAssertEqual(try complete(["sheetlab", "check", "con"]), ["conf.json"], "a file argument")
        // Every option of every command.
        for (command, options) in declared() {
            let offered = Set(try complete(["sheetlab", command, "--"]))
            for o in options { XCTAssertTrue(offered.contains(o), "\(command) \(o) not offered: \(offered.sorted())") }
        }
    }

    func testFishCompletesCommandsAndValues() throws {
        write("sheetlab.fish", runSheetlab(["completions", "fish"], cwd: dir).stdout)
        func complete(_ line: String) throws -> [String] {
            let r = try sh("fish", "source ./sheetlab.fish; complete -C '\(line)'")
            XCTAssertEqual(r.status, 0, r.output)
            return r.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        XCTAssertEqual(try complete("sheetlab exp"), ["export"])
        XCTAssertEqual(try complete("sheetlab export --to gor"), ["gorhom"])
        XCTAssertTrue(try complete("sheetlab render --").contains("--scale"))
        for (command, options) in declared() {
            let offered = Set(try complete("sheetlab \(command) --"))
            for o in options { XCTAssertTrue(offered.contains(o), "\(command) \(o) not offered: \(offered.sorted())") }
        }
    }

    func testZshScriptParsesAndDeclaresEveryOption() throws {
        let script = runSheetlab(["completions", "zsh"], cwd: dir).stdout
        write("_sheetlab", script)
        let r = try sh("zsh", "zsh -n ./_sheetlab")
        XCTAssertEqual(r.status, 0, r.output)
        XCTAssertTrue(script.hasPrefix("#compdef sheetlab"))
        for (command, options) in declared() {
            XCTAssertTrue(script.contains("        \(command)) _arguments"), command)
            for o in options { XCTAssertTrue(script.contains("'\(o)[") || script.contains("'\(o)=-["), "\(command) \(o)") }
        }
        let unknown = runSheetlab(["completions", "tcsh"], cwd: dir)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("unknown shell 'tcsh'; shells: bash, zsh, fish"), unknown.stderr)
    }

    func testTheManualPageRendersAndListsEveryCommandAndOption() throws {
        write("sheetlab.1", runSheetlab(["man"], cwd: dir).stdout)
        guard VirtualDisplay.which("groff") != nil else { throw XCTSkip("no groff: make test-deps installs groff-base") }
        let warnings = try sh("bash", "groff -man -Tutf8 -ww -z sheetlab.1")
        XCTAssertEqual(warnings.output, "", "groff warnings")
        let page = try sh("bash", "groff -man -Tutf8 -P-c -P-b -P-u sheetlab.1")
        XCTAssertEqual(page.status, 0, page.output)
        for (command, options) in declared() {
            XCTAssertTrue(page.output.contains("sheetlab \(command)"), command)
            for o in options { XCTAssertTrue(page.output.contains(o), "\(command) \(o)") }
        }
    }

    /// `make install PREFIX=…` lays out bin, the manual page, the completions and the examples; the installed binary runs
    /// from anywhere on the installed examples; `make uninstall` takes it all away again.
    func testMakeInstallIntoAPrefixRunsFromThereAndUninstallRemovesIt() throws {
        let prefix = dir.appendingPathComponent("prefix").path
        let make = "make -s -C '\(Self.root.path)' install PREFIX='\(prefix)' BIN='\(sheetlabBinary!.path)'"
        let installed = try sh("bash", make)
        XCTAssertEqual(installed.status, 0, installed.output)
        for f in ["bin/sheetlab", "share/man/man1/sheetlab.1", "share/bash-completion/completions/sheetlab",
                  "share/zsh/vendor-completions/_sheetlab", "share/fish/vendor_completions.d/sheetlab.fish",
                  "share/sheetlab/examples/default.json", "share/sheetlab/examples/demo.script.json",
                  "share/sheetlab/schemas/config.schema.json", "share/sheetlab/schemas/script.schema.json",
                  "share/sheetlab/schemas/scenario.schema.json", "share/sheetlab/schemas/suite.schema.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(prefix)/\(f)"), f)
        }
        let run = try sh("bash", "cd / && '\(prefix)/bin/sheetlab' render --config '\(prefix)/share/sheetlab/examples/glass-maps.json' --scale 1 --out '\(dir.path)/out.png'")
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.png").path))
        let man = try sh("bash", "MANPATH='\(prefix)/share/man' man -P cat sheetlab 2>&1 | head -5")
        XCTAssertTrue(man.output.contains("SHEETLAB(1)"), man.output)
        let removed = try sh("bash", "make -s -C '\(Self.root.path)' uninstall PREFIX='\(prefix)'")
        XCTAssertEqual(removed.status, 0, removed.output)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: prefix)) ?? []
        XCTAssertEqual(left, [], "uninstall leaves nothing behind")
    }
}
