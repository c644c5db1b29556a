/// The downhill simplex method (Nelder and Mead 1965, the standard coefficients 1, 2, ½, ½): a minimum of a few
/// parameters without derivatives, which the fits need because a timing curve's duration and start enter through a
/// clamp and a spring's damping crosses the critical branch.
enum NelderMead {
    /// The parameters near `start` where `f` is least, and that value. `step` is the simplex's first size per
    /// parameter; it stops when the simplex's values agree within `tolerance` or after `iterations`.
    static func minimize(_ f: ([Double]) -> Double, start: [Double], step: [Double], tolerance: Double = 1e-10,
                         iterations: Int = 400) -> (point: [Double], value: Double) {
        let n = start.count
        var simplex = [start]
        for i in 0..<n {
            var p = start
            p[i] += step[i]
            simplex.append(p)
        }
        var values = simplex.map(f)
        for _ in 0..<iterations {
            let order = values.indices.sorted { values[$0] < values[$1] }
            simplex = order.map { simplex[$0] }
            values = order.map { values[$0] }
            if abs(values[n] - values[0]) <= tolerance * (abs(values[0]) + tolerance) { break }
            var centroid = [Double](repeating: 0, count: n)
            for p in simplex.dropLast() { for i in 0..<n { centroid[i] += p[i] / Double(n) } }
            func toward(_ t: Double) -> [Double] { (0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) } }
            let reflected = toward(-1), fr = f(reflected)
            if fr < values[0] {
                let expanded = toward(-2), fe = f(expanded)
                if fe < fr { simplex[n] = expanded; values[n] = fe } else { simplex[n] = reflected; values[n] = fr }
            } else if fr < values[n - 1] {
                simplex[n] = reflected; values[n] = fr
            } else {
                let contracted = fr < values[n] ? toward(-0.5) : toward(0.5)
                let fc = f(contracted)
                if fc < min(fr, values[n]) {
                    simplex[n] = contracted; values[n] = fc
                } else {
                    for k in 1...n {
                        simplex[k] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[k][$0] - simplex[0][$0]) }
                        values[k] = f(simplex[k])
                    }
                }
            }
        }
        let best = values.indices.min { values[$0] < values[$1] }!
        return (simplex[best], values[best])
    }
}
