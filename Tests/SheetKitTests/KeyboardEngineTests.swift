import Foundation
import XCTest
@testable import SheetKit

/// The keyboard and each `sheet.keyboard.behavior`, as tables written from their sources (docs/keyboard-reference.md),
/// independently of `SheetSetup+Keyboard` and `SheetEngine+Keyboard`. The canvas is the iPhone 15: H = 852, T = 59,
/// B = 34, glass M = 852 − 59 − 0 = 793, keyboard K = 353: 291 pt measured in react-native-keyboard-controller's
/// e2e baselines, its 45 pt QuickType bar, and the 17 pt iOS 26's glass keyboard adds (its iPhone 16e baseline).
final class KeyboardEngineTests: XCTestCase {
    static let H = 852.0, B = 34.0, M = 793.0, K = 353.0
    /// Detents: peek 106, medium H/2 + B = 460, large M.
    static let peek = 106.0, medium = 460.0

    static func json(_ behavior: String?, initial: String = "medium", extra: String = "") -> String {
        let kb = behavior.map { "\"keyboard\": {\"behavior\": \"\($0)\"\(extra)}," } ?? ""
        return """
        {"device": "iphone-15", "sheet": {"style": "glass", "detents": [{"id": "peek", "height": 106}, "medium", "large"],
         "initialDetent": "\(initial)", \(kb)
         "content": [{"type": "textField", "placeholder": "Search"}, {"type": "text", "text": "Below"}]}}
        """
    }

    /// The sheet's height once the keyboard is up and everything rests.
    func restingHeight(_ behavior: String?, initial: String = "medium", extra: String = "") -> (height: Double, detent: String?) {
        var e = engine(Self.json(behavior, initial: initial, extra: extra))
        _ = e.play([Step(at: 0, action: .keyboard(true))])
        XCTAssertEqual(e.keyboard.visible, Self.K, accuracy: 1e-9)
        return (e.height, e.restingDetent)
    }

    // MARK: Where each behaviour rests

    /// UIKit (`system`): focusing a field takes the sheet to its largest detent (FB17890661, iOS 26:
    /// "the sheet automatically expands to the largest possible detent"; benedom/AutoResizingSheet#1); at large it stays
    /// and the keyboard covers its bottom.
    func testSystemGoesToLargeFromEveryDetent() {
        for initial in ["peek", "medium", "large"] {
            let r = restingHeight("system", initial: initial)
            XCTAssertEqual(r.height, Self.M, accuracy: 0.01, initial)
            XCTAssertEqual(r.detent, "large", initial)
        }
    }

    /// UIKit with a custom largest detent: the sheet keeps its content height and its bottom sits on the keyboard,
    /// h − B + K (AutoResizingSheet#1: "obviously just moved up"; the bottom safe area goes while the keyboard is up).
    func testSystemCustomLargestDetentSitsOnTheKeyboard() {
        let json = """
        {"device": "iphone-15", "sheet": {"detents": [{"id": "card", "height": 300}], "keyboard": {"behavior": "system"},
         "content": [{"type": "textField", "placeholder": "Name"}]}}
        """
        var e = engine(json)
        _ = e.play([Step(at: 0, action: .keyboard(true))])
        XCTAssertEqual(e.height, 300 - Self.B + Self.K, accuracy: 0.01)
    }

    /// gorhom `interactive` (`BottomSheet.tsx` `getEvaluatedPosition`: `Math.max(0, highestDetentPosition −
    /// keyboardHeightInContainer)`, the container being the whole screen): the highest snap point raised by K, at most H.
    func testInteractiveGoesToTheHighestSnapPointRaisedByTheKeyboard() {
        for initial in ["peek", "medium"] {
            XCTAssertEqual(restingHeight("interactive", initial: initial).height, min(Self.M + Self.K, Self.H), accuracy: 0.01)
        }
        let low = """
        {"device": "iphone-15", "sheet": {"detents": [{"id": "a", "height": 120}, {"id": "b", "height": 300}],
         "keyboard": {"behavior": "interactive"}, "content": [{"type": "textField"}]}}
        """
        var e = engine(low)
        _ = e.play([Step(at: 0, action: .keyboard(true))])
        XCTAssertEqual(e.height, 300 + Self.K, accuracy: 0.01)
        XCTAssertEqual(e.restingDetent, "b")
    }

