import Foundation
import Raster

/// The tile's pins (as sprites with their names) and its labels: places, streets, the river, neighbourhoods,
/// placed so that they keep clear of each other and of what they would hide.
extension MapTileRenderer {
    // MARK: Pins

    /// Draws a pin and its name into a sprite of its own.
    mutating func makeSprite(_ index: Int, label: AlphaMask, halo: AlphaMask, labelCentre: SIMD2<Double>,
                                     color: PremultipliedRGBA8) {
        let pin = world.pins[index]
        let s = Double(scale)
        let r = MapPinArt.headRadius
        // Bounds in points: the pin with its shadow, and the label with its halo.
        let hx = Double(halo.width) / s / 2, hy = Double(halo.height) / s / 2
        let minX = min(pin.at.x - r - 5, labelCentre.x - hx - 1), maxX = max(pin.at.x + r + 5, labelCentre.x + hx + 1)
        let minY = min(pin.at.y - r * (MapPinArt.headLift + 1) - 5, labelCentre.y - hy - 1)
        let maxY = max(pin.at.y + 4, labelCentre.y + hy + 1)
        let x0 = Int((minX * s).rounded(.down)), y0 = Int((minY * s).rounded(.down))
        let x1 = Int((maxX * s).rounded(.up)), y1 = Int((maxY * s).rounded(.up))
        var image = Pixmap(width: x1 - x0, height: y1 - y0)
        func maskOrigin(_ m: AlphaMask) -> (Int, Int) {
            (Int((labelCentre.x * s - Double(m.width) / 2).rounded()) - x0, Int((labelCentre.y * s - Double(m.height) / 2).rounded()) - y0)
        }
        let ho = maskOrigin(halo), lo = maskOrigin(label)
        image.draw(halo, x: ho.0, y: ho.1, color: palette.halo)
        image.draw(label, x: lo.0, y: lo.1, color: color)
        MapPinArt.draw(MapPinArt.layers(pin.kind, size: 1, detail: s), tipX: pin.at.x * s - Double(x0), tipY: pin.at.y * s - Double(y0),
                       scale: s, into: &image)
        sprites.append(PinSprite(pin: index, image: image, x: x0, y: y0))
    }

    // MARK: Labels

    func conflicts(_ centre: SIMD2<Double>, _ half: SIMD2<Double>, avoidRiver: Bool = true,
                           avoidDiagonals: Bool = true, avoidPark: Bool = true) -> Bool {
        // Keep the first screen's labels whole: not across its left or right edge, nor under the map buttons.
        let x0 = centre.x - half.x, x1 = centre.x + half.x
        for edge in [0, canvasWidth, world.width] where x0 < edge + 2 && x1 > edge - 2 { return true }
        if x1 > canvasWidth - 64 && x0 < canvasWidth && centre.y - half.y < 175 { return true }
        for p in placed {
            let d = world.wrappedDelta(from: centre, to: p.c)
            if abs(d.x) < half.x + p.h.x + 4 && abs(d.y) < half.y + p.h.y + 3 { return true }
        }
        let r = MapPinArt.headRadius
        for pin in world.pins {
            let head = pin.at - SIMD2(0, r * MapPinArt.headLift)
            let d = world.wrappedDelta(from: centre, to: head)
            if abs(d.x) < half.x + r + 4 && abs(d.y) < half.y + r * 1.6 { return true }
        }
        let u = world.wrappedDelta(from: centre, to: world.userLocation)
        if abs(u.x) < half.x + 12 && abs(u.y) < half.y + 12 { return true }
        let pz = world.wrappedDelta(from: centre, to: world.plaza)
        if abs(pz.x) < half.x + 24 && abs(pz.y) < half.y + 24 { return true }
        let corners = [SIMD2(-half.x, -half.y), SIMD2(half.x, -half.y), SIMD2(-half.x, half.y), SIMD2(half.x, half.y), .zero]
        if avoidRiver {
            for k in corners where inRiver(centre + k, margin: 9) { return true }
            // The river might pass between the corners.
            var dy0 = centre.y - world.riverY(centre.x)
            dy0 -= (dy0 / world.height).rounded() * world.height
            if abs(dy0) < half.y + world.riverHalfWidth + 9 { return true }
        }
        if avoidPark {
            let park = world.parkRect
            for k in corners where inPark(centre + k, park) { return true }
        }
        if avoidDiagonals {
            let reach = MapWorld.diagonalWidth / 2 + 3
            for dir in world.diagonals {
                let n = SIMD2(-dir.y, dir.x)
                let spacing = world.width * world.height / (world.width * world.width + world.height * world.height).squareRoot()
                var signs = Set<Bool>()
                for k in corners {
                    let dd = ((centre + k - world.diagonalOrigin) * n).sum()
                    let rr = dd - (dd / spacing).rounded() * spacing
                    if abs(rr) < reach { return true }
                    if abs(rr) < spacing / 4 { signs.insert(rr > 0) }
                }
                if signs.count > 1 { return true }
            }
        }
        return false
    }

