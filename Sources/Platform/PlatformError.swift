import CSDL2

/// Something SDL or the system could not do, with SDL's own reason when it gave one.
public struct PlatformError: Error, CustomStringConvertible {
    public var description: String
    public init(_ what: String) {
        let sdl = String(cString: SDL_GetError())
        description = sdl.isEmpty ? what : "\(what): \(sdl)"
    }
    public init(message: String) { description = message }
}
