import Foundation
import Raster

/// The map's city, laid out in points on a tile that repeats in both directions (a torus), so the map
/// pans forever without seams. Everything here is derived from the tile's size; nothing is random
/// except through fixed seeds.
struct MapWorld {
    /// The tile's period in points.
    let width: Double
    let height: Double
    /// Street centre lines: vertical streets at `xs`, horizontal streets at `ys`, one period's worth.
    let xs: [Double]
    let ys: [Double]
    let majorColumns: Set<Int>
    let majorRows: Set<Int>
    let highwayRow: Int
    /// The park covers cells columns `parkColumns` × rows `parkRows` (cell (i, j) lies between streets i, i+1 and j, j+1).
    let parkColumns: Range<Int>
    let parkRows: Range<Int>
    let squareCell: (Int, Int)
    let hospitalCell: (Int, Int)
    let campusCell: (Int, Int)
    /// The river's centre line is y = riverY(x), periodic in x.
    let riverBase: Double
    let riverHalfWidth: Double
    /// Two diagonal avenues through the park's centre, along (width, height) and (−width, height).
    let diagonalOrigin: SIMD2<Double>
    let pins: [MapPin]
    let userLocation: SIMD2<Double>

    static let minorWidth = 9.0
    static let majorWidth = 15.0
    static let diagonalWidth = 15.0
    static let highwayWidth = 17.0
    static let verticalNames = ["Valencia St", "Harbor Blvd", "Linden St", "Grove Ave", "Mercer St", "Folsom Ave",
                                "Octavia Blvd", "Hayes St", "Larkin St", "Ellis Ave", "Dolores St", "Sanchez St"]
    static let horizontalNames = ["Pine St", "Bush St", "Sutter St", "Geary Blvd", "Post St", "Oak St", "Fell St",
                                  "Page St", "Haight St", "Waller St", "Fulton St", "Eddy St", "Turk St", "Clay St",
                                  "Jackson St", "Pacific Ave", "Union St", "Green St", "Vallejo St", "Filbert St",
                                  "Lombard St", "Chestnut St", "Bay St", "Francisco St"]

    init(width: Double, height: Double, canvasWidth: Double, canvasHeight: Double) {
        self.width = width
        self.height = height
        let nx = max(3, Int((width / 112).rounded()))
        let ny = max(4, Int((height / 74).rounded()))
        let px = width / Double(nx), py = height / Double(ny)
        var rng = SceneRandom(seed: 0x5EED_C17E)
        let xs = (0..<nx).map { i in (Double(i) + 0.35) * px + (i == 0 ? 0 : rng.range(-6, 6)) }
        let ys = (0..<ny).map { j in (Double(j) + 0.5) * py + (j == 0 ? 0 : rng.range(-7, 7)) }
        self.xs = xs
        self.ys = ys
        majorColumns = Set((0..<nx).filter { $0 % 3 == 1 })
        majorRows = Set((0..<ny).filter { $0 % 4 == 3 && $0 != ny - 1 })
        highwayRow = min(ny - 1, Int((Double(ny) * 0.62).rounded()))

        func column(near x: Double) -> Int { min(nx - 1, max(0, Int((x / px - 0.35).rounded()))) }
        func row(near y: Double) -> Int { min(ny - 1, max(0, Int((y / py - 0.5).rounded()))) }

        // The park sits in the upper half of the first screen, two blocks by three.
        let pc = column(near: canvasWidth * 0.08)
        let pr = row(near: canvasHeight * 0.13)
        parkColumns = pc..<min(nx, pc + 2)
        parkRows = pr..<min(ny - 1, pr + 3)
        let riverBase = min(height - 60, (ys[min(ny - 1, parkRows.upperBound)] + ys[min(ny - 1, parkRows.upperBound + 1)]) / 2 + 4)
        self.riverBase = riverBase
        riverHalfWidth = 25

        let parkRect = (x0: xs[parkColumns.lowerBound], y0: ys[parkRows.lowerBound],
                        x1: parkColumns.upperBound < nx ? xs[parkColumns.upperBound] : width + xs[0],
                        y1: parkRows.upperBound < ny ? ys[parkRows.upperBound] : height + ys[0])
        diagonalOrigin = SIMD2((parkRect.x0 + parkRect.x1) / 2, (parkRect.y0 + parkRect.y1) / 2)

        squareCell = ((pc + nx / 2 + 1) % nx, (pr + 1) % ny)
        let highwayRow = self.highwayRow
        let hospitalCell = ((pc + 3) % nx, (highwayRow + 2) % ny)
        self.hospitalCell = hospitalCell
        campusCell = ((pc + 1) % nx, (highwayRow - 3 + ny) % ny)

        userLocation = SIMD2(canvasWidth * 0.56, riverBase + 80)

        // Pins: places spread over the first screen, each moved onto the block its spot falls in.
        func onBlock(_ fx: Double, _ fy: Double) -> SIMD2<Double> {
            var p = SIMD2(canvasWidth * fx, canvasHeight * fy)
            let i = (0..<nx).last { xs[$0] <= p.x } ?? (nx - 1)
            let j = (0..<ny).last { ys[$0] <= p.y } ?? (ny - 1)
            let x0 = i < 0 ? xs[nx - 1] - width : xs[i], x1 = i + 1 < nx ? xs[i + 1] : width + xs[0]
            let y0 = ys[j], y1 = j + 1 < ny ? ys[j + 1] : height + ys[0]
            let inset = 12.0
            if x1 - x0 > 2 * inset { p.x = min(max(p.x, x0 + inset), x1 - inset) }
            if y1 - y0 > 30 { p.y = min(max(p.y, y0 + 24), y1 - 6) }
            // Not in the river: a pin that would stand in it moves to the bank below.
            let near = stride(from: p.x - 16, through: p.x + 16, by: 4).map { Self.riverY($0, base: riverBase, period: width) }
            let top = near.min()! - 25 - 10, bottom = near.max()! + 25 + 10
            if p.y + 4 > top && p.y - 36 < bottom {
                p.y = bottom + 36
                if let j2 = (0..<ny).first(where: { ys[$0] > p.y - 30 && ys[$0] < p.y + 4 }) { p.y = ys[j2] + MapWorld.majorWidth / 2 + 32 }
            }
            return p
        }
        let squareCentre = SIMD2((xs[squareCell.0] + (squareCell.0 + 1 < nx ? xs[squareCell.0 + 1] : width + xs[0])) / 2,
                                 (ys[squareCell.1] + (squareCell.1 + 1 < ny ? ys[squareCell.1 + 1] : height + ys[0])) / 2 + 10)
        let hospitalCentre = SIMD2((xs[hospitalCell.0] + (hospitalCell.0 + 1 < nx ? xs[hospitalCell.0 + 1] : width + xs[0])) / 2,
                                   (ys[hospitalCell.1] + (hospitalCell.1 + 1 < ny ? ys[hospitalCell.1 + 1] : height + ys[0])) / 2 + 10)
        pins = [
            MapPin(name: "Blue Bottle", category: "Café", kind: .cafe, at: onBlock(0.71, 0.225)),
            MapPin(name: "City Museum", category: "Museum", kind: .museum, at: onBlock(0.73, 0.345)),
            MapPin(name: "Ferry Market", category: "Market", kind: .shop, at: onBlock(0.42, 0.60)),
            MapPin(name: "Union Station", category: "Train Station", kind: .train, at: onBlock(0.70, 0.545)),
            MapPin(name: "Nopa Kitchen", category: "Restaurant", kind: .restaurant, at: onBlock(0.20, 0.70)),
            MapPin(name: "Hotel Riviera", category: "Hotel", kind: .hotel, at: onBlock(0.58, 0.86)),
            MapPin(name: "St. Mary's", category: "Hospital", kind: .hospital, at: hospitalCentre),
            MapPin(name: "Botanic Garden", category: "Garden", kind: .garden, at: squareCentre),
        ]
    }

