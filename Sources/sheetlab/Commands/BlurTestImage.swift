import Raster

/// A deterministic, busy, colourful image: gradients, hard-edged blocks, thin stripes and rows of
/// text-like dashes, the worst case for a blur's accuracy and the usual case behind a sheet.
enum BlurTestImage {
    static func make(width: Int, height: Int) -> Pixmap {
        var image = Pixmap(width: width, height: height)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        func colour() -> PremultipliedRGBA8 {
            let v = next()
            return PremultipliedRGBA8(UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), 255)
        }
        for y in 0..<height {
            for x in 0..<width {
                let r = UInt8(x * 255 / max(1, width - 1)), g = UInt8(y * 255 / max(1, height - 1))
                let b = UInt8((x + y) / 4 & 0xFF)
                image[x, y] = PremultipliedRGBA8(r, g, b, 255)
            }
        }
        for _ in 0..<(width * height / 6000) {
            let w = Int(next() % 240) + 8, h = Int(next() % 160) + 8
            image.fill(PixelRect(x: Int(next() % UInt64(width)), y: Int(next() % UInt64(height)), width: w, height: h), with: colour())
        }
        for band in stride(from: 0, to: height, by: 160) {
            let c = colour()
            for y in band..<min(height, band + 24) where y % 3 == 0 {
                image.fill(PixelRect(x: 0, y: y, width: width, height: 1), with: c)
            }
        }
        for line in stride(from: 40, to: height, by: 48) {
            var x = 24
            while x < width - 24 {
                let word = Int(next() % 90) + 12
                let ink = next() % 4 == 0 ? colour() : PremultipliedRGBA8.black
                for dy in 0..<16 where next() % 3 != 0 {
                    image.fill(PixelRect(x: x, y: line + dy, width: min(word, width - 24 - x), height: 1), with: ink)
                }
                x += word + 14
            }
        }
        return image
    }
}
