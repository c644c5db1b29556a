/// The settle motion of each feel (docs/feel.md).
///
/// Explicit curve keys in the config (`curve`, `response`, `dampingRatio`, `duration`, `bezier`) override a
/// feel's own settle motion: the sheet then settles with the configured curve, and the feel keeps its release
/// rule and its velocity hand-off.
extension SheetSetup {
    /// The curve of a settle over `distance` (raw points) starting at `velocity` (raw units per second, after the
    /// feel's hand-off).
    public func settleCurve(distance: Double, velocity: Double) -> MotionCurve {
        if feel == .uikit || config.sheet.motion.setsCurve { return motion }
        return Self.feelCurve(feel, distance: distance, velocity: velocity, range: materialDragRange,
                              scale: Double(canvas.scale), parentWidth: canvas.width)
    }

    /// The raw height a settle to `target` runs to: the target's, except FloatingPanel's removal, which springs to
    /// its hidden position H + 100 (`Layout.swift` `hiddenAnchor`); the sheet is dismissed once it is off the canvas.
    public func settleEnd(for target: SettleTarget) -> Double {
        if target == .dismiss && feel == .floatingpanel && !config.sheet.motion.setsCurve { return -FloatingPanelFeel.hiddenInset }
        return target.height
    }

    /// The curve of a settle to `target`: FloatingPanel's removal is its hide animator (`FloatingPanelFeel.hideSpring`,
    /// from the release velocity, as `Core.swift` passes `removalVector`); everything else `settleCurve(distance:velocity:)`.
    public func settleCurve(to target: SettleTarget, distance: Double, velocity: Double) -> MotionCurve {
        if target == .dismiss && feel == .floatingpanel && !config.sheet.motion.setsCurve { return .spring(FloatingPanelFeel.hideSpring) }
        return settleCurve(distance: distance, velocity: velocity)
    }

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
            let T = FloatingPanelFeel.response
            return .frameSpring(FrameSpring(response: T, dampingRatio: FloatingPanelFeel.dampingRatio(speed: velocity, response: T),
                                            restDistance: 1 / max(scale, 1)))
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
