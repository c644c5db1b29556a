/// The size a PNG or JPEG file claims, read from its header before anything is decoded, so that an image too large
/// to hold is refused for the price of a few bytes (a 68-byte PNG can claim 30000×30000 pixels, 3.6 GB decoded).
public enum ImageHeader {
    /// The largest side an image may have, in pixels: 8192, so at most 64 Mpx (256 MB of RGBA).
    public static let maxSide = 8192
    /// How much of a file is read to find the size: a JPEG's frame header may follow metadata segments.
    public static let prefixLength = 1 << 20

    public enum Kind: String, Sendable { case png = "PNG", jpeg = "JPEG" }

    /// The kind and size `bytes` (a file's first bytes) declare; nil when they are not a PNG or JPEG header.
    public static func size(of bytes: [UInt8]) -> (kind: Kind, width: Int, height: Int)? {
        if bytes.count >= 24, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
           bytes[12..<16].elementsEqual(Array("IHDR".utf8)) {
            return (.png, bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        }
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        // JPEG: walk the segments to the first frame header (SOF0…SOF15, except DHT C4, JPG C8 and DAC CC).
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }  // no length
            if marker == 0xD9 || marker == 0xDA { return nil }  // end of image, or scan data before any frame
            let length = bigEndian(bytes, i + 2, 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= bytes.count else { return nil }
                return (.jpeg, bigEndian(bytes, i + 7, 2), bigEndian(bytes, i + 5, 2))
            }
            i += 2 + length
        }
        return nil
    }

    /// Why an image with this header must not be decoded, or nil when it may be.
    public static func problem(with bytes: [UInt8]) -> String? {
        guard let (kind, w, h) = size(of: bytes) else { return "not a PNG or JPEG file" }
        if w <= 0 || h <= 0 { return "the \(kind.rawValue) header claims \(w)×\(h) pixels" }
        if w > maxSide || h > maxSide {
            return "the \(kind.rawValue) is \(w)×\(h) pixels; images may be at most \(maxSide)×\(maxSide)"
        }
        return nil
    }

    private static func bigEndian(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 << 8 | Int(b[at + $1]) }
    }
}
