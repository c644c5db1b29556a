import CSDL2
import Glibc
import Raster

/// An SDL window that shows frames through a streaming texture, with vsync.
public final class Window {
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (0, 0)

    /// Starts SDL's video and opens a window of `width`×`height` points. Fails when there is no display.
    /// SDL's video drivers that draw nowhere a person can see.
    static let invisibleDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    public init(title: String, width: Int, height: Int) throws {
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        // The app handles SIGINT, SIGTERM and SIGHUP itself (QuitSignals).
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        if SDL_WasInit(SDL_INIT_VIDEO) == 0 && SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0 {
            throw PlatformError("SDL could not start its video")
        }
        // With no display and no driver asked for, SDL 2.26 falls back to a driver that shows
        // nothing (offscreen, dummy) and the window would run invisibly forever.
        // SDL_VIDEODRIVER set but empty asks for no driver: SDL reads it as unset, and so does this check.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let asked = getenv("SDL_VIDEODRIVER").map { String(cString: $0) } ?? ""
        if Window.invisibleDrivers.contains(driver) && asked.allSatisfy({ $0 == " " }) {
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw PlatformError(message: "no display to open a window on (SDL chose its \(driver) driver)")
        }
        // Before the window exists, so that it says it takes drops (XdndAware) from the start.
        EventQueue.acceptFileDrops()
        let flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue
        guard let w = SDL_CreateWindow(title, sheetlab_windowpos_centered(), sheetlab_windowpos_centered(),
                                       Int32(width), Int32(height), flags) else {
            throw PlatformError("cannot open a window")
        }
        window = w
        let accelerated = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        guard let r = accelerated ?? SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            SDL_DestroyWindow(w)
            throw PlatformError("cannot create a renderer")
        }
        renderer = r
        SDL_SetWindowMinimumSize(w, 200, 200)
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    public var title: String {
        get { String(cString: SDL_GetWindowTitle(window)) }
        set { SDL_SetWindowTitle(window, newValue) }
    }

    /// The window's size in points (what mouse coordinates use).
    public var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The drawable size in pixels: larger than `size` on HiDPI displays.
    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    public func resize(width: Int, height: Int) {
        SDL_SetWindowSize(window, Int32(width), Int32(height))
    }

    /// Uploads `pixmap` and shows it, filling the window with `background` around it.
    /// `destination` is where it goes, in drawable pixels. A frame that cannot be uploaded or drawn
    /// is an error, never a frame silently skipped.
    public func present(_ pixmap: Pixmap, at destination: (x: Int, y: Int, width: Int, height: Int),
                        background: StraightRGBA8 = StraightRGBA8(28, 28, 30)) throws(PlatformError) {
        if texture == nil || textureSize != (pixmap.width, pixmap.height) {
            if let texture { SDL_DestroyTexture(texture) }
            textureSize = (pixmap.width, pixmap.height)
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(pixmap.width), Int32(pixmap.height))
        }
        guard let texture else { throw PlatformError("cannot create a \(pixmap.width)×\(pixmap.height) texture for the frame") }
        // Frames are opaque, so premultiplied and straight pixels agree.
        let uploaded = pixmap.pixels.withUnsafeBytes { raw in
            SDL_UpdateTexture(texture, nil, raw.baseAddress, Int32(pixmap.width * 4))
        }
        guard uploaded == 0 else { throw PlatformError("cannot upload the frame to its texture") }
        SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, 255)
        SDL_RenderClear(renderer)
        var rect = SDL_Rect(x: Int32(destination.x), y: Int32(destination.y), w: Int32(destination.width), h: Int32(destination.height))
        guard SDL_RenderCopy(renderer, texture, nil, &rect) == 0 else { throw PlatformError("cannot draw the frame") }
        SDL_RenderPresent(renderer)
    }
}
