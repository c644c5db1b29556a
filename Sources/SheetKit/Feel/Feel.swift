import Foundation

/// Whose release rule and settle motion a sheet follows (`sheet.motion.feel`, docs/feel.md).
///
/// The constants and formulas are read from each project's source (docs/feel.md cites file and function):
/// - `uikit`: SheetLab's own release rules (`ReleaseRules`), after UIKit and WWDC18 "Designing Fluid Interfaces".
/// - `floatingpanel`: scenee/FloatingPanel 3.x (`FloatingPanelDefaultBehavior`, `Core.targetState`,
///   `Core.shouldRemove`, `NumericSpringAnimator`): projection at 0.998 trimmed to one state on, redirectional
///   progress 0.5, removal at v / distance to H + 100 ≥ 5.5/s, implicit-Euler spring, T = 0.4 s, 1 px stop; the
///   removal itself springs to H + 100 (response 0.25 s, ζ 0.80).
/// - `gorhom`: gorhom/react-native-bottom-sheet 5.x (`ANIMATION_CONFIGS` iOS, `snapPoint` on release) with
///   react-native-reanimated 3.x `withSpring`: nearest to position + 0.2·v; damping 500 / stiffness 1000 / mass 3
///   runs Reanimated's critically damped branch at ω0 = √(k/m), overshoot clamped, rest 10 / 10, from v/2.
/// - `vaul`: emilkowalski/vaul 1.1 (`use-snap-points.ts` `onRelease`, `TRANSITIONS`): whole-drag average
///   velocity, 2 and 0.4 px/ms thresholds, 0.5 s cubic-bezier(0.32, 0.72, 0, 1).
/// - `material`: material-components-android `BottomSheetBehavior.onViewReleased` + androidx `ViewDragHelper`
///   (`clampMag`, `computeAxisDuration`): half-expanded state, hide rule with 0.1 s projection, quintic ease-out over
///   ViewDragHelper's width-based duration.
/// - `multi-height`: the `multi-height` preset's article (seed 001, `MultiHeightSheet` `onEnded`): the detent whose
///   equal share of the largest detent's height the release lands in; no animation.
/// - `blur-sheet`: the `blur-sheet` preset's article (seed 003, `DynamicSheetView` `onEnded`): thresholds on the
///   height above the peek; a release low in the peek zone closes the sheet; SwiftUI's default `withAnimation`.
public enum Feel: String, Sendable, CaseIterable, Codable {
    case uikit, floatingpanel, gorhom, vaul, material
    case multiHeight = "multi-height"
    case blurSheet = "blur-sheet"

    /// The name shown in the window.
    public var title: String {
        switch self {
        case .uikit: return "UIKit"
        case .floatingpanel: return "FloatingPanel"
        case .gorhom: return "gorhom"
        case .vaul: return "vaul"
        case .material: return "Material"
        case .multiHeight: return "multi-height article"
        case .blurSheet: return "blur-sheet article"
        }
    }

    /// The feels that follow a library (the others follow a preset's article).
    public static let libraries: [Feel] = [.uikit, .floatingpanel, .gorhom, .vaul, .material]

    /// The feel after this one among the libraries' feels (the window's feel key cycles with it); a preset's article
    /// feel goes on to `uikit`.
    public var next: Feel {
        let all = Feel.libraries
        guard let i = all.firstIndex(of: self) else { return .uikit }
        return all[(i + 1) % all.count]
    }

    /// How much of the release velocity the settle starts with: gorhom starts its spring at v/2; vaul and
    /// Material animate a curve that ignores it (their curves start from their own slope).
    public var velocityHandoff: Double {
        switch self {
        case .gorhom: return 0.5
        case .vaul, .material, .multiHeight, .blurSheet: return 0
        case .uikit, .floatingpanel: return 1
        }
    }

    /// Whether the release velocity is the whole drag's average (vaul) rather than the lift-off velocity.
    public var usesAverageVelocity: Bool { self == .vaul }
}

/// FloatingPanel's settle constants (`FloatingPanelDefaultBehavior`, `NumericSpringAnimator`).
public enum FloatingPanelFeel {
    /// `springResponseTime`, seconds.
    public static let response = 0.4
    /// `springDecelerationRate` = `UIScrollView.DecelerationRate.fast` + 0.001.
    public static let decelerationRate = 0.991
    /// Above this release speed (pt/s) the spring is underdamped.
    public static let bouncySpeed = 300.0
    /// `removalInteractionVelocityThreshold`: v / distance-to-hidden, per second (`Behavior.swift`).
    public static let removalRate = 5.5
    /// How far below the canvas's bottom edge the hidden position is: `Layout.swift` `hiddenAnchor` is
    /// `FloatingPanelLayoutAnchor(absoluteInset: -100, edge: .bottom, referenceGuide: .superview)`, at H + 100.
    public static let hiddenInset = 100.0
    /// The hide animator (`Controller.swift` `makeDefaultAnimator`): `UISpringTimingParameters(decelerationRate:
    /// UIScrollView.DecelerationRate.fast, frequencyResponse: 0.25)`, which `Extensions.swift` turns into
    /// ζ = ln(0.99)/(−4π·0.001) ≈ 0.80 with mass 1 and stiffness (2π/0.25)²: UIKit's damped spring.
    public static var hideSpring: Spring {
        Spring(response: 0.25, dampingRatio: log(0.99) / (-4 * Double.pi * 0.001))
    }

