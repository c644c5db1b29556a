/// The settle motion of each feel (`anchors/feel.md`).
///
/// Explicit curve keys in the config (`curve`, `response`, `dampingRatio`, `duration`, `bezier`) override a
/// feel's own settle motion: the sheet then settles with the configured curve, and the feel keeps its release
/// rule and its velocity hand-off.
extension SheetSetup {
    /// The curve of a settle over `distance` (raw points) starting at `velocity` (raw units per second, after the
    /// feel's hand-off).
    public func settleCurve(distance: Double, velocity: Double) -> MotionCurve {
        if feel == .uikit || config.sheet.motion.setsCurve { return motion }
        return Self.feelCurve(feel, distance: distance, velocity: velocity, range: materialDragRange)
    }

    /// Material's drag range (`getViewVerticalDragRange`): the canvas's height when the sheet hides, else the
    /// collapsed offset.
    public var materialDragRange: Double {
        config.sheet.dismissible ? canvas.height : canvas.height - smallest.height
    }

    /// A feel's own settle curve.
    public static func feelCurve(_ feel: Feel, distance: Double, velocity: Double, range: Double) -> MotionCurve {
        switch feel {
        case .uikit:
            return MotionCurve(MotionConfig())
        case .floatingpanel:
            let T = FloatingPanelFeel.response
            return .frameSpring(FrameSpring(response: T, dampingRatio: FloatingPanelFeel.dampingRatio(speed: velocity, response: T)))
        case .gorhom:
            return .clampedSpring(GorhomFeel.spring, restDistance: GorhomFeel.restDistance, restSpeed: GorhomFeel.restSpeed)
        case .vaul:
            return .timed(duration: VaulFeel.duration, curve: VaulFeel.curve)
        case .material:
            return .timed(duration: MaterialFeel.duration(distance: distance, velocity: velocity, range: range), curve: .quinticEaseOut)
        }
    }
}
