/// The settle motion of each feel (docs/feel.md).
///
/// The curve keys of the config (`curve`, `response`, `dampingRatio`, `duration`, `bezier`) are each feel's own
/// knobs, meaning what that library's parameter means (docs/feel.md, "Each feel's knobs"): FloatingPanel's
/// `springResponseTime` and `springDecelerationRate`, run by its `NumericSpringAnimator`; gorhom's
/// `animationConfigs`, run by Reanimated's `withSpring` or `withTiming`. Where a library has no such knob (vaul's
/// transition constant, Material's settle, a timing curve for FloatingPanel), the configured curve replaces the feel's
/// settle. The feel keeps its release rule and its velocity hand-off.
extension SheetSetup {
    /// The curve of a settle over `distance` (raw points) starting at `velocity` (raw units per second, before the
    /// feel's hand-off).
    public func settleCurve(distance: Double, velocity: Double) -> MotionCurve {
        let m = config.sheet.motion
        if feel == .uikit { return motion }
        if reducesMotionAtOnce { return .timed(duration: 0, curve: .linear) }
        switch feel {
        case .floatingpanel where m.curve == .spring:
            // `response` and `dampingRatio` are the behaviour's spring parameters, through its ζ rule.
            return .frameSpring(FloatingPanelFeel.Behavior(m).spring(speed: velocity, scale: Double(canvas.scale)))
        case .gorhom where m.givesSpring:
            // `animationConfigs` = useBottomSheetSpringConfigs(…): Reanimated's `withSpring`, its defaults for the rest.
            return .reanimatedSpring(GorhomFeel.springConfig(m))
        default:
            if m.setsCurve { return motion }
            return Self.feelCurve(feel, distance: distance, velocity: velocity, range: materialDragRange,
                                  scale: Double(canvas.scale), parentWidth: canvas.width)
        }
    }

    /// Whether a settle ends at once under Reduce Motion, as the feel's library does it (docs/feel.md, "Reduce
    /// Motion"): gorhom's `animate` runs Reanimated's `withSpring`/`withTiming`, which with the system's Reduce
    /// Motion on (`ReduceMotion.System`, gorhom's default `overrideReduceMotion`) set the value to its target in
    /// `onStart` and end on the first frame (`animation/util.ts` `decorateAnimation`, `getReduceMotionFromConfig`).
    public var reducesMotionAtOnce: Bool { feel == .gorhom && settings.reduceMotion }

    /// Whether presenting and dismissing cross-fade under Reduce Motion: UIKit's sheet does (with Reduce Motion and its
    /// Prefer Cross-Fade Transitions option); FloatingPanel, vaul, Material and the articles' SwiftUI views have no
    /// reduced-motion path and slide as always; gorhom jumps (`reducesMotionAtOnce`).
    public var crossFadesUnderReduceMotion: Bool { feel == .uikit && settings.reduceMotion }

    /// The raw height a settle to `target` runs to: the target's, except FloatingPanel's removal, which springs to
    /// its hidden position H + 100 (`Layout.swift` `hiddenAnchor`); the sheet is dismissed once it is off the canvas.
    public func settleEnd(for target: SettleTarget) -> Double {
        if target == .dismiss && playsFloatingPanelHide { return -FloatingPanelFeel.hiddenInset }
        return target.height
    }

    /// The curve of a settle to `target`: FloatingPanel's removal is its hide animator (`FloatingPanelFeel.hideSpring`,
    /// from the release velocity, as `Core.swift` passes `removalVector`); everything else `settleCurve(distance:velocity:)`.
    public func settleCurve(to target: SettleTarget, distance: Double, velocity: Double) -> MotionCurve {
        if target == .dismiss && playsFloatingPanelHide { return .spring(FloatingPanelFeel.hideSpring) }
        return settleCurve(distance: distance, velocity: velocity)
    }

    /// Whether a removal plays FloatingPanel's hide animator: always with the `floatingpanel` feel, whose spring keys
    /// are the behaviour's move spring and leave the removal's animator alone; not when a timing curve replaces the
    /// feel's settle. Under Reduce Motion it plays too: FloatingPanel has no reduced-motion path.
    var playsFloatingPanelHide: Bool { feel == .floatingpanel && config.sheet.motion.curve == .spring }

    /// Material's drag range (`getViewVerticalDragRange`): the canvas's height when the sheet hides, else the
    /// collapsed offset.
    public var materialDragRange: Double {
        config.sheet.dismissible ? canvas.height : canvas.height - smallest.height
    }

    /// A feel's own settle curve. `scale` is the screen's (FloatingPanel stops within 1 px); `parentWidth` is the
    /// canvas's width (Material's settle duration is measured against it).
    public static func feelCurve(_ feel: Feel, distance: Double, velocity: Double, range: Double, scale: Double = 3,
                                 parentWidth: Double = 393) -> MotionCurve {
        switch feel {
        case .uikit:
            return MotionCurve(MotionConfig())
        case .floatingpanel:
            return .frameSpring(FloatingPanelFeel.Behavior().spring(speed: velocity, scale: scale))
        case .gorhom:
            return .reanimatedSpring(GorhomFeel.reanimated)
        case .vaul:
            return .timed(duration: VaulFeel.duration, curve: VaulFeel.curve)
        case .multiHeight:
            // `onEnded` sets `offsetY` outside any animation: the sheet is on its detent at once.
            return .timed(duration: 0, curve: .linear)
        case .blurSheet:
            return .timed(duration: ArticleFeel.blurDuration, curve: .easeInOut)
        case .material:
            return .timed(duration: MaterialFeel.duration(distance: distance, velocity: velocity, range: range, parentWidth: parentWidth),
                          curve: .quinticEaseOut)
        }
    }
}