    /// gorhom `extend`: `return highestDetentPosition` — the largest snap point, keyboard over its bottom.
    func testExtendGoesToTheHighestSnapPoint() {
        XCTAssertEqual(restingHeight("extend", initial: "peek").height, Self.M, accuracy: 0.01)
    }

    /// gorhom `fillParent`: `return 0` — the container's top, the whole canvas.
    func testFillParentFillsTheCanvas() {
        XCTAssertEqual(restingHeight("fillParent", initial: "peek").height, Self.H, accuracy: 0.01)
    }

    /// `none` (FloatingPanel has no keyboard code: `git grep -i keyboard Sources/` finds nothing): the sheet stays.
    func testNoneStaysAndTheKeyboardCovers() {
        let r = restingHeight("none")
        XCTAssertEqual(r.height, Self.medium, accuracy: 0.01)
        XCTAssertEqual(r.detent, "medium")
    }

    /// vaul `repositionInputs` (`onVisualViewportChange`): `bottom = diffFromInitial` (the keyboard), the drawer at most
    /// the visual viewport less `WINDOW_TOP_OFFSET` 26; a drawer taller than 80 % of the window keeps its top.
    func testRepositionLiftsByTheKeyboard() {
        XCTAssertEqual(restingHeight("reposition", initial: "peek").height, Self.peek + Self.K, accuracy: 0.01)
        // medium + K = 796 is above large, which (793 > 0.8·852) keeps its top: the lifted detents stay in order.
        XCTAssertEqual(restingHeight("reposition", initial: "medium").height, Self.M, accuracy: 0.01)
        XCTAssertEqual(restingHeight("reposition", initial: "large").height, Self.M, accuracy: 0.01)
    }

    /// Android `adjustResize`: the window above the IME; each resting height + (K − B), at most the window below the
    /// status bar (react-native-screens#4573: lift = max(0, ime.bottom − systemBars.bottom)).
    func testAdjustResizeLiftsEachDetent() {
        XCTAssertEqual(restingHeight("adjustResize", initial: "peek").height, Self.peek + Self.K - Self.B, accuracy: 0.01)
        XCTAssertEqual(restingHeight("adjustResize", initial: "medium").height, Self.medium + Self.K - Self.B, accuracy: 0.01)
    }

    /// SPEC §3.3: the default follows the feel.
    func testTheDefaultFollowsTheFeel() {
        let table: [(String, KeyboardBehavior)] = [("uikit", .system), ("gorhom", .interactive), ("vaul", .reposition),
                                                   ("floatingpanel", .none), ("material", .adjustResize)]
        for (feel, expected) in table {
            let c = config("{\"sheet\": {\"motion\": {\"feel\": \"\(feel)\"}}}")
            XCTAssertEqual(SheetSetup(config: c).keyboardBehavior, expected, feel)
        }
    }

    // MARK: The keyboard's motion

    /// UIKit's curve 7 as react-native-keyboard-controller, Flutter and Reanimated evaluate it: critically damped at
    /// ω0 = √(1000/3) = 18.2574 s⁻¹; p(0.1 s) = 0.5448, p(0.25 s) = 0.9420 (kb-research §2). The sheet moves with it.
    func testTheKeyboardRisesOnTheKeyboardSpringAndTheSheetWithIt() {
        var e = engine(Self.json("adjustResize"))
        _ = e.handle(.keyboard(show: true), at: 0)
        let w = (1000.0 / 3).squareRoot()
        for t in [0.1, 0.25] {
            _ = e.advance(to: t * 1000)
            let p = 1 - (1 + w * t) * exp(-w * t)
            XCTAssertEqual(e.keyboard.visible, Self.K * p, accuracy: 0.01, "t = \(t)")
            // adjustResize lifts medium by K − B: the sheet covers the same share of that distance.
            XCTAssertEqual(e.height, Self.medium + (Self.K - Self.B) * p, accuracy: 0.01, "t = \(t)")
        }
        let events = e.play([Step(at: 0, action: .wait(1))])
        XCTAssertEqual(events.filter { $0.event == .keyboard(Self.K) }.count, 1)
    }