    /// `redirectionalProgress`.
    public static let redirectionalProgress = 0.5
    /// `momentumProjectionRate` = `UIScrollView.DecelerationRate.normal`; scaled by the distance between the least
    /// and most expanded states and back, which cancels.
    public static let projectionRate = 0.998

    /// ζ for a settle that starts at `speed` (pt/s): 1, or ln(r)/(−2π·(1/T)·0.001) ≈ 0.576 for a fast one
    /// (`NumericSpringAnimator.init`: `abs(initialData.velocity) > 300 ? log(decelerationRate) / (-2π·frequency·0.001) : 1`).
    public static func dampingRatio(speed: Double, response T: Double = response, decelerationRate r: Double = decelerationRate) -> Double {
        abs(speed) <= bouncySpeed ? 1 : log(r) / (-2 * Double.pi * (1 / T) * 0.001)
    }

    /// The `springDecelerationRate` whose fast-release ζ is `zeta` at response `T`: exp(−2π·ζ·0.001/T).
    public static func decelerationRate(dampingRatio zeta: Double, response T: Double) -> Double {
        exp(-2 * Double.pi * zeta * 0.001 / T)
    }

    /// A FloatingPanel behaviour's own parameters (`FloatingPanelBehavior`), as a config gives them (docs/feel.md,
    /// "Each feel's knobs"): `response` is `springResponseTime`; `dampingRatio` is the ζ of a fast release, that is
    /// `springDecelerationRate` = exp(−2π·ζ·0.001/T) (a slow one is always ζ 1); `decelerationRate` is
    /// `momentumProjectionRate`. A key the config leaves out keeps FloatingPanel's default.
    public struct Behavior: Sendable, Equatable {
        public var springResponseTime = FloatingPanelFeel.response
        public var springDecelerationRate = FloatingPanelFeel.decelerationRate
        public var momentumProjectionRate = FloatingPanelFeel.projectionRate

        public init() {}

        public init(_ m: MotionConfig) {
            if m.gives(.response) { springResponseTime = m.response }
            if m.gives(.dampingRatio) {
                springDecelerationRate = FloatingPanelFeel.decelerationRate(dampingRatio: m.dampingRatio, response: springResponseTime)
            }
            momentumProjectionRate = m.decelerationRate
        }

        /// The settle from a release at `speed` (pt/s): `NumericSpringAnimator` with this behaviour's parameters,
        /// stopping within 1 px at `scale`.
        public func spring(speed: Double, scale: Double) -> FrameSpring {
            FrameSpring(response: springResponseTime,
                        dampingRatio: FloatingPanelFeel.dampingRatio(speed: speed, response: springResponseTime, decelerationRate: springDecelerationRate),
                        restDistance: 1 / max(scale, 1))
        }
    }
}

/// gorhom's iOS animation config (`ANIMATION_CONFIGS`): a spring by damping, stiffness and mass.
public enum GorhomFeel {
    public static let damping = 500.0, stiffness = 1000.0, mass = 3.0
    /// `restDisplacementThreshold` and `restSpeedThreshold`.
    public static let restDistance = 10.0, restSpeed = 10.0
    /// The release projects the position by this many seconds of velocity.
    public static let projection = 0.2

    /// The same spring by response and damping ratio: ω = √(k/m), ζ = c/(2√(km)) ≈ 4.56.
    public static var spring: Spring {
        let omega = (stiffness / mass).squareRoot()
        return Spring(response: 2 * Double.pi / omega, dampingRatio: damping / (2 * (stiffness * mass).squareRoot()))
    }

    /// The spring as Reanimated 3's `withSpring` runs it (`animation/spring.ts` `springOnFrame`): ζ ≥ 1 takes
    /// `criticallyDampedSpringCalculations` at ω0 = √(k/m) ≈ 18.26 rad/s, overshoot clamped, rest at 10 and 10.
    public static var reanimated: ReanimatedSpring {
        ReanimatedSpring(stiffness: stiffness, damping: damping, mass: mass, overshootClamping: true,
                         restDisplacement: restDistance, restSpeed: restSpeed)
    }

    /// Reanimated 3's `withSpring` defaults (`animation/spring.ts`): `overshootClamping: false`,
    /// `restDisplacementThreshold: 0.01`, `restSpeedThreshold: 2`.
    public static let reanimatedRestDistance = 0.01, reanimatedRestSpeed = 2.0

