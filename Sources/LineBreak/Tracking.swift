/// iOS's size-dependent tracking for SF Pro, applied to Inter so that text runs as iOS sets it.
///
/// Source: Apple's Human Interface Guidelines, Typography, "Tracking values" for SF Pro on iOS and iPadOS
/// (the table from 6 to 96 pt; the points column). Between listed sizes the value is interpolated linearly;
/// below 6 pt and above 96 pt it is held. The same table serves the layout's measurement (SheetKit) and
/// the drawing (Raster), so that lines and pixels agree.
public enum Tracking {
    /// (size in points, tracking in points) from the HIG table.
    public static let sfProIOS: [(size: Double, points: Double)] = [
        (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15),
        (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45), (21, -0.36), (22, -0.26),
        (23, -0.10), (24, 0.07), (25, 0.15), (26, 0.22), (27, 0.29), (28, 0.38), (29, 0.40), (30, 0.40),
        (31, 0.39), (32, 0.41), (33, 0.40), (34, 0.40), (35, 0.38), (36, 0.37), (37, 0.36), (38, 0.37),
        (39, 0.38), (40, 0.37), (41, 0.36), (42, 0.37), (43, 0.38), (44, 0.37), (45, 0.35), (46, 0.36),
        (47, 0.37), (48, 0.35), (49, 0.33), (50, 0.34), (51, 0.35), (52, 0.33), (53, 0.31), (54, 0.32),
        (56, 0.30), (58, 0.28), (60, 0.26), (62, 0.24), (64, 0.22), (66, 0.19), (68, 0.17), (70, 0.14),
        (72, 0.14), (76, 0.07), (80, 0), (88, 0), (96, 0),
    ]

    /// The space iOS adds after each character of text at `size` points, in points.
    public static func points(forSize size: Double) -> Double {
        let table = sfProIOS
        guard size.isFinite, size > table[0].size else { return table[0].points }
        guard let upper = table.firstIndex(where: { $0.size >= size }) else { return table[table.count - 1].points }
        let hi = table[upper], lo = table[upper - 1]
        if hi.size == size { return hi.points }
        let t = (size - lo.size) / (hi.size - lo.size)
        return lo.points + (hi.points - lo.points) * t
    }

    /// The width of a run of `count` characters whose advances sum to `advances`, with `tracking` between
    /// neighbours: tracking × (count − 1), none after the last character.
    public static func width(advances: Double, count: Int, tracking: Double) -> Double {
        advances + tracking * Double(max(0, count - 1))
    }
}
