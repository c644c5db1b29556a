/// Whose release rule and settle motion a sheet follows (`sheet.motion.feel`, SPEC §3.1, docs/feel.md).
///
/// The constants and formulas are those of `anchors/feel.md`, read from each project's source:
/// - `uikit`: SheetLab's own rules (SPEC §4.2), after UIKit and WWDC18 "Designing Fluid Interfaces".
/// - `floatingpanel`: scenee/FloatingPanel 3.x (`FloatingPanelDefaultBehavior`, `Core.targetPosition`,
///   `NumericSpringAnimator`): projection at 0.998 trimmed to one state on, redirectional progress 0.5,
///   removal at 5.5/s, implicit-Euler spring, T = 0.4 s.
/// - `gorhom`: gorhom/react-native-bottom-sheet 5.x (`ANIMATION_CONFIGS` iOS, `snapPoint` on release):
///   nearest to position + 0.2·v, spring damping 500 / stiffness 1000 / mass 3, overshoot clamped, from v/2.
/// - `vaul`: emilkowalski/vaul 1.1 (`use-snap-points.ts` `onRelease`, `TRANSITIONS`): whole-drag average
///   velocity, 2 and 0.4 px/ms thresholds, 0.5 s cubic-bezier(0.32, 0.72, 0, 1).
/// - `material`: material-components-android `BottomSheetBehavior` + `ViewDragHelper`: hide rule with 0.1 s
///   projection, quintic ease-out over min(600, 4·1000·|d/v|) ms, or (|d|/range + 1)·256 ms at rest.
public enum Feel: String, Sendable, CaseIterable, Codable {
    case uikit, floatingpanel, gorhom, vaul, material

    /// The name shown in the window.
    public var title: String {
        switch self {
        case .uikit: return "UIKit"
        case .floatingpanel: return "FloatingPanel"
        case .gorhom: return "gorhom"
        case .vaul: return "vaul"
        case .material: return "Material"
        }
    }

    /// The feel after this one, in the order of `allCases` (the window's feel key cycles with it).
    public var next: Feel {
        let all = Feel.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// How much of the release velocity the settle starts with: gorhom starts its spring at v/2; vaul and
    /// Material animate a curve that ignores it (their curves start from their own slope).
    public var velocityHandoff: Double {
        switch self {
        case .gorhom: return 0.5
        case .vaul, .material: return 0
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
    /// `removalInteractionVelocityThreshold`: v / distance-to-hidden, per second.
    public static let removalRate = 5.5
    /// `redirectionalProgress`.
    public static let redirectionalProgress = 0.5
    /// `momentumProjectionRate` = `UIScrollView.DecelerationRate.normal`; scaled by the distance between the least
    /// and most expanded states and back, which cancels.
    public static let projectionRate = 0.998

    /// ζ for a settle that starts at `speed` (pt/s): 1, or ln(r)/(−2π·(1/T)·0.001) ≈ 0.576 for a fast one.
    public static func dampingRatio(speed: Double, response T: Double = response) -> Double {
        abs(speed) <= bouncySpeed ? 1 : log(decelerationRate) / (-2 * Double.pi * (1 / T) * 0.001)
    }
}

/// gorhom's iOS animation config (`ANIMATION_CONFIGS`): a spring by damping, stiffness and mass.
public enum GorhomFeel {
    public static let damping = 500.0, stiffness = 1000.0, mass = 3.0
    /// `restDisplacementThreshold` and `restSpeedThreshold`.
    public static let restDistance = 10.0, restSpeed = 10.0
    /// The release projects the position by this many seconds of velocity.
    public static let projection = 0.2

    /// The same spring by response and damping ratio: ω = √(k/m), ζ = c/(2√(km)).
    public static var spring: Spring {
        let omega = (stiffness / mass).squareRoot()
        return Spring(response: 2 * Double.pi / omega, dampingRatio: damping / (2 * (stiffness * mass).squareRoot()))
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

/// Material's constants (`BottomSheetBehavior`, `ViewDragHelper`).
public enum MaterialFeel {
    /// `HIDE_FRICTION`: the hide rule projects the top by this many seconds of velocity.
    public static let hideFriction = 0.1
    /// `HIDE_THRESHOLD` of the peek height.
    public static let hideThreshold = 0.5
    /// `SIGNIFICANT_VEL_THRESHOLD`, px/s.
    public static let significantVelocity = 500.0
    /// `BASE_SETTLE_DURATION` and `MAX_SETTLE_DURATION`, ms.
    public static let baseDuration = 256.0, maxDuration = 600.0

    /// The settle duration in seconds for a move of `distance` at `velocity`, over a drag range `range`.
    public static func duration(distance: Double, velocity: Double, range: Double, parentWidth: Double = 0) -> Double {
        let ms: Double
        if velocity != 0 {
            ms = 4 * (1000 * abs(distance / velocity)).rounded()
        } else {
            ms = (abs(distance) / max(range, 1) + 1) * baseDuration
        }
        return min(ms, maxDuration) / 1000
    }
}

import Foundation
