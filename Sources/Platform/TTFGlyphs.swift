import CSDL2
import CSDL2TTF
import Raster

/// Glyphs from the Inter family that the Debian package `fonts-inter` installs, through SDL_ttf.
public final class TTFGlyphs: GlyphRasterizer {
    /// Where the Inter faces are: `/usr/share/fonts/opentype/inter`, or `SHEETLAB_FONT_DIR` when set
    /// (to test what happens when fonts are missing, or to use fonts installed elsewhere).
    public static let fontDirectory = SDL_getenv("SHEETLAB_FONT_DIR").map { String(cString: $0) }
        ?? "/usr/share/fonts/opentype/inter"

    private var fonts: [FontKey: OpaquePointer] = [:]
    private let paths: [FontWeight: String]

    struct FontKey: Hashable {
        var weight: FontWeight
        var size: Int
    }

    /// The face file of each weight, in `fontDirectory` (golden fingerprints hash these).
    public static let faceFiles: [FontWeight: String] = [.regular: "Inter-Regular.otf", .medium: "Inter-Medium.otf",
                                                         .semibold: "Inter-SemiBold.otf", .bold: "Inter-Bold.otf",
                                                         .displayRegular: "InterDisplay-Regular.otf", .displayMedium: "InterDisplay-Medium.otf",
                                                         .displaySemibold: "InterDisplay-SemiBold.otf", .displayBold: "InterDisplay-Bold.otf",
                                                         .heavy: "Inter-ExtraBold.otf", .displayHeavy: "InterDisplay-ExtraBold.otf"]

    /// Opens the Inter faces; a missing font is an error that names the package to install.
    public init() throws {
        if TTF_WasInit() == 0 && TTF_Init() != 0 { throw PlatformError("SDL_ttf could not start") }
        var found: [FontWeight: String] = [:]
        for (weight, file) in Self.faceFiles {
            let path = Self.fontDirectory + "/" + file
            guard let probe = TTF_OpenFont(path, 12) else {
                throw PlatformError(message: "the Inter font is missing (\(path)); install it with: apt-get install fonts-inter")
            }
            TTF_CloseFont(probe)
            found[weight] = path
        }
        paths = found
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
    }

    private func font(_ weight: FontWeight, _ size: Int) -> OpaquePointer? {
        let key = FontKey(weight: weight, size: max(1, size))
        if let f = fonts[key] { return f }
        guard let path = paths[weight], let f = TTF_OpenFont(path, Int32(key.size)) else { return nil }
        TTF_SetFontHinting(f, Int32(TTF_HINTING_LIGHT))
        TTF_SetFontKerning(f, 1)
        fonts[key] = f
        return f
    }

    public func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int {
        guard !text.isEmpty, let f = font(weight, pixelSize) else { return 0 }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(f, text, &w, &h)
        return Int(w)
    }

    public func metrics(weight: FontWeight, pixelSize: Int) -> (ascent: Int, lineHeight: Int) {
        guard let f = font(weight, pixelSize) else { return (pixelSize, pixelSize) }
        return (Int(TTF_FontAscent(f)), Int(TTF_FontHeight(f)))
    }

    public func render(_ text: String, weight: FontWeight, pixelSize: Int) -> AlphaMask {
        guard !text.isEmpty, let f = font(weight, pixelSize),
              let surface = TTF_RenderUTF8_Blended(f, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else {
            return AlphaMask(width: 0, height: 0)
        }
        defer { SDL_FreeSurface(surface) }
        // Blended output is ARGB8888 white with coverage in alpha.
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        var mask = AlphaMask(width: w, height: h)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let row = base + y * pitch
            for x in 0..<w {
                let argb = UnsafeRawPointer(row + x * 4).loadUnaligned(as: UInt32.self)
                mask.bytes[y * w + x] = UInt8(argb >> 24)
            }
        }
        return mask
    }
}
