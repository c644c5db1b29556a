/// Scan conversion: an edge's signed area, added to an accumulation buffer whose running sum along a row
/// is the coverage of each pixel (after font-rs by Raph Levien).
enum PathCoverage {
    /// Adds the edge (x0, y0)–(x1, y1), in the buffer's pixels, to `acc` (`w` × `h` floats, row by row).
    @inline(__always)
    static func accumulate(_ acc: UnsafeMutablePointer<Float>, w: Int, h: Int,
                           x0: Double, y0: Double, x1: Double, y1: Double) {
        if y0 == y1 { return }
        let dir: Float
        let ax, ay, bx, by: Double
        if y0 < y1 { dir = 1; ax = x0; ay = y0; bx = x1; by = y1 } else { dir = -1; ax = x1; ay = y1; bx = x0; by = y0 }
        let dxdy = (bx - ax) / (by - ay)
        var x = ax
        let yFirst = max(0, Int(ay.rounded(.down)))
        if ay < 0 { x -= ay * dxdy }
        let yLast = min(h, Int(by.rounded(.up)))
        if yFirst >= yLast { return }
        for y in yFirst..<yLast {
            let line = y * w
            let dy = min(Double(y + 1), by) - max(Double(y), ay)
            let xnext = x + dxdy * dy
            let d = Float(dy) * dir
            let lo = max(0, min(x, xnext)), hi = max(0, max(x, xnext))
            let loF = lo.rounded(.down), hiC = hi.rounded(.up)
            let loI = Int(loF), hiI = Int(hiC)
            if hiI <= loI + 1 {
                // Within one pixel column: split the area between it and the next.
                let xmf = Float(0.5 * (x + xnext) - loF)
                acc[line + loI] += d - d * xmf
                acc[line + loI + 1] += d * xmf
            } else {
                let s = Float(1 / (hi - lo))
                let x0f = Float(lo - loF)
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = Float(hi - hiC + 1)
                let am = 0.5 * s * x1f * x1f
                acc[line + loI] += d * a0
                if hiI == loI + 2 {
                    acc[line + loI + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - x0f)
                    acc[line + loI + 1] += d * (a1 - a0)
                    var xi = loI + 2
                    let ds = d * s
                    while xi < hiI - 1 { acc[line + xi] += ds; xi += 1 }
                    let a2 = a1 + Float(hiI - loI - 3) * s
                    acc[line + hiI - 1] += d * (1 - a2 - am)
                }
                acc[line + hiI] += d * am
            }
            x = xnext
        }
    }
}
