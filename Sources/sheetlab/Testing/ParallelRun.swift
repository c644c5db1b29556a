import Foundation
import Platform

extension Options {
    static let jobs = Option<Int?>(
        name: "jobs", placeholder: "N",
        help: "check snapshots in N worker processes (default: as many as the suite's size pays for, at most one per free CPU: the cores less the load average); results and output order are those of one job",
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

    /// How many pixels of snapshots make a worker worth its start: a worker starts the process, opens the fonts and
    /// loads every scenario before its first snapshot, which costs about as much as drawing this many pixels in a
    /// process that is already warm (measured on the project's suite and a 100-snapshot one: docs/testing.md).
    static let pixelsPerWorker = 9_000_000.0

    /// A pending snapshot's work: its pixels.
    static func pixels(of job: Job) -> Double {
        let sheet = job.loaded.played(for: job.snapshot).sheet(at: job.snapshot.at)
        let scale = Double(job.snapshot.scale ?? job.loaded.scenario.scale ?? sheet.setup.canvas.scale)
        return sheet.setup.canvas.width * sheet.setup.canvas.height * scale * scale
    }

    var pendingJobs: [Job] { steps.compactMap { if case .pending(let job) = $0 { job } else { nil } } }

    /// The default `--jobs`: one job per `pixelsPerWorker` of pending snapshots, at least one, at most one per CPU that
    /// is free (`freeCPUs`), so that the default is never slower than one job on a small suite or a busy machine
    /// (issue 36: at load 8 on 2 cores, two workers took 1.02–1.80 s where one job took 1.34–1.41 s).
    func defaultJobs(cores: Int, load: Double? = Self.loadAverage()) -> Int {
        let pixels = pendingJobs.reduce(0) { $0 + Self.pixels(of: $1) }
        return min(Self.freeCPUs(cores: cores, load: load), max(1, Int(pixels / Self.pixelsPerWorker)))
    }

    /// The CPUs not already busy: the cores less the last minute's load average (what else the machine runs), rounded to
    /// the nearest, at least one. With no load figure, every core.
    static func freeCPUs(cores: Int, load: Double?) -> Int {
        guard let load, load.isFinite, load >= 0 else { return max(1, cores) }
        return max(1, min(cores, cores - Int(load.rounded())))
    }

    /// The 1-minute load average from /proc/loadavg; nil where there is none.
    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    /// Which worker (0-based) checks each pending snapshot: whole scenarios, in suite order, in `workers` runs of about
    /// equal pixels. A scenario's snapshots share one worker, so no scene's drawing is made twice; the parent and every
    /// worker load the same suite and so compute the same assignment.
    func assignment(workers: Int) -> [Int] {
        let jobs = pendingJobs
        let total = jobs.reduce(0) { $0 + Self.pixels(of: $1) }
        var out: [Int] = []
        var done = 0.0, worker = 0, i = 0
        while i < jobs.count {
            var j = i, group = 0.0
            while j < jobs.count && jobs[j].file == jobs[i].file { group += Self.pixels(of: jobs[j]); j += 1 }
            // A scenario goes to the next worker once this one has its share, unless the scenario is this worker's first.
            if worker < workers - 1 && done + group / 2 > total * Double(worker + 1) / Double(workers) && out.last == worker {
                worker += 1
            }
            out += Array(repeating: worker, count: j - i)
            done += group
            i = j
        }
        return out
    }

    /// Runs the queue: in this process with one job, else in `jobs` workers (by default `defaultJobs`); then applies
    /// every outcome in order.
    mutating func execute(jobs asked: Int?, arguments: [String]) {
        let pending = steps.indices.filter { if case .pending = steps[$0] { true } else { false } }
        var outcomes: [Int: Outcome] = [:]
        let jobs = asked ?? defaultJobs(cores: ProcessInfo.processInfo.activeProcessorCount)
        let scenarios = Set(pendingJobs.map(\.file)).count
        let workers = min(jobs, scenarios)
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
        let assigned = assignment(workers: worker.count)
        var pendingIndex = 0
        for step in steps {
            guard case .pending(let job) = step else { continue }
            defer { pendingIndex += 1 }
            guard assigned[pendingIndex] == worker.index - 1 else { continue }
            let line = WorkerLine(index: pendingIndex, outcome: job.run(text: text))
            if let data = try? encoder.encode(line), let json = String(data: data, encoding: .utf8) { Console.workerLine(json) }
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
                Console.errorLines("sheetlab: test: a worker died of signal \(process.terminationStatus)" + (why.isEmpty ? "" : ": \(why)"))
            }
        }
        return outcomes
    }
}
