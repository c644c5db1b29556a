// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "SheetLab",
    products: [
        .executable(name: "sheetlab", targets: ["sheetlab"]),
        .library(name: "SheetKit", targets: ["SheetKit"]),
    ],
    targets: [
        // C libraries, each behind a small shim header. Only Platform imports them.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2",
                       providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2TTF", pkgConfig: "SDL2_ttf",
                       providers: [.apt(["libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CSDL2Image", pkgConfig: "SDL2_image",
                       providers: [.apt(["libsdl2-image-dev"])]),
        // Animated clips: libwebp's animation encoder, and giflib (which ships no pkg-config file).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux",
                       providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        // PNGs read a row at a time through libpng: goldens, background and content images.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // PNGs written: filtered rows compressed whole by libdeflate (renders, goldens, artifacts, plots).
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),

        // The word-wrapping rule, shared by the layout's text estimate and the real text, so that they agree.
        .target(name: "LineBreak"),

        // The light/dark rule (WCAG luminance and contrast, the ink that reads on a colour), shared by the decisions
        // and the pixels so that both choose the same ink.
        .target(name: "Legibility"),

        // A finger's lift-off velocity from its timestamped samples, at any event rate: its own module, so that
        // the estimate has one owner and its own table of cases (Tests/VelocityTests).
        .target(name: "Velocity"),

        // Pure Swift decisions: config, detents, gestures, motion, the state machine, scripts.
        .target(name: "SheetKit", dependencies: ["LineBreak", "Legibility", "Velocity"]),

        // The hottest row kernels of Raster in AVX2, chosen at run time by a CPU check (Raster keeps its Swift lanes as
        // the baseline and for the ragged ends): plain C, no system library.
        .target(name: "CPixelKernels"),

        // Swift pixels: premultiplied RGBA8 pixmaps, paths and anti-aliased shapes, blur, compositing, cached text.
        .target(name: "Raster", dependencies: ["LineBreak", "CPixelKernels", "Legibility"]),

        // The backgrounds a sheet sits over (map, list, gradient, colour, image): pixels only, no sheet.
        .target(name: "Scenes", dependencies: ["Raster", "Legibility"]),

        // A frame from a sheet state: material, corners, grabber, shadow, dimming, content over a scene.
        .target(name: "SheetRender", dependencies: ["SheetKit", "Raster", "Scenes", "CPixelKernels"]),

        // The only module that sees C: SDL, SDL_ttf, SDL_image, libpng, libdeflate, libwebp, giflib, the process.
        .target(name: "Platform", dependencies: ["CSDL2", "CSDL2TTF", "CSDL2Image", "CWebP", "CGIF", "CPNG", "CDeflate", "Raster"]),

        // From pixels back to a config: a sheet found in a screenshot or a screen recording, measured feature by feature
        // (`sheetlab measure`).
        .target(name: "SheetMeasure", dependencies: ["SheetKit", "Raster"]),

        .executableTarget(name: "sheetlab", dependencies: ["SheetKit", "Raster", "SheetRender", "Platform", "SheetMeasure"]),

        .testTarget(name: "VelocityTests", dependencies: ["Velocity"]),
        .testTarget(name: "SheetKitTests", dependencies: ["SheetKit", "Legibility"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "LineBreak", "CPixelKernels"]),
        .testTarget(name: "SheetRenderTests", dependencies: ["SheetRender", "Scenes", "Platform", "Raster", "SheetKit", "CPixelKernels"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Raster", "CSDL2", "CSDL2Image"]),
        .testTarget(name: "SheetMeasureTests", dependencies: ["SheetMeasure", "SheetRender", "Scenes", "Platform", "Raster", "SheetKit"]),
        .testTarget(name: "CLITests", dependencies: ["sheetlab", "Platform", "Raster", "SheetKit"]),
    ],
    swiftLanguageModes: [.v6]
)
