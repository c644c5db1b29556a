import Foundation
import SheetKit

/// Goldens that no snapshot uses: PNGs in a scenario's goldens folder that name no snapshot of it, and
/// folders under `__goldens__` whose scenario is gone.
enum UnusedGoldens {
    /// `used` maps a goldens folder to its scenario's snapshot names (nil when the scenario did not load:
    /// its folder is left alone). Sorted by path.
    static func find(scenarios: [String], used: [String: Set<String>?], goldenDir: String = SuiteSettings.defaultGoldenDir) -> [String] {
        let fm = FileManager.default
        var unused: [String] = []
        let roots = Set(scenarios.map { (Inputs.directory(of: $0) as NSString).appendingPathComponent(goldenDir) })
        for root in roots.sorted() {
            for folder in ((try? fm.contentsOfDirectory(atPath: root)) ?? []).sorted() where !folder.hasPrefix(".") {
                let path = (root as NSString).appendingPathComponent(folder)
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                let names: Set<String>
                switch used[path] {
                case .some(.some(let n)): names = n
                case .some(.none): continue
                case .none: names = []
                }
                for file in ((try? fm.contentsOfDirectory(atPath: path)) ?? []).sorted() where file.hasSuffix(".png") {
                    if !names.contains(String(file.dropLast(4))) { unused.append((path as NSString).appendingPathComponent(file)) }
                }
            }
        }
        return unused
    }
}