    var columnCount: Int { xs.count }
    var rowCount: Int { ys.count }

    func streetX(_ i: Int) -> Double {
        let n = xs.count
        let k = ((i % n) + n) % n
        return xs[k] + Double((i - k) / n) * width
    }

    func streetY(_ j: Int) -> Double {
        let n = ys.count
        let k = ((j % n) + n) % n
        return ys[k] + Double((j - k) / n) * height
    }

    func columnWidth(_ i: Int) -> Double {
        let k = ((i % xs.count) + xs.count) % xs.count
        return majorColumns.contains(k) ? Self.majorWidth : Self.minorWidth
    }

    func rowWidth(_ j: Int) -> Double {
        let k = ((j % ys.count) + ys.count) % ys.count
        if k == highwayRow { return Self.highwayWidth }
        return majorRows.contains(k) ? Self.majorWidth : Self.minorWidth
    }

    /// The river's centre line: two sine waves that repeat exactly across the tile.
    func riverY(_ x: Double) -> Double { Self.riverY(x, base: riverBase, period: width) }

    static func riverY(_ x: Double, base: Double, period: Double) -> Double {
        let u = 2 * Double.pi * x / period
        return base + 22 * sin(u + 0.6) + 9 * sin(2 * u + 2.1)
    }

    func riverSlope(_ x: Double) -> Double {
        let u = 2 * Double.pi * x / width
        return (22 * cos(u + 0.6) + 18 * cos(2 * u + 2.1)) * 2 * Double.pi / width
    }

    /// The park's rectangle in points (inside its bounding streets' centre lines).
    var parkRect: (x0: Double, y0: Double, x1: Double, y1: Double) {
        (streetX(parkColumns.lowerBound), streetY(parkRows.lowerBound), streetX(parkColumns.upperBound), streetY(parkRows.upperBound))
    }

    /// The two diagonal directions, as unit vectors.
    var diagonals: [SIMD2<Double>] {
        let l = (width * width + height * height).squareRoot()
        return [SIMD2(width / l, height / l), SIMD2(-width / l, height / l)]
    }

    /// Where the diagonals cross for the second time in each tile (the first is the park's centre).
    var plaza: SIMD2<Double> { diagonalOrigin + SIMD2(width / 2, height / 2) }

    /// The shortest offset from `a` to `b` on the torus.
    func wrappedDelta(from a: SIMD2<Double>, to b: SIMD2<Double>) -> SIMD2<Double> {
        var d = b - a
        d.x -= (d.x / width).rounded() * width
        d.y -= (d.y / height).rounded() * height
        return d
    }
}

/// A place on the map with a coloured pin.
struct MapPin {
    enum Kind { case cafe, museum, shop, train, restaurant, hotel, hospital, garden, dropped }
    var name: String
    var category: String
    var kind: Kind
    /// The pin's tip, in world points.
    var at: SIMD2<Double>

    var color: (UInt8, UInt8, UInt8) {
        switch kind {
        case .cafe: return (222, 128, 34)
        case .museum: return (232, 62, 122)
        case .shop: return (242, 170, 20)
        case .train: return (10, 122, 255)
        case .restaurant: return (255, 112, 52)
        case .hotel: return (151, 89, 224)
        case .hospital: return (238, 62, 62)
        case .garden: return (46, 168, 86)
        case .dropped: return (255, 59, 48)
        }
    }
}
