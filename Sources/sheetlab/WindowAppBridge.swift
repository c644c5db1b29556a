import SheetKit
import SheetRender

// The window app (Sources/sheetlab/App, changed on another branch during issue 9) still calls these
// older names. At merge the lead moves its call sites and deletes this file:
//   Inputs.Failure                   →  InputError (SheetKit), or PlatformFailure for no display / event log
//   CommandSupport.printWarnings(w)  →  Console.warnings(w)
//   Rendering.text/setup/renderer    →  RenderResources.text/setup/renderer, which throw PlatformFailure
extension Inputs {
    typealias Failure = InputError
}

enum CommandSupport {
    static func printWarnings(_ warnings: [Diagnostic]) { Console.warnings(warnings) }
}

@MainActor
enum Rendering {
    static func text() throws(InputError) -> TextEngine {
        do { return try RenderResources.text() } catch { throw InputError(error) }
    }

    static func setup(_ document: ConfigDocument) throws(InputError) -> SheetSetup {
        do { return try RenderResources.setup(document) } catch { throw InputError(error) }
    }

    static func renderer(_ document: ConfigDocument, setup: SheetSetup, scale: Int,
                         scene: (any BackgroundScene)? = nil) throws(InputError) -> FrameRenderer {
        do { return try RenderResources.renderer(document, setup: setup, scale: scale, scene: scene) } catch { throw InputError(error) }
    }
}

extension InputError {
    init(_ failure: PlatformFailure) {
        self.init([Diagnostic(file: failure.subject, path: failure.keyPath, message: failure.message)])
    }
}
