import Foundation
import Platform

extension Options {
    static let jobs = Option<Int?>(
        name: "jobs", placeholder: "N",
        help: "check snapshots in N worker processes (default: the number of cores); results and output order are those of one job",
        defaultValue: nil, requirement: "must be a whole number from 1 to 64",
        convert: { Int($0).flatMap { (1...64).contains($0) ? Optional($0) : nil } })
}

/// `--jobs N`: snapshots are checked by N worker processes, each with its own renderer and fonts (SDL_ttf and
/// FreeType are not safe to share across threads), and their outcomes are printed by this process in suite order.
/// A worker is this executable run with the same arguments and `SHEETLAB_TEST_WORKER=I/N`: it checks every Nth
/// snapshot and prints each outcome as a JSON line, nothing else.
extension SuiteRun {
    static let workerVariable = "SHEETLAB_TEST_WORKER"

    /// The worker this process is, from the environment: shard I of N.
    static var worker: Shard? { ProcessInfo.processInfo.environment[workerVariable].flatMap(Shard.init) }

    /// One worker's line: the snapshot's place in the queue and how it ended.
    struct WorkerLine: Codable {
        var index: Int
        var outcome: Outcome
    }

    /// Runs the queue: in this process with one job, else in `jobs` workers; then applies every outcome in order.
    mutating func execute(jobs: Int, arguments: [String]) {
        let pending = steps.indices.filter { if case .pending = steps[$0] { true } else { false } }
        var outcomes: [Int: Outcome] = [:]
        let workers = min(jobs, pending.count)
        if workers > 1 {
            outcomes = Self.runWorkers(workers, arguments: arguments, expected: pending.count)
        }
        var pendingIndex = 0
        let text = workers > 1 ? nil : try? RenderResources.text()
        for step in steps {
            switch step {
            case .done(let outcome):
                apply(outcome)
            case .pending(let job):
                if workers > 1 {
                    apply(outcomes[pendingIndex] ?? Outcome(
                        status: .failed, lines: ["FAIL \(job.label): its worker process ended without checking it"],
                        entry: "\(job.label): not checked (worker failed)",
                        result: SnapshotResult(scenario: job.loaded.name, file: job.file, snapshot: job.snapshot.name, status: .failed,
                                               message: "its worker process ended without checking it")))
                } else {
                    apply(job.run(text: text))
                }
                pendingIndex += 1
            }
        }
    }

    /// In a worker: checks this worker's share of the queue and prints each outcome as a JSON line.
    func work(as worker: Shard) {
        let encoder = JSONEncoder()
        let text = try? RenderResources.text()
        var pendingIndex = 0
        for step in steps {
            guard case .pending(let job) = step else { continue }
            defer { pendingIndex += 1 }
            guard worker.contains(pendingIndex) else { continue }
            let line = WorkerLine(index: pendingIndex, outcome: job.run(text: text))
            if let data = try? encoder.encode(line), let json = String(data: data, encoding: .utf8) { Console.out(json) }
        }
    }

    /// Starts `count` workers, waits for them, and collects their outcomes by queue index.
    static func runWorkers(_ count: Int, arguments: [String], expected: Int) -> [Int: Outcome] {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("sheetlab-jobs-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try? fm.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: folder) }
        var processes: [(Process, URL, URL)] = []
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        for i in 1...count {
            let out = folder.appendingPathComponent("\(i).out"), err = folder.appendingPathComponent("\(i).err")
            _ = fm.createFile(atPath: out.path, contents: nil)
            _ = fm.createFile(atPath: err.path, contents: nil)
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment[workerVariable] = "\(i)/\(count)"
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try? FileHandle(forWritingTo: out)
            process.standardError = try? FileHandle(forWritingTo: err)
            do { try process.run() } catch { continue }
            processes.append((process, out, err))
        }
        var outcomes: [Int: Outcome] = [:]
        let decoder = JSONDecoder()
        for (process, out, err) in processes {
            process.waitUntilExit()
            let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                if let parsed = try? decoder.decode(WorkerLine.self, from: Data(line.utf8)) { outcomes[parsed.index] = parsed.outcome }
            }
            if process.terminationStatus != 0 && process.terminationReason == .uncaughtSignal {
                let why = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
                Console.error("sheetlab: test: a worker died of signal \(process.terminationStatus)" + (why.isEmpty ? "" : ": \(why)"))
            }
        }
        return outcomes
    }
}
