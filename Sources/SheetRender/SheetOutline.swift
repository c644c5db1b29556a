import Raster
import SheetKit

/// The sheet's outline on one frame, in the frame's pixels, and the bands of rows that draw its edges:
/// a top band (the shadow above, the top corners, the rim and lens along the top), a bottom band (the
/// bottom corners and the shadow below), and between them rows that differ only at the two side edges.
/// A sheet too short for the bands to stay apart is one band.
struct SheetOutline {
    /// The outline in canvas pixels. Its top is a whole row: the sheet's top edge rounded, where the
    /// grabber and content are placed from.
    let field: OutlineField
    var topRow: Int { Int(field.top) }

    /// A band and the canvas row its relative rows count from.
    struct Placed {
        let band: OutlineBand
        let anchor: Int
        /// The canvas rows it covers.
        var rows: Range<Int> { (anchor + band.rows.lowerBound)..<(anchor + band.rows.upperBound) }
    }

    let top: Placed
    /// The rows between the bands, all alike: one row of side profile.
    let middle: Placed?
    let middleRows: Range<Int>
    let bottom: Placed?

    /// The first canvas row the outline touches (its shadow included).
    var firstRow: Int { top.rows.lowerBound }

    /// The band that draws canvas row `y` and the row within it, or nil where the outline leaves the row alone.
    @inline(__always) func band(at y: Int) -> (band: OutlineBand, row: Int)? {
        if top.rows.contains(y) { return (top.band, y - top.rows.lowerBound) }
        if let middle, middleRows.contains(y) { return (middle.band, 0) }
        if let bottom, bottom.rows.contains(y) { return (bottom.band, y - bottom.rows.lowerBound) }
        return nil
    }

    /// The coverage (0…255) of canvas pixel (x, y).
    func coverage(x: Int, y: Int) -> UInt8 {
        guard let (band, row) = band(at: y) else { return 0 }
        return band.coverage(x: x, row: row)
    }

    /// The outline of `shape` at `scale`, its bands from `cache`.
    /// `shape` with a floating sheet's inset rounded to whole pixels at `scale`, as UIKit rounds frames to the
    /// pixel grid: its side and bottom edges land on pixel boundaries, the bottom corners stay concentric (display
    /// radius − inset), and a morph passes through one shape per pixel of inset, each drawn from cached bands.
    static func pixelAligned(_ shape: SheetShape, scale: Int) -> SheetShape {
        guard shape.inset > 0 else { return shape }
        let s = Double(scale)
        let d = (shape.inset * s).rounded() / s - shape.inset
        var aligned = shape
        aligned.inset += d
        aligned.frame = Rect(x: shape.frame.x + d, y: shape.frame.y, width: max(0, shape.frame.width - 2 * d),
                             height: max(0, shape.frame.height - d))
        if shape.bottomRadius > 0 { aligned.bottomRadius = max(0, shape.bottomRadius - d) }
        return aligned
    }

