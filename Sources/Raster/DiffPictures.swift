/// Pictures that help a reviewer find a change: a labelled side-by-side, and a zoom on the changed region.
public enum DiffPictures {
    static let background = PremultipliedRGBA8(40, 40, 44, 255)
    static let labelColor = PremultipliedRGBA8(235, 235, 240, 255)
    static let labelBand = 26

    /// Images side by side on a dark strip, each with its label above it when `text` is given.
    public static func sideBySide(_ images: [Pixmap], labels: [String], text: TextEngine?, gap: Int = 12) -> Pixmap {
        let band = text == nil ? 0 : labelBand
        let h = images.map(\.height).max() ?? 0
        let w = images.map(\.width).reduce(0, +) + gap * (images.count + 1)
        var out = Pixmap(width: w, height: h + 2 * gap + band, fill: background)
        var x = gap
        for (i, image) in images.enumerated() {
            if let text, i < labels.count {
                text.draw(labels[i], weight: .semibold, pixelSize: 15, color: labelColor, x: x, y: gap / 2 + 2, into: &out)
            }
            out.draw(image, x: x, y: gap + band)
            x += image.width + gap
        }
        return out
    }

    /// The region around `box` (padded, at least `minimumSide` pixels a side, within the images), enlarged with
    /// whole pixels so that its longer side is about `target` pixels (1× to 16×).
    public static func zoomRegion(around box: PixelRect, width: Int, height: Int, minimumSide: Int = 40) -> PixelRect {
        let pad = 6
        var r = PixelRect(x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad)
        if r.width < minimumSide { r.x -= (minimumSide - r.width) / 2; r.width = minimumSide }
        if r.height < minimumSide { r.y -= (minimumSide - r.height) / 2; r.height = minimumSide }
        r.x = max(0, min(r.x, width - r.width)); r.y = max(0, min(r.y, height - r.height))
        return r.clipped(width: width, height: height)
    }

    /// The enlargement that brings `region`'s longer side near `target` pixels.
    public static func zoomFactor(for region: PixelRect, target: Int = 320) -> Int {
        max(1, min(16, target / max(1, max(region.width, region.height))))
    }

    /// `region` of each image enlarged `factor` times with whole pixels.
    public static func enlarged(_ image: Pixmap, region: PixelRect, factor: Int) -> Pixmap {
        let crop = image.cropped(region)
        var out = Pixmap(width: crop.width * factor, height: crop.height * factor)
        for y in 0..<out.height {
            let row = (y / factor) * crop.width
            for x in 0..<out.width { out.pixels[y * out.width + x] = crop.pixels[row + x / factor] }
        }
        return out
    }

    /// Expected | diff | actual of the changed region, enlarged, labelled when `text` is given.
    public static func zoom(expected: Pixmap, diff: Pixmap, actual: Pixmap, box: PixelRect, text: TextEngine?) -> Pixmap {
        let w = min(expected.width, actual.width, diff.width), h = min(expected.height, actual.height, diff.height)
        let region = zoomRegion(around: box, width: w, height: h)
        guard !region.isEmpty else { return Pixmap(width: 1, height: 1, fill: background) }
        let factor = zoomFactor(for: region)
        let panels = [expected, diff, actual].map { enlarged($0, region: region, factor: factor) }
        let labels = ["expected", "diff", "actual"].map {
            "\($0) · x \(region.x)…\(region.maxX - 1), y \(region.y)…\(region.maxY - 1) · \(factor)×"
        }
        return sideBySide(panels, labels: [labels[0], "diff", "actual"], text: text)
    }
}