    /// The `animationConfigs` a config's spring keys give gorhom (docs/feel.md, "Each feel's knobs"): the spring of
    /// `response` T and `dampingRatio` ζ as `useBottomSheetSpringConfigs({ mass: 1, stiffness: (2π/T)², damping:
    /// 4πζ/T })`, which replaces `ANIMATION_CONFIGS` whole (`animate.ts`), so Reanimated's own defaults hold for the
    /// rest: no overshoot clamping, rest at 0.01 pt and 2 pt/s. Run through `withSpring`'s real branches: a ζ ≥ 1 is
    /// the critically damped spring at ω0 = 2π/T.
    public static func springConfig(_ m: MotionConfig) -> ReanimatedSpring {
        let p = MotionText.physical(response: m.response, dampingRatio: m.dampingRatio)
        return ReanimatedSpring(stiffness: p.stiffness, damping: p.damping, mass: p.mass, overshootClamping: false,
                                restDisplacement: reanimatedRestDistance, restSpeed: reanimatedRestSpeed)
    }
}

/// vaul's constants (`constants.ts`, `use-snap-points.ts`), velocities in pt/s (1 px/ms = 1000 pt/s).
public enum VaulFeel {
    /// `VELOCITY_THRESHOLD` 0.4 px/ms.
    public static let velocityThreshold = 400.0
    /// The "fast" flick, 2 px/ms: straight to the last point or closed.
    public static let fastVelocity = 2000.0
    /// A fast-enough drag shorter than this fraction of the viewport moves exactly one point.
    public static let shortDrag = 0.4
    /// `TRANSITIONS.DURATION` and `TRANSITIONS.EASE`.
    public static let duration = 0.5
    public static let curve = UnitCurve.bezier(CubicBezier(0.32, 0.72, 0, 1))
}

/// The presets' articles (docs/presets.md names them): their own release rules.
public enum ArticleFeel {
    /// blur-sheet (seed 003): the zone above the peek, in points, where a release closes the sheet (`-offset > 100`).
    public static let peekZone = 100.0
    /// blur-sheet: `withAnimation` with SwiftUI's default animation of its iOS 14 target, ease-in-out over 0.35 s.
    public static let blurDuration = 0.35
}

/// Material's constants (`BottomSheetBehavior`, `ViewDragHelper`), in points (1 dp = 1 pt).
public enum MaterialFeel {
    /// `HIDE_FRICTION`: the hide rule projects the top by this many seconds of velocity.
    public static let hideFriction = 0.1
    /// `HIDE_THRESHOLD` of the peek height.
    public static let hideThreshold = 0.5
    /// `significantVelocityThreshold` (`SIGNIFICANT_VEL_THRESHOLD`), px/s.
    public static let significantVelocity = 500.0
    /// `ViewDragHelper`'s `BASE_SETTLE_DURATION` and `MAX_SETTLE_DURATION`, ms.
    public static let baseDuration = 256.0, maxDuration = 600.0
    /// `ViewConfiguration`'s minimum and maximum fling velocities (50 and 8000 dp/s), `ViewDragHelper.mMinVelocity`
    /// and `mMaxVelocity`.
    public static let minimumFling = 50.0, maximumFling = 8000.0

    /// `ViewDragHelper.clampMag`: a speed under the minimum fling velocity is 0, one above the maximum is the maximum.
    public static func clampMag(_ v: Double) -> Double {
        if abs(v) < minimumFling { return 0 }
        if abs(v) > maximumFling { return v > 0 ? maximumFling : -maximumFling }
        return v
    }

    /// `ViewDragHelper.computeSettleDuration` for a vertical settle, that is `computeAxisDuration(dy, yvel, range)`:
    /// with W the parent's width and D = W/2 + W/2·sin((min(1, |d|/W) − 0.5)·0.3π/2) (W/2 an integer, as Java
    /// divides it), min(600, 4·round(1000·D/|v|)) ms, or (|d|/range + 1)·256 ms (truncated) when the clamped velocity
    /// (`(int)` of the tracker's, then `clampMag`) is 0. In seconds.
    public static func duration(distance: Double, velocity: Double, range: Double, parentWidth: Double) -> Double {
        if distance == 0 { return 0 }
        let v = abs(clampMag(velocity.rounded(.towardZero)))
        let width = max(Int(parentWidth), 1)
        let half = Double(width / 2)
        let ratio = min(1, abs(distance) / Double(width))
        let D = half + half * sin((ratio - 0.5) * 0.3 * Double.pi / 2)
        let ms = v > 0 ? 4 * (1000 * abs(D / v)).rounded() : ((abs(distance) / max(range, 1) + 1) * baseDuration).rounded(.towardZero)
        return min(ms, maxDuration) / 1000
    }
}
