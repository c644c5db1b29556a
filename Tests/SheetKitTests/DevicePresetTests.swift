import Foundation
import XCTest
@testable import SheetKit

/// The device presets against the published tables they come from (issue 37; docs/ios-reference.md, "Device presets
/// (issue 37)"), and the screenshot-size lookup `sheetlab measure` guesses a device with.
final class DevicePresetTests: XCTestCase {
    /// Each preset as the sources give it: pixels and scale from the HIG's Layout table (the 13 mini: its screenshots'
    /// 1125 × 2436, see the doc), safe areas top / bottom / landscape side from the per-device safe-area tables, and
    /// the display corner radius from ScreenCorners and BezelKit.
    static let published: [(line: UInt, name: String, pixels: (Int, Int), scale: Int, top: Double, bottom: Double,
                            side: Double, radius: Double)] = [
        (#line, "iphone-se", (750, 1334), 2, 20, 0, 0, 0),
        (#line, "iphone-11-pro", (1125, 2436), 3, 44, 34, 44, 39),
        (#line, "iphone-13-mini", (1125, 2436), 3, 50, 34, 50, 44),
        (#line, "iphone-17e", (1170, 2532), 3, 47, 34, 47, 47.33),
        (#line, "iphone-15", (1179, 2556), 3, 59, 34, 59, 55),
        (#line, "iphone-15-pro", (1179, 2556), 3, 59, 34, 59, 55),
        (#line, "iphone-18-pro", (1206, 2622), 3, 62, 34, 62, 62),
        (#line, "iphone-11", (828, 1792), 2, 48, 34, 48, 41.5),
        (#line, "iphone-11-pro-max", (1242, 2688), 3, 44, 34, 44, 39),
        (#line, "iphone-air", (1260, 2736), 3, 68, 34, 68, 62),
        (#line, "iphone-14-plus", (1284, 2778), 3, 47, 34, 47, 53.33),
        (#line, "iphone-15-pro-max", (1290, 2796), 3, 59, 34, 59, 55),
        (#line, "iphone-18-pro-max", (1320, 2868), 3, 62, 34, 62, 62),
        (#line, "ipad-mini", (1488, 2266), 2, 24, 20, 0, 21.5),
        (#line, "ipad-a16", (1640, 2360), 2, 24, 20, 0, 25),
        (#line, "ipad-air-11", (1640, 2360), 2, 24, 20, 0, 18),
        (#line, "ipad-pro-11", (1668, 2420), 2, 24, 20, 0, 30),
        (#line, "ipad-air-13", (2048, 2732), 2, 24, 20, 0, 18),
        (#line, "ipad-pro-13", (2064, 2752), 2, 24, 20, 0, 30),
    ]

    func testEveryPresetIsThePublishedScreen() {
        XCTAssertEqual(Set(DevicePreset.all.map(\.name)), Set(Self.published.map(\.name)),
                       "every preset has a cited row, and every row a preset")
        for row in Self.published {
            guard let p = DevicePreset.named(row.name) else { XCTFail("no preset \(row.name)", line: row.line); continue }
            XCTAssertEqual(p.scale, row.scale, row.name, line: row.line)
            XCTAssertEqual(p.width * Double(p.scale), Double(row.pixels.0), "\(row.name) pixel width", line: row.line)
            XCTAssertEqual(p.height * Double(p.scale), Double(row.pixels.1), "\(row.name) pixel height", line: row.line)
            XCTAssertEqual(p.safeTop, row.top, "\(row.name) safe top", line: row.line)
            XCTAssertEqual(p.safeBottom, row.bottom, "\(row.name) safe bottom", line: row.line)
            XCTAssertEqual(p.landscapeSide, row.side, "\(row.name) landscape side", line: row.line)
            XCTAssertEqual(p.displayCornerRadius, row.radius, "\(row.name) corner radius", line: row.line)
        }
    }

    func testPresetsAreWholePixelsAndSane() {
        let names = DevicePreset.all.map(\.name)
        XCTAssertEqual(names.count, Set(names).count, "names are unique")
        XCTAssertTrue(names.contains(DevicePreset.defaultName))
        for p in DevicePreset.all {
            XCTAssertNotNil(p.name.range(of: #"^[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression), "\(p.name): lowercase-hyphen")
            XCTAssertTrue(Canvas.scales.contains(p.scale), p.name)
            for side in [p.width, p.height] {
                let pixels = side * Double(p.scale)
                XCTAssertEqual(pixels, pixels.rounded(), "\(p.name): \(side) pt × \(p.scale) is not a whole number of pixels")
            }
            XCTAssertLessThan(p.width, p.height, "\(p.name) is given in portrait")
            XCTAssertFalse(p.models.isEmpty, "\(p.name) names its models")
            XCTAssertGreaterThan(p.safeTop, 0, "\(p.name): the status bar at least")
            if p.name.hasPrefix("ipad") {
                // Every current iPad has a home indicator and no sensor housing in the screen.
                XCTAssertEqual(p.safeBottom, 20, p.name)
                XCTAssertEqual(p.landscapeSide, 0, p.name)
            } else if p.safeBottom > 0 {
                // Face ID iPhones: the home indicator's 34 pt, the housing as deep turned as it is tall.
                XCTAssertEqual(p.safeBottom, 34, p.name)
                XCTAssertGreaterThan(p.safeTop, 40, p.name)
                XCTAssertEqual(p.landscapeSide, p.safeTop, p.name)
            }
            if p.safeBottom > 0 {
                XCTAssertGreaterThan(p.displayCornerRadius, 0, "\(p.name): rounded display")
                XCTAssertLessThan(p.displayCornerRadius, p.width / 4, p.name)
            } else {
                XCTAssertEqual(p.displayCornerRadius, 0, "\(p.name): a home-button screen is square")
            }
        }
    }

    /// A model is listed under two presets only when they are the same screen (iphone-15 and iphone-15-pro).
    func testAModelHasOneScreen() {
        var screenOf: [String: DevicePreset] = [:]
        for p in DevicePreset.all {
            for model in p.models {
                if var other = screenOf[model] {
                    other.name = p.name; other.models = p.models
                    XCTAssertEqual(other, p, "\(model) is listed under two different screens")
                }
                screenOf[model] = p
            }
        }
    }

    func testMatchingByScreenshotSize() {
        let rows: [(line: UInt, pixels: (Int, Int), expected: [String])] = [
            (#line, (1125, 2436), ["iphone-11-pro", "iphone-13-mini"]),
            (#line, (2436, 1125), ["iphone-11-pro", "iphone-13-mini"]),
            (#line, (1179, 2556), ["iphone-15", "iphone-15-pro"]),
            (#line, (1206, 2622), ["iphone-18-pro"]),
            (#line, (2622, 1206), ["iphone-18-pro"]),
            (#line, (1260, 2736), ["iphone-air"]),
            (#line, (828, 1792), ["iphone-11"]),
            (#line, (1242, 2688), ["iphone-11-pro-max"]),
            (#line, (1170, 2532), ["iphone-17e"]),
            (#line, (1320, 2868), ["iphone-18-pro-max"]),
            (#line, (750, 1334), ["iphone-se"]),
            (#line, (1640, 2360), ["ipad-a16", "ipad-air-11"]),
            (#line, (2752, 2064), ["ipad-pro-13"]),
            (#line, (1488, 2266), ["ipad-mini"]),
            // The 13 mini's panel: screenshots never have it.
            (#line, (1080, 2340), []),
            (#line, (1242, 2208), []),
            (#line, (1179, 2557), []),
            (#line, (0, 0), []),
        ]
        for row in rows {
            let found = DevicePreset.matching(pixelWidth: row.pixels.0, pixelHeight: row.pixels.1).map(\.name)
            XCTAssertEqual(Set(found), Set(row.expected), "\(row.pixels)", line: row.line)
        }
        for p in DevicePreset.all {
            let (w, h) = (Int(p.width) * p.scale, Int(p.height) * p.scale)
            XCTAssertTrue(DevicePreset.matching(pixelWidth: w, pixelHeight: h).contains(p), "\(p.name) portrait")
            XCTAssertTrue(DevicePreset.matching(pixelWidth: h, pixelHeight: w).contains(p), "\(p.name) landscape")
        }
    }

    func testEveryPresetLoadsAsAConfigWithItsCanvas() {
        for p in DevicePreset.all {
            let c = config(#"{"device": "\#(p.name)"}"#)
            XCTAssertEqual(c.device, p.name)
            let canvas = c.resolvedCanvas
            XCTAssertEqual(canvas.width, p.width, p.name)
            XCTAssertEqual(canvas.height, p.height, p.name)
            XCTAssertEqual(canvas.scale, p.scale, p.name)
            XCTAssertEqual(canvas.safeTop, p.safeTop, p.name)
            XCTAssertEqual(canvas.safeBottom, p.safeBottom, p.name)
            XCTAssertEqual(canvas.displayCornerRadius, p.displayCornerRadius, p.name)
            // Turned, the sides take the housing's inset.
            let turned = config(#"{"device": "\#(p.name)", "canvas": {"width": \#(p.height), "height": \#(p.width)}}"#).resolvedCanvas
            XCTAssertEqual(turned.safeLeft, p.landscapeSide, p.name)
            XCTAssertEqual(turned.safeRight, p.landscapeSide, p.name)
        }
        XCTAssertFalse(errors(#"{"device": "iphone-17-pro"}"#).isEmpty, "a model name that is not a preset name is refused")
    }

    /// A preset without measured keyboard heights takes its kind's: an iPad the iPad mini's, an iPhone the default's.
    func testKeyboardHeightsOfPresetsWithoutTheirOwn() {
        for p in DevicePreset.all where KeyboardMetrics.heights[p.name] == nil {
            let kind = p.name.hasPrefix("ipad") ? "ipad-mini" : DevicePreset.defaultName
            let canvas = Canvas(p)
            XCTAssertEqual(KeyboardMetrics.height(device: p.name, canvas: canvas),
                           KeyboardMetrics.height(device: kind, canvas: canvas), p.name)
            XCTAssertEqual(KeyboardMetrics.height(device: p.name, canvas: canvas, style: .glass),
                           KeyboardMetrics.height(device: kind, canvas: canvas, style: .glass), "\(p.name), glass")
        }
    }
}

extension DevicePresetTests {
    /// A model's name in preset form is pointed at the preset with its screen, not at the nearest spelling (which for
    /// `iphone-17-pro` would be `iphone-11-pro`, another screen); other typos still get the nearest name.
    func testAnUnknownDeviceNamedAfterAModelPointsToItsScreen() {
        let rows: [(line: UInt, name: String, message: String)] = [
            (#line, "iphone-17-pro", #"unknown device "iphone-17-pro"; the iPhone 17 Pro's screen is the preset iphone-18-pro"#),
            (#line, "iPhone-16", #"unknown device "iPhone-16"; the iPhone 16's screen is the preset iphone-15"#),
            (#line, "iphone-xr", #"unknown device "iphone-xr"; the iPhone XR's screen is the preset iphone-11"#),
            (#line, "ipad-air-11-inch-m2", #"unknown device "ipad-air-11-inch-m2"; the iPad Air 11-inch (M2)'s screen is the preset ipad-air-11"#),
            (#line, "iphone-15-pro-mx", #"unknown device "iphone-15-pro-mx"; did you mean iphone-15-pro-max?"#),
        ]
        for row in rows {
            let found = errors(#"{"device": "\#(row.name)"}"#).map(\.message)
            XCTAssertEqual(found, [row.message], line: row.line)
        }
        for p in DevicePreset.all {
            for model in p.models {
                XCTAssertEqual(DevicePreset.withModel(DevicePreset.slug(model))?.preset.name.isEmpty, false, model)
                let screen = DevicePreset.withModel(DevicePreset.slug(model))!.preset
                XCTAssertEqual(screen.pixelSize.width, p.pixelSize.width, model)
                XCTAssertEqual(screen.safeTop, p.safeTop, model)
            }
        }
    }
}