    init(shape given: SheetShape, setup: SheetSetup, scale: Int, widthPixels: Int, heightPixels: Int,
         optics: OutlineOptics, cache: inout OutlineCache) {
        let s = Double(scale)
        let shape = Self.pixelAligned(given, scale: scale)
        let topRow = Int((shape.frame.y * s).rounded())
        // A form sheet keeps its size as its top rounds to a row; an attached or floating sheet keeps its bottom.
        let bottomEdge = setup.presentation == .formSheet ? Double(topRow) + shape.frame.height * s : shape.frame.maxY * s
        let curve: CornerCurve = shape.curve == .continuous ? .continuous : .circular
        let rect = RectF(x: shape.frame.x * s, y: Double(topRow), width: shape.frame.width * s, height: max(0, bottomEdge - Double(topRow)))
        let field = OutlineField(rect, topRadius: shape.topRadius * s, bottomRadius: shape.bottomRadius * s, curve: curve)
        self.field = field

        cache.beginFrame()
        let reach = Int(optics.shadowReach.rounded(.up)) + 1
        let edge = optics.lensWidth + optics.rimWidth
        // Below the top corners (above the bottom ones) the rows differ only at the side edges. The side shadow
        // there is taken from the straight edge alone: a continuous corner leaves its edge with zero curvature.
        let depthTop = Int(max(field.topExtent, edge).rounded(.up)) + 2
        let depthBottom = Int(max(field.bottomExtent, edge).rounded(.up)) + 2
        let bottomAnchor = Int(field.bottom.rounded(.down))
        let canvasRows = 0..<heightPixels
        func clip(_ rows: Range<Int>, anchor: Int) -> Range<Int> {
            let lo = max(rows.lowerBound, canvasRows.lowerBound - anchor), hi = min(rows.upperBound, canvasRows.upperBound - anchor)
            return lo < hi ? lo..<hi : lo..<lo
        }
        func relative(top: Double, bottom: Double, corners: Bool = true) -> OutlineField {
            OutlineField(left: field.left, top: top, right: field.right, bottom: bottom, topExtent: corners ? field.topExtent : 0,
                         bottomExtent: corners ? field.bottomExtent : 0, curve: curve)
        }
        let far = 1e7
        if topRow + depthTop <= bottomAnchor - depthBottom {
            let topRows = clip(-reach..<depthTop, anchor: topRow)
            self.top = Placed(band: cache.band(relative(top: 0, bottom: far), rows: topRows, widthPixels, optics), anchor: topRow)
            let bottomRows = clip(-depthBottom..<(reach + 1), anchor: bottomAnchor)
            self.bottom = Placed(band: cache.band(relative(top: -far, bottom: field.bottom - Double(bottomAnchor)), rows: bottomRows,
                                             widthPixels, optics), anchor: bottomAnchor)
            self.middle = Placed(band: cache.band(relative(top: -far, bottom: far, corners: false), rows: 0..<1, widthPixels, optics), anchor: 0)
            self.middleRows = (topRow + depthTop)..<(bottomAnchor - depthBottom)
        } else {
            let rows = clip(-reach..<(bottomAnchor - topRow + reach + 1), anchor: topRow)
            self.top = Placed(band: cache.band(relative(top: 0, bottom: field.bottom - Double(topRow)), rows: rows, widthPixels, optics),
                         anchor: topRow)
            self.bottom = nil
            self.middle = nil
            self.middleRows = 0..<0
        }
    }
}

/// Outline bands already computed, by what they were computed from, kept up to a memory budget and dropped least
/// recently used first: a sheet at rest, moving without changing shape (a floating sheet dragged below the morph), or
/// passing through the morph's steps again (a drag back down, the next drag up) draws from bands it made before. A
/// band dropped lends its memory to the next one made; bands the current frame uses are never dropped.
struct OutlineCache {
    struct Key: Hashable {
        var field: OutlineField
        var rowsFrom: Int
        var rowsTo: Int
        var optics: OutlineOptics
    }

    private var entries: [Key: (band: OutlineBand, used: Int)] = [:]
    /// How many bands were computed, for tests.
    private(set) var computed = 0
    /// The frame being drawn, counting from 1, and the bytes the kept bands hold.
    private var frame = 0
    private(set) var bytes = 0
    /// Room for every band of a 3× glass morph (about 40 shapes of 1 MB) with the resting shapes beside them.
    static let budget = 64 << 20

    /// How many bands are kept.
    var count: Int { entries.count }

    /// Starts a frame.
    mutating func beginFrame() { frame += 1 }

    mutating func band(_ field: OutlineField, rows: Range<Int>, _ canvasWidth: Int, _ optics: OutlineOptics) -> OutlineBand {
        let key = Key(field: field, rowsFrom: rows.lowerBound, rowsTo: rows.upperBound, optics: optics)
        if let entry = entries[key] {
            entries[key] = (entry.band, frame)
            return entry.band
        }
        computed += 1
        // Over budget: drop the least recently used bands that this frame has not asked for, keeping one's memory.
        var reused: OutlineBand?
        while bytes > Self.budget {
            var victim: Key?, oldest = Int.max
            for (k, e) in entries where e.used < frame && e.used < oldest { victim = k; oldest = e.used }
            guard let victim, let dropped = entries.removeValue(forKey: victim) else { break }
            bytes -= dropped.band.bytes
            if reused == nil { reused = dropped.band }
        }
        let band = reused ?? OutlineBand()
        band.compute(field: field, rows: rows, canvasWidth: canvasWidth, optics: optics)
        bytes += band.bytes
        entries[key] = (band, frame)
        return band
    }
}
