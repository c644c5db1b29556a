import Foundation
import Platform
import Raster
import XCTest

/// A frame the window cannot upload is an error (the bench and the app say so), never a frame skipped in silence.
final class WindowPresentTests: XCTestCase {
    func testAFrameThatCannotBeUploadedIsAnError() throws {
        // SDL's dummy driver, asked for explicitly, so the test needs no display; unset at once so
        // that processes other tests start do not inherit it.
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let window: Window
        do {
            defer { unsetenv("SDL_VIDEODRIVER") }
            window = try Window(title: "present test", width: 40, height: 30)
        }
        // A texture cannot be 0×0: SDL refuses to create it.
        XCTAssertThrowsError(try window.present(Pixmap(width: 0, height: 0), at: (0, 0, 40, 30))) { error in
            XCTAssertTrue("\(error)".contains("texture"), "\(error)")
        }
        // A real frame goes through.
        XCTAssertNoThrow(try window.present(Pixmap(width: 40, height: 30, fill: PremultipliedRGBA8(10, 20, 30, 255)), at: (0, 0, 40, 30)))
    }
}