    mutating func place(_ centre: SIMD2<Double>, _ half: SIMD2<Double>) { placed.append((centre, half)) }

    func halo(for mask: AlphaMask) -> AlphaMask { mask.dilated(by: max(1, Int((1.6 * Double(scale)).rounded()))) }

    func drawLabel(_ c: inout WrapCanvas, _ mask: AlphaMask, at centre: SIMD2<Double>, color: PremultipliedRGBA8) {
        c.mask(halo(for: mask), centerX: centre.x, centerY: centre.y, palette.halo)
        c.mask(mask, centerX: centre.x, centerY: centre.y, color)
    }

    /// A text mask trimmed to its ink vertically around the caps, so that centring it centres the letters.
    func labelMask(_ s: String, weight: FontWeight, points: Double) -> AlphaMask {
        let ps = TextEngine.pixelSize(points, scale: scale)
        let line = text.line(s, weight: weight, pixelSize: ps)
        let ascent = text.rasterizer.metrics(weight: weight, pixelSize: ps).ascent
        // Keep a band from the cap top to a little below the baseline, symmetric about the caps' centre.
        let capTop = Double(ascent) - 0.727 * Double(ps)
        let centre = capTop + 0.3635 * Double(ps)
        let halfBand = 0.62 * Double(ps)
        let y0 = max(0, Int((centre - halfBand).rounded(.down)))
        let y1 = min(line.height, Int((centre + halfBand).rounded(.up)))
        guard y1 > y0, line.width > 0 else { return line }
        // Centre the band on the caps by padding the shorter side.
        let above = centre - Double(y0), below = Double(y1) - centre
        let padTop = max(0, Int((below - above).rounded())), padBottom = max(0, Int((above - below).rounded()))
        let h = y1 - y0 + padTop + padBottom
        var bytes = [UInt8](repeating: 0, count: line.width * h)
        for y in y0..<y1 {
            for x in 0..<line.width { bytes[(y - y0 + padTop) * line.width + x] = line.bytes[y * line.width + x] }
        }
        return AlphaMask(width: line.width, height: h, bytes: bytes)
    }

    func spaced(_ s: String) -> String { s.map(String.init).joined(separator: "\u{2009}") }

