import XCTest
@testable import SheetKit

/// The state machine, driven through the same timeline `simulate` uses.
final class EngineTests: XCTestCase {
    // Default sheet (glass) on the iPhone 15: medium top 392 (H/2 + B = 460 tall), peek top 732, large top 59 (T + 0).

    func testInitialStateRestsOnTheInitialDetent() {
        let e = engine()
        XCTAssertEqual(e.phase, .idle)
        XCTAssertEqual(e.restingDetent, "medium")
        XCTAssertEqual(e.top, 392)
        XCTAssertEqual(e.dim, 0.2, accuracy: 1e-12, "light glass dims at 0.20")
    }

    func testNotPresentedStartsDismissed() {
        let e = engine(#"{"sheet": {"presented": false}}"#)
        XCTAssertEqual(e.phase, .dismissed)
        XCTAssertEqual(e.height, 0)
        XCTAssertEqual(e.dim, 0)
    }

    func testDragFollowsThePointerOneToOne() {
        var e = engine()
        _ = e.handle(.pointerDown(Point(196, 500)), at: 0)
        _ = e.handle(.pointerMove(Point(196, 450)), at: 16)
        XCTAssertEqual(e.phase, .dragging)
        XCTAssertEqual(e.top, 342, accuracy: 1e-9)
        _ = e.handle(.pointerMove(Point(196, 620)), at: 32)
        XCTAssertEqual(e.top, 512, accuracy: 1e-9)
    }

    func testSmallMovesAreNotADrag() {
        var e = engine()
        _ = e.handle(.pointerDown(Point(196, 500)), at: 0)
        _ = e.handle(.pointerMove(Point(196, 503.5)), at: 16)
        XCTAssertEqual(e.phase, .idle)
        XCTAssertEqual(e.top, 392)
    }

    func testRubberBandAboveTheLargestDetent() {
        var e = engine()
        _ = e.handle(.pointerDown(Point(196, 800)), at: 0)
        // 800 − 100 lifts the top 700 pt from medium's, far past large's top (59): rubber-banded.
        _ = e.handle(.pointerMove(Point(196, 100)), at: 16)
        let x = 460.0 + (800 - 100) - 793  // raw height (medium + 700) past large
        let expected = 793.0 + (1 - 1 / (x * 0.55 / 852 + 1)) * 852
        XCTAssertEqual(e.height, expected, accuracy: 1e-9)
        // However far it is pulled, the band's stretch stays below H: the sheet grows, its bottom never lifts.
        _ = e.handle(.pointerMove(Point(196, -50_000)), at: 32)
        XCTAssertLessThan(e.height, 793.0 + 852)
        XCTAssertGreaterThan(e.height, 793.0 + 800)
    }

    func testBelowTheSmallestDetentFollowsWhenDismissibleAndBandsWhenNot() {
        var free = engine()
        _ = free.handle(.pointerDown(Point(196, 500)), at: 0)
        _ = free.handle(.pointerMove(Point(196, 850)), at: 16)
        XCTAssertEqual(free.height, 460 - 350, accuracy: 1e-9)

        var held = engine(#"{"sheet": {"dismissible": false}}"#)
        _ = held.handle(.pointerDown(Point(196, 500)), at: 0)
        _ = held.handle(.pointerMove(Point(196, 850)), at: 16)
        let overshoot: Double = 120 - (460 - 350)
        XCTAssertEqual(held.height, 120 - (1 - 1 / (overshoot * 0.55 / 852 + 1)) * 852, accuracy: 1e-9)
    }

    func testFlickUpSettlesOnLargeAndReportsIt() {
        var e = engine()
        let events = e.play(steps((0, .drag(from: Point(196, 500), to: Point(196, 420), duration: 80))))
        XCTAssertEqual(events.kinds, [.detent("large")])
        XCTAssertEqual(e.top, 59, accuracy: 1e-9)
        XCTAssertEqual(e.phase, .idle)
    }

    func testSlowDragSettlesOnTheNearestDetent() {
        var e = engine()
        // 60 pt up over a second: slow, so it returns to medium, and no detent event (it never left).
        let events = e.play(steps((0, .drag(from: Point(196, 500), to: Point(196, 440), duration: 1000))))
        XCTAssertEqual(events.kinds, [])
        XCTAssertEqual(e.restingDetent, "medium")
        XCTAssertEqual(e.top, 392)
    }

    func testFlickDownDismisses() {
        var e = engine()
        let events = e.play(steps((0, .drag(from: Point(196, 500), to: Point(196, 700), duration: 100))))
        XCTAssertEqual(events.kinds, [.dismissed])
        XCTAssertEqual(e.phase, .dismissed)
        XCTAssertEqual(e.height, 0)
    }

    func testGrabMidSettleCatchesTheSheetWhereItIs() {
        var e = engine()
        _ = e.handle(.select("large"), at: 0)
        _ = e.advance(to: 100)
        let caught = e.top
        XCTAssertEqual(e.phase, .settling)
        XCTAssertTrue(caught < 392 && caught > 59)
        _ = e.handle(.pointerDown(Point(196, caught + 40)), at: 100)
        _ = e.advance(to: 300)
        XCTAssertEqual(e.top, caught, "held still, the sheet does not move")
        XCTAssertEqual(e.phase, .dragging)
        _ = e.handle(.pointerMove(Point(196, caught + 60)), at: 316)
        XCTAssertEqual(e.top, caught + 20, accuracy: 1e-9, "and it tracks from where it was caught")
    }

    func testTapOnDismissButtonDismissesAndPresentBringsItBack() {
        var e = engine(#"{"sheet": {"content": [{"type": "button", "title": "Close", "action": "dismiss"}]}}"#)
        // The button is the first element: band 20, so it spans y 412…462.
        var events = e.play(steps((0, .tap(Point(196, 437)))))
        XCTAssertEqual(events.kinds, [.action("dismiss"), .dismissed])
        events = e.play(steps((0, .present)))
        XCTAssertEqual(events.kinds, [.presented, .detent("medium")])
        XCTAssertEqual(e.top, 392)
    }

    func testBackgroundTapsAreForwardedOnlyWhenUndimmed() {
        var peek = engine(#"{"sheet": {"initialDetent": "peek"}}"#)
        XCTAssertEqual(peek.dim, 0)
        let forwarded = peek.play(steps((0, .tap(Point(100, 200)))))
        XCTAssertEqual(forwarded.kinds, [.backgroundTap(Point(100, 200))])
        XCTAssertEqual(peek.lastBackgroundTap?.point, Point(100, 200))

        var medium = engine()
        let blocked = medium.play(steps((0, .tap(Point(100, 200)))))
        XCTAssertEqual(blocked.kinds, [.dimmingTap(Point(100, 200)), .dismissed], "a dimmed tap dismisses, and is not forwarded")

        var modal = engine(#"{"sheet": {"tapOutsideToDismiss": false}}"#)
        XCTAssertEqual(modal.play(steps((0, .tap(Point(100, 200))))).kinds, [.dimmingTap(Point(100, 200)), .dismissAttempt])
        XCTAssertEqual(modal.restingDetent, "medium")
    }

    func testATapThatWobblesIsStillATap() {
        // Down and up within 10 pt and 300 ms is a tap, even on a background that could pan.
        var e = engine(#"{"sheet": {"initialDetent": "peek"}}"#)
        let events = e.play(steps((0, .down(Point(100, 200))), (100, .up(Point(109, 200)))))
        XCTAssertEqual(events.kinds, [.backgroundTap(Point(109, 200))])
        XCTAssertEqual(e.backgroundOffset, Point(0, 0))
    }

    func testAFlickOfExactly500IsAFlick() {
        // 25 pt in 50 ms, frames every 16.667 ms: the estimate is 500 pt/s up to rounding.
        var e = engine(#"{"sheet": {"motion": {"decelerationRate": 0.5}}}"#)
        let events = e.play(steps((0, .drag(from: Point(200, 500), to: Point(200, 525), duration: 50))))
        XCTAssertEqual(events.kinds, [.detent("peek")])
    }

    func testDragOnTheBackgroundPansIt() {
        var e = engine(#"{"sheet": {"initialDetent": "peek"}}"#)
        let events = e.play(steps((0, .drag(from: Point(100, 300), to: Point(160, 250), duration: 200))))
        XCTAssertEqual(events.kinds, [.backgroundPan(dx: 60, dy: -50)])
        XCTAssertEqual(e.backgroundOffset, Point(60, -50))
        XCTAssertEqual(e.restingDetent, "peek")
    }

    func testABackgroundTapRecordsWhichTapItWasAndThePanAtThatMoment() {
        // The pan a tap happened at stays with it when the background is panned afterwards, and
        // every tap gets the next number, even at the same point.
        let tap = Point(100, 520), pan = Step.Action.drag(from: Point(220, 420), to: Point(160, 300), duration: 250)
        let rows: [(line: UInt, steps: [Step], expected: BackgroundTap?, offset: Point)] = [
            (#line, steps((0, pan)), nil, Point(-60, -120)),
            (#line, steps((0, .tap(tap))), BackgroundTap(point: tap, time: 50, sequence: 1, pan: Point(0, 0)), Point(0, 0)),
            (#line, steps((0, .tap(tap)), (400, pan)),
             BackgroundTap(point: tap, time: 50, sequence: 1, pan: Point(0, 0)), Point(-60, -120)),
            (#line, steps((0, pan), (400, .tap(tap))),
             BackgroundTap(point: tap, time: 450, sequence: 1, pan: Point(-60, -120)), Point(-60, -120)),
            (#line, steps((0, .tap(tap)), (400, pan), (800, .tap(tap))),
             BackgroundTap(point: tap, time: 850, sequence: 2, pan: Point(-60, -120)), Point(-60, -120)),
            (#line, steps((0, .tap(tap)), (400, .tap(tap))),
             BackgroundTap(point: tap, time: 450, sequence: 2, pan: Point(0, 0)), Point(0, 0)),
        ]
        for row in rows {
            var e = engine(#"{"sheet": {"initialDetent": "peek"}}"#)
            _ = e.play(row.steps)
            XCTAssertEqual(e.lastBackgroundTap, row.expected, line: row.line)
            XCTAssertEqual(e.backgroundOffset, row.offset, line: row.line)
        }
    }

    func testDimmingTable() {
        let e = engine()
        let rows: [(line: UInt, height: Double, expected: Double)] = [
            (#line, 0, 0), (#line, 60, 0), (#line, 120, 0),
            (#line, 120 + (460 - 120) / 2, 0.2), (#line, 460, 0.4), (#line, 793.0, 0.4), (#line, 850, 0.4),
        ]
        for row in rows {
            XCTAssertEqual(Dimming.amount(height: row.height, detents: e.setup.detents, largestUndimmed: e.setup.largestUndimmed,
                                          opacity: 0.4), row.expected, accuracy: 1e-12, line: row.line)
        }
        // A modal sheet is dimmed at every detent and fades in below its smallest.
        let modal = SheetSetup(config: config(#"{"sheet": {"dimming": {"largestUndimmedDetent": null}}}"#))
        XCTAssertNil(modal.largestUndimmed)
        XCTAssertEqual(Dimming.amount(height: 120, detents: modal.detents, largestUndimmed: nil, opacity: 0.4), 0.4)
        XCTAssertEqual(Dimming.amount(height: 60, detents: modal.detents, largestUndimmed: nil, opacity: 0.4), 0.2, accuracy: 1e-12)
    }

    func testProgrammaticSelectUsesTheConfiguredCurve() {
        var e = engine(#"{"sheet": {"motion": {"curve": "linear", "duration": 0.5}}}"#)
        _ = e.handle(.select("large"), at: 1000)
        _ = e.advance(to: 1250)
        XCTAssertEqual(e.top, (392 + 59) / 2, accuracy: 1e-9)
        let events = e.advance(to: 1600)
        XCTAssertEqual(events, [TimedEvent(time: 1500, event: .detent("large"))], "a timed settle ends exactly at its duration")
    }

    func testGrabberTapStepsThroughDetents() {
        var e = engine()
        XCTAssertEqual(e.play(steps((0, .tap(Point(196, 397))))).kinds, [.detent("large")])
        XCTAssertEqual(e.play(steps((0, .tap(Point(196, 70))))).kinds, [.detent("peek")])
    }

    func testReloadKeepsTheDetentAndMovesToItsNewHeight() {
        var e = engine()
        let taller = SheetSetup(config: config(#"{"sheet": {"detents": [{"id": "medium", "height": 500}, "large"]}}"#))
        _ = e.handle(.reload(taller), at: 0)
        _ = e.advance(to: 2000)
        XCTAssertEqual(e.restingDetent, "medium")
        XCTAssertEqual(e.height, 500)

        // A detent that is gone gives way to the nearest one.
        let other = SheetSetup(config: config(#"{"sheet": {"detents": [{"id": "low", "height": 450}, "large"]}}"#))
        let events = e.handle(.reload(other), at: 2000) + e.advance(to: 4000)
        XCTAssertEqual(e.restingDetent, "low")
        XCTAssertEqual(events.kinds, [.detent("low")])
    }

    func testLongContentScrollsAtTheLargestDetent() {
        let rows = (1...30).map { #"{"title": "Row \#($0)"}"# }.joined(separator: ",")
        var e = engine(#"{"sheet": {"detents": ["fit"], "content": [{"type": "list", "rows": [\#(rows)]}]}}"#)
        XCTAssertEqual(e.setup.detents[0].height, 793, "fit is capped at the large height")
        XCTAssertGreaterThan(e.maxContentOffset, 500)
        // Dragging up on the content scrolls it; the sheet stays where it is.
        _ = e.handle(.pointerDown(Point(196, 600)), at: 0)
        for i in 1...100 { _ = e.handle(.pointerMove(Point(196, 600 - 3 * Double(i))), at: 10 * Double(i)) }
        XCTAssertEqual(e.top, 59, accuracy: 1e-9)
        XCTAssertEqual(e.contentOffset, 300, accuracy: 1e-6)
        // Released moving, the content carries on and decelerates; the sheet stays at rest on its detent.
        let events = e.handle(.pointerUp(Point(196, 300)), at: 1000)
        XCTAssertEqual(events.kinds, [])
        _ = e.advance(to: 5000)
        XCTAssertTrue(e.isAtRest)
        XCTAssertEqual(e.phase, .idle)
        let carried = e.contentOffset
        XCTAssertEqual(carried, 300 + 300.0 / 1000 * 0.998 / 0.002, accuracy: 2, "momentum covers the projected distance")
        // Dragging down scrolls back first, then moves the sheet.
        _ = e.handle(.pointerDown(Point(196, 300)), at: 10_000)
        _ = e.handle(.pointerMove(Point(196, 300 + carried + 100)), at: 10_016)
        XCTAssertEqual(e.contentOffset, 0)
        XCTAssertEqual(e.top, 59 + 100, accuracy: 1e-9)
    }
}
