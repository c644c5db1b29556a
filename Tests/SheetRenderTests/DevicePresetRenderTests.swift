import Foundation
import SheetKit
@testable import SheetRender
import XCTest

/// Every device preset renders a frame of its own size (issue 37).
final class DevicePresetRenderTests: XCTestCase {
    func testEveryPresetRendersAtItsSize() {
        for p in DevicePreset.all {
            let json = #"{"device": "\#(p.name)", "sheet": {"content": [], "shadow": null}}"#
            guard case .success(let d) = ConfigLoader.load(text: json, file: "t.json") else { XCTFail(p.name); continue }
            let setup = SheetSetup(config: d.config, measurer: MeasuredTextMetrics(engine: FrameTests.text))
            let r = FrameRenderer(setup: setup, scale: 1, text: FrameTests.text, scene: GradientScene())
            r.render(SheetVisual(height: setup.detents.first?.height ?? 300))
            XCTAssertEqual(r.frame.width, Int(p.width), p.name)
            XCTAssertEqual(r.frame.height, Int(p.height), p.name)
        }
    }
}
