import CSDL2
import CSDL2Image
import CSDL2TTF

/// Versions of the C libraries SheetLab runs on, as linked.
public enum PlatformInfo {
    public static var libraryVersions: String {
        var sdl = SDL_version()
        SDL_GetVersion(&sdl)
        let ttf = TTF_Linked_Version().pointee
        let image = IMG_Linked_Version().pointee
        return "SDL \(sdl.major).\(sdl.minor).\(sdl.patch), SDL_ttf \(ttf.major).\(ttf.minor).\(ttf.patch), "
            + "SDL_image \(image.major).\(image.minor).\(image.patch)"
    }
}
