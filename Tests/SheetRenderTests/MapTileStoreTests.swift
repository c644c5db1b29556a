import XCTest
import Platform
import Raster
@testable import Scenes

/// The process's map tiles are found by their key and the text engine that drew them (issue 34: they were found by the
/// engine's `ObjectIdentifier`, which a new engine can share with a freed one; a weak reference cannot be fooled so).
final class MapTileStoreTests: XCTestCase {
    final class NoGlyphs: GlyphRasterizer {
        func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int { text.count * pixelSize / 2 }
        func metrics(weight: FontWeight, pixelSize: Int) -> (ascent: Int, lineHeight: Int) { (pixelSize, pixelSize + 4) }
        func render(_ text: String, weight: FontWeight, pixelSize: Int) -> AlphaMask { AlphaMask(width: 1, height: 1) }
    }

    func tile() -> MapTileStore.Tile {
        MapTileStore.Tile(image: MapTileImage(TileDrawing(width: 1, height: 1, background: .white)), sprites: [],
                          world: MapWorld(width: 10, height: 10, canvasWidth: 10, canvasHeight: 10))
    }

    func testATileIsTheEnginesThatDrewIt() {
        let store = MapTileStore()
        var made = 0
        var engine: TextEngine? = TextEngine(rasterizer: NoGlyphs())
        _ = store.tile(key: [1], text: engine!) { made += 1; return tile() }
        _ = store.tile(key: [1], text: engine!) { made += 1; return tile() }
        XCTAssertEqual(made, 1, "the same engine and key: drawn once")
        _ = store.tile(key: [2], text: engine!) { made += 1; return tile() }
        XCTAssertEqual(made, 2, "another key")
        // The engine goes: its tiles go with it, and a new engine (wherever it lives) draws its own.
        engine = nil
        XCTAssertEqual(store.count, 2)
        let other = TextEngine(rasterizer: NoGlyphs())
        _ = store.tile(key: [1], text: other) { made += 1; return tile() }
        XCTAssertEqual(made, 3, "a new engine never gets a freed one's tile")
        XCTAssertEqual(store.count, 1, "the freed engine's tiles are dropped")
    }
}
