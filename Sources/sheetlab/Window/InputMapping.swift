import Platform
import SheetKit

/// SDL's events as the designer's inputs: window points and fingers through the same layout mapping.
///
/// Fingers are one gesture: every finger down drives one pointer by their centroid (`TouchGroup`), so a
/// second finger on the sheet adds no jump; a finger that lands or lifts while others stay down moves nothing and
/// maps to `.tick`.
@MainActor
enum InputMapping {
    static var touches = TouchGroup()

    static func input(for event: InputEvent, layout: WindowLayout, window size: (width: Int, height: Int)) -> DesignerInput {
        let window = (width: Double(size.width), height: Double(size.height))
        func mouse(_ x: Double, _ y: Double) -> Point { layout.point(windowX: x, y: y, window: window) }
        func finger(_ x: Double, _ y: Double) -> Point { layout.point(fingerX: x, y: y, window: window) }
        switch event {
        case .quit: return .quit
        case .mouseDown(let x, let y): return .pointerDown(mouse(x, y))
        case .mouseMove(let x, let y, let down): return .pointerMove(mouse(x, y), buttonDown: down)
        case .mouseUp(let x, let y): return .pointerUp(mouse(x, y))
        case .fingerDown(let id, let x, let y): return touch(touches.down(id, finger(x, y)))
        case .fingerMove(let id, let x, let y): return touch(touches.move(id, finger(x, y)))
        case .fingerUp(let id, let x, let y): return touch(touches.up(id, finger(x, y)))
        case .wheel(_, let dy, let x, let y): return .wheel(dy: dy, at: mouse(x, y))
        case .key(let key, let shift, let control): return .key(designerKey(key), shift: shift, control: control)
        case .text(let string): return .text(string)
        case .windowChanged, .windowExposed: return .windowChanged
        case .drop(let path): return .dropped(path)
        }
    }

    /// The merged pointer's input, or `.tick` when the fingers' change moved nothing.
    static func touch(_ output: TouchGroup.Output?) -> DesignerInput {
        switch output {
        case .down(let p)?: return .fingerDown(p)
        case .move(let p)?: return .fingerMove(p)
        case .up(let p)?: return .fingerUp(p)
        case nil: return .tick
        }
    }

    static func designerKey(_ key: InputEvent.Key) -> DesignerKey {
        switch key {
        case .character(let c): return .character(c)
        case .digit(let d): return .digit(d)
        case .escape: return .escape
        case .space: return .space
        case .tab: return .tab
        case .enter: return .enter
        case .backspace: return .backspace
        case .delete: return .delete
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        case .f5: return .f5
        }
    }
}