    mutating func drawLabels(_ c: inout WrapCanvas) {
        let s = Double(scale)
        let nx = world.columnCount, ny = world.rowCount
        let W = world.width, H = world.height

        // Places first: names beside their pins, in the pin's colour, drawn with their pins as sprites.
        sprites = []
        for (index, pin) in world.pins.enumerated() {
            let col = pin.color
            let ink = palette.pinInk(col)
            let mask = labelMask(pin.name, weight: .semibold, points: 11.5)
            let half = SIMD2(Double(mask.width) / s / 2, Double(mask.height) / s / 2)
            let head = pin.at - SIMD2(0, MapPinArt.headRadius * MapPinArt.headLift)
            let gap = MapPinArt.headRadius + 5
            let right = head + SIMD2(gap + half.x, 0), left = head - SIMD2(gap + half.x, 0)
            // On the first screen, keep the name inside the canvas.
            let preferLeft = head.x < canvasWidth && head.x + gap + 2 * half.x > canvasWidth - 6
            let first = preferLeft ? left : right, second = preferLeft ? right : left
            let centre = !conflicts(first, half, avoidRiver: false, avoidDiagonals: false, avoidPark: false) ? first
                : (!conflicts(second, half, avoidRiver: false, avoidDiagonals: false, avoidPark: false) ? second : first)
            makeSprite(index, label: mask, halo: halo(for: mask), labelCentre: centre, color: ink)
            place(centre, half)
        }
        sprites.sort { world.pins[$0.pin].at.y < world.pins[$1.pin].at.y }

        // The park, the square, the campus and the river.
        let park = world.parkRect
        let parkLabel = SIMD2((park.x0 + park.x1) / 2, park.y0 + (park.y1 - park.y0) * 0.62)
        let pm = labelMask("Union Park", weight: .semibold, points: 12.5)
        drawLabel(&c, pm, at: parkLabel, color: palette.parkLabel)
        place(parkLabel, SIMD2(Double(pm.width), Double(pm.height)) / (2 * s))
        let cc = cellCentre(world.campusCell)
        let cm = labelMask("City College", weight: .semibold, points: 10.5)
        drawLabel(&c, cm, at: cc, color: palette.campusLabel)
        place(cc, SIMD2(Double(cm.width), Double(cm.height)) / (2 * s))

        var riverLabels = 0
        for fx in stride(from: 0.05, to: 1.0, by: 0.1) where riverLabels < 2 {
            let x = W * fx
            let angle = atan(world.riverSlope(x))
            let m = labelMask("Alder River", weight: .semibold, points: 11.5).rotated(by: angle)
            let centre = SIMD2(x, world.riverY(x))
            let half = SIMD2(Double(m.width), Double(m.height)) / (2 * s)
            if conflicts(centre, half * 0.8, avoidRiver: false, avoidDiagonals: true, avoidPark: false) { continue }
            let bridged = world.majorColumns.contains { i in
                var dx = world.xs[i] - x
                dx -= (dx / W).rounded() * W
                return abs(dx) < half.x + MapWorld.majorWidth / 2 + 4
            }
            if bridged { continue }
            drawLabel(&c, m, at: centre, color: palette.riverLabel)
            place(centre, half * 0.8)
            place(centre, SIMD2(W * 0.2, 10))
            riverLabels += 1
        }

        // The expressway's name, on the road itself.
        let hy = world.ys[world.highwayRow]
        let hm = labelMask("Bayshore Fwy", weight: .semibold, points: 10.5)
        var hwyCount = 0
        for k in 0..<nx where hwyCount < 2 {
            let i = (k * 3 + 1) % nx
            let centre = SIMD2((world.streetX(i) + world.streetX(i + 1)) / 2, hy)
            let half = SIMD2(Double(hm.width), Double(hm.height)) / (2 * s)
            if conflicts(centre, half) { continue }
            c.mask(hm, centerX: centre.x, centerY: centre.y, palette.highwayLabel)
            place(centre, half)
            hwyCount += 1
        }

        // Diagonal avenues, along their length.
        let names = ["Market St", "Columbus Ave"]
        let length = (W * W + H * H).squareRoot()
        for (n, dir) in world.diagonals.enumerated() {
            let readable = dir.x >= 0 ? dir : -dir
            let angle = atan2(readable.y, readable.x)
            let m = labelMask(names[n], weight: .semibold, points: 11).rotated(by: angle)
            let half = SIMD2(Double(m.width), Double(m.height)) / (2 * s)
            var count = 0
            for t in stride(from: 0.12, to: 0.95, by: 0.07) where count < 2 {
                let centre = world.diagonalOrigin + dir * (t * length)
                // The label runs along the road: test a narrow box along it rather than its bounding box.
                if conflicts(centre, SIMD2(14, 14), avoidRiver: true, avoidDiagonals: false, avoidPark: true) { continue }
                if conflicts(centre + readable * (half.x * 0.7), SIMD2(8, 8), avoidDiagonals: false)
                    || conflicts(centre - readable * (half.x * 0.7), SIMD2(8, 8), avoidDiagonals: false) { continue }
                if abs(world.wrappedDelta(from: centre, to: world.plaza).x) < 50,
                   abs(world.wrappedDelta(from: centre, to: world.plaza).y) < 60 { continue }
                drawLabel(&c, m, at: centre, color: palette.avenueLabel)
                place(centre, SIMD2(12, 12))
                place(centre + readable * (half.x * 0.6), SIMD2(10, 10))
                place(centre - readable * (half.x * 0.6), SIMD2(10, 10))
                count += 1
            }
        }

        // Horizontal streets: one name per street per tile, in a block span that is free.
        for j in 0..<ny where j != world.highwayRow {
            let major = world.majorRows.contains(j)
            let name = MapWorld.horizontalNames[j % MapWorld.horizontalNames.count]
            let m = labelMask(name, weight: major ? .semibold : .medium, points: major ? 11 : 10.5)
            let half = SIMD2(Double(m.width), Double(m.height)) / (2 * s)
            for k in 0..<nx {
                let i = (k * 2 + j * 3) % nx
                let span = world.streetX(i + 1) - world.streetX(i)
                if half.x * 2 > span - world.columnWidth(i) / 2 - world.columnWidth(i + 1) / 2 - 4 { continue }
                let centre = SIMD2((world.streetX(i) + world.streetX(i + 1)) / 2, world.ys[j])
                if conflicts(centre, half) { continue }
                drawLabel(&c, m, at: centre, color: major ? palette.majorLabel : palette.minorLabel)
                place(centre, half)
                break
            }
        }

        // Vertical streets: names read upward, twice per tile where there is room.
        for i in 0..<nx {
            let major = world.majorColumns.contains(i)
            let name = MapWorld.verticalNames[i % MapWorld.verticalNames.count]
            let m = labelMask(name, weight: major ? .semibold : .medium, points: major ? 11 : 10.5).rotatedQuarterAnticlockwise()
            let half = SIMD2(Double(m.width), Double(m.height)) / (2 * s)
            var count = 0
            for k in 0..<ny where count < 2 {
                let j = (k * 5 + i * 2 + 1) % ny
                let centre = SIMD2(world.xs[i], (world.streetY(j) + world.streetY(j + 1)) / 2)
                if conflicts(centre, half) { continue }
                drawLabel(&c, m, at: centre, color: major ? palette.majorLabel : palette.minorLabel)
                place(centre, half)
                count += 1
            }
        }

        // Neighbourhoods: spaced capitals over the blocks.
        let hoods = ["HAYES VALLEY", "MISSION BAY", "NORTH BEACH", "OLD TOWN"]
        var h = 0
        for k in 0..<(nx * ny) where h < hoods.count {
            let i = (k * 5 + 2) % nx, j = (k * 7 + 3) % ny
            let m = labelMask(spaced(hoods[h]), weight: .semibold, points: 11)
            let centre = cellCentre((i, j))
            let half = SIMD2(Double(m.width), Double(m.height)) / (2 * s)
            if conflicts(centre, half + SIMD2(6, 6)) { continue }
            // Keep neighbourhoods apart from each other.
            drawLabel(&c, m, at: centre, color: palette.hoodLabel)
            place(centre, half + SIMD2(60, 60))
            h += 1
        }
    }

    func cellCentre(_ cell: (Int, Int)) -> SIMD2<Double> {
        SIMD2((world.streetX(cell.0) + world.streetX(cell.0 + 1)) / 2, (world.streetY(cell.1) + world.streetY(cell.1 + 1)) / 2)
    }
}