    // MARK: Hiding, dragging, dismissing

    /// UIKit: the keyboard going down leaves the sheet on the detent it is on (at large, large).
    func testSystemHideStaysOnLarge() {
        var e = engine(Self.json("system", initial: "peek"))
        _ = e.play([Step(at: 0, action: .keyboard(true)), Step(at: 800, action: .keyboard(false))])
        XCTAssertEqual(e.keyboard.visible, 0)
        XCTAssertEqual(e.height, Self.M, accuracy: 0.01)
        XCTAssertNil(e.focusedField)
    }

    /// vaul and adjustResize: the keyboard down, the drawer back at its own height.
    func testRepositionHideRestoresTheHeight() {
        var e = engine(Self.json("reposition", initial: "peek"))
        _ = e.play([Step(at: 0, action: .keyboard(true)), Step(at: 800, action: .keyboard(false))])
        XCTAssertEqual(e.height, Self.peek, accuracy: 0.01)
    }

    /// gorhom `keyboardBlurBehavior: none` (its default): on a hide without a gesture, "if hidden and blur is none,
    /// return" — the sheet stays raised until the next gesture; `restore`: `detents[currentIndex]`, the highest.
    func testGorhomBlurBehaviors() {
        var stays = engine(Self.json("interactive", initial: "peek"))
        _ = stays.play([Step(at: 0, action: .keyboard(true)), Step(at: 800, action: .keyboard(false))])
        XCTAssertEqual(stays.height, Self.H, accuracy: 0.01)
        var restores = engine(Self.json("interactive", initial: "peek", extra: ", \"blurBehavior\": \"restore\""))
        _ = restores.play([Step(at: 0, action: .keyboard(true)), Step(at: 800, action: .keyboard(false))])
        XCTAssertEqual(restores.height, Self.M, accuracy: 0.01)
        // The next gesture on the raised sheet snaps among the sheet's own detents.
        _ = stays.play([Step(at: 0, action: .drag(from: Point(196, 300), to: Point(196, 520), duration: 400)), Step(at: 400, action: .wait(1))])
        XCTAssertTrue(["medium", "large", "peek"].contains(stays.restingDetent ?? ""))
        XCTAssertTrue([Self.peek, Self.medium, Self.M].contains { abs($0 - stays.height) < 0.01 }, "\(stays.height)")
    }

    /// gorhom with the keyboard up (`useGestureEventsHandlersDefault.tsx` `handleOnEnd`): a drag that ends above its start
    /// springs back there with the keyboard up; one that ends lower dismisses the keyboard and snaps among the plain
    /// detents.
    func testGorhomDragWithTheKeyboardUp() {
        var up = engine(Self.json("interactive", initial: "medium"))
        _ = up.play([Step(at: 0, action: .keyboard(true))])
        let raised = up.height
        _ = up.play([Step(at: 0, action: .drag(from: Point(196, 200), to: Point(196, 150), duration: 300))])
        XCTAssertEqual(up.height, raised, accuracy: 0.01)
        XCTAssertTrue(up.keyboard.shown)

        var down = engine(Self.json("interactive", initial: "medium"))
        _ = down.play([Step(at: 0, action: .keyboard(true))])
        let events = down.play([Step(at: 0, action: .drag(from: Point(196, 100), to: Point(196, 500), duration: 600))])
        XCTAssertFalse(down.keyboard.shown)
        XCTAssertTrue(events.contains { $0.event == .blur(0) })
        XCTAssertTrue([Self.peek, Self.medium, Self.M].contains { abs($0 - down.height) < 0.01 }, "\(down.height)")
    }

    /// UIKit: a drag that settles below the keyboard's detent dismisses the keyboard, and the sheet goes to that detent's
    /// own height (react-native-true-sheet#513 "to match native iOS behavior").
    func testSystemDragLowerDismissesTheKeyboard() {
        var e = engine(Self.json("system", initial: "medium"))
        _ = e.play([Step(at: 0, action: .keyboard(true))])
        XCTAssertEqual(e.height, Self.M, accuracy: 0.01)
        // A slow drag down to the medium detent's lifted height (460 − 34 + 336 = 762 tall, top 90).
        _ = e.play([Step(at: 0, action: .drag(from: Point(196, 100), to: Point(196, 128), duration: 800)), Step(at: 800, action: .wait(300))])
        XCTAssertFalse(e.keyboard.shown)
        XCTAssertEqual(e.restingDetent, "medium")
        XCTAssertEqual(e.height, Self.medium, accuracy: 0.01)
    }

    /// `dismissOnDrag` (keyboardDismissMode .onDrag, gorhom `enableBlurKeyboardOnGesture`): the keyboard goes as the drag
    /// starts; without it, it stays through a drag that settles on the keyboard's detent.
    func testDismissOnDrag() {
        var on = engine(Self.json("none", extra: ", \"dismissOnDrag\": true"))
        _ = on.play([Step(at: 0, action: .keyboard(true))])
        _ = on.play([Step(at: 0, action: .down(Point(196, 420))), Step(at: 50, action: .move(Point(196, 430)))], until: 60)
        XCTAssertFalse(on.keyboard.shown)
        var off = engine(Self.json("none"))
        _ = off.play([Step(at: 0, action: .keyboard(true))])
        _ = off.play([Step(at: 0, action: .drag(from: Point(196, 420), to: Point(196, 430), duration: 300))])
        XCTAssertTrue(off.keyboard.shown)
    }

    /// A dismissal takes the keyboard with the sheet; presenting again with `focus: true` brings it back up.
    func testDismissHidesTheKeyboardAndFocusPresentsWithIt() {
        let json = """
        {"device": "iphone-15", "sheet": {"detents": ["medium", "large"], "keyboard": {"behavior": "none"},
         "content": [{"type": "textField", "placeholder": "Search", "focus": true}]}}
        """
        var e = engine(json)
        XCTAssertEqual(e.keyboard.visible, Self.K)
        XCTAssertEqual(e.focusedField, 0)
        let events = e.play([Step(at: 0, action: .dismiss)])
        XCTAssertEqual(e.phase, .dismissed)
        XCTAssertEqual(e.keyboard.visible, 0)
        XCTAssertTrue(events.contains { $0.event == .keyboard(0) })
        _ = e.play([Step(at: 0, action: .present)])
        XCTAssertEqual(e.keyboard.visible, Self.K)
    }

    /// A rotation (a reload onto the landscape canvas) takes the landscape keyboard's height.
    func testRotationPicksTheLandscapeHeight() {
        var e = engine(Self.json("none"))
        _ = e.play([Step(at: 0, action: .keyboard(true))])
        let landscape = config(Self.json("none").replacingOccurrences(of: "\"device\": \"iphone-15\",",
                                                                        with: "\"device\": \"iphone-15\", \"canvas\": {\"width\": 852, \"height\": 393},"))
        _ = e.handle(.reload(SheetSetup(config: landscape)), at: e.time)
        _ = e.play([Step(at: 0, action: .wait(1))])
        XCTAssertEqual(e.keyboard.visible, KeyboardMetrics.heights["iphone-15"]!.landscape, "209: the classic keyboard's; glass adds nothing in landscape")
    }

    // MARK: Typing and focus

    func testTypingAndBackspace() {
        var e = engine(Self.json("none"))
        let events = e.play([Step(at: 0, action: .tap(Point(196, 420))), Step(at: 200, action: .type("cafe")),
                             Step(at: 300, action: .type("\u{8}\u{8}ts"))])
        XCTAssertEqual(e.focusedField, 0, "a tap on the field (the first element, just below the band) focuses it")
        XCTAssertEqual(e.text(ofField: 0), "cats")
        XCTAssertEqual(events.compactMap { if case .text(_, let t) = $0.event { t } else { nil } }, ["cafe", "cats"])
        // A tap on the map (undimmed at medium) ends the editing.
        _ = e.play([Step(at: 0, action: .tap(Point(196, 200)))])
        XCTAssertNil(e.focusedField)
        XCTAssertFalse(e.keyboard.shown)
        XCTAssertEqual(e.text(ofField: 0), "cats", "the text stays")
    }

    func testCaretBlinks() {
        var e = engine(Self.json("none"))
        _ = e.handle(.keyboard(show: true), at: 0)
        XCTAssertTrue(e.caretVisible(at: 100))
        XCTAssertTrue(e.caretVisible(at: 499))
        XCTAssertFalse(e.caretVisible(at: 600))
        XCTAssertTrue(e.caretVisible(at: 1100))
        _ = e.handle(.type("a"), at: 650)
        XCTAssertTrue(e.caretVisible(at: 700), "solid after a keystroke")
    }

    // MARK: Bad input

    func testBadKeyboardInputIsRefusedWithItsKeyPath() {
        let unknown = errors(#"{"sheet": {"keyboard": {"behavior": "interactve"}}}"#)
        XCTAssertTrue(unknown.contains { $0.path?.description == "sheet.keyboard.behavior" && $0.message.contains("did you mean interactive") },
                      "\(unknown)")
        let tall = errors(#"{"sheet": {"keyboard": {"height": 800}}}"#)
        XCTAssertTrue(tall.contains { $0.path?.description == "sheet.keyboard.height" && $0.message.contains("does not fit") }, "\(tall)")
        // A canvas too small for the keyboard is refused only when the sheet can show one.
        let small = errors(#"{"canvas": {"width": 320, "height": 300}, "sheet": {"content": [{"type": "textField"}]}}"#)
        XCTAssertTrue(small.contains { $0.path?.description == "canvas.height" && $0.message.contains("set sheet.keyboard.height") }, "\(small)")
        XCTAssertEqual(errors(#"{"canvas": {"width": 320, "height": 300}}"#), [], "no text field, no keyboard to fit")
        let twoFocused = errors(#"{"sheet": {"content": [{"type": "textField", "focus": true}, {"type": "textField", "focus": true}]}}"#)
        XCTAssertTrue(twoFocused.contains { $0.path?.description == "sheet.content[1].focus" }, "\(twoFocused)")
        let newline = errors(#"{"sheet": {"content": [{"type": "textField", "placeholder": "a\nb"}]}}"#)
        XCTAssertTrue(newline.contains { $0.path?.description == "sheet.content[0].placeholder" }, "\(newline)")
    }

    func testATypeStepWithNoFocusedFieldIsRefused() {
        let setup = SheetSetup(config: config(Self.json("none")))
        let script = Script(steps: [Step(at: 0, action: .type("x"), index: 0), Step(at: 10, action: .keyboard(true), index: 1),
                                    Step(at: 20, action: .type("y"), index: 2)])
        let issues = Simulation(setup: setup, script: script).validate()
        XCTAssertEqual(issues.map { $0.path?.description }, ["steps[0].type"])
        let noField = SheetSetup(config: SheetLabConfig())
        let shown = Simulation(setup: noField, script: Script(steps: [Step(at: 0, action: .keyboard(true), index: 0)])).validate()
        XCTAssertEqual(shown.map { $0.path?.description }, ["steps[0].keyboard"])
    }
}
