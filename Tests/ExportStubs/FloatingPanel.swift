// Declarations of the FloatingPanel 3.x API that `sheetlab export --to floatingpanel` writes, with the signatures
// of scenee/FloatingPanel's sources (Sources/Layout.swift, LayoutAnchoring.swift, LayoutProperties.swift,
// Behavior.swift, Controller.swift, SurfaceView.swift, GrabberView.swift, BackdropView.swift, State.swift,
// Position.swift) at 3.2.1, whose Package.swift supports iOS 12. `@objc optional` requirements become protocol
// extensions, as Linux has no Objective-C runtime.
@_exported import UIKit

// No Sendable anywhere: FloatingPanel 3.2 is a Swift 5 module without concurrency annotations, so its enums and
// classes are not Sendable to a Swift 6 client (the enums are plain `@objc public enum …: Int`).
public enum FloatingPanelPosition: Int { case top, left, bottom, right }
public enum FloatingPanelReferenceEdge: Int { case top, left, bottom, right }
public enum FloatingPanelLayoutReferenceGuide: Int { case superview = 0, safeArea = 1 }
public enum FloatingPanelLayoutContentBoundingGuide: Int { case none = 0, superview = 1, safeArea = 2 }

// Not Sendable: the real class is a plain `@objc open class FloatingPanelState: NSObject, NSCopying, RawRepresentable`
// (Sources/State.swift), compared by identity (no isEqual override), in a Swift 5 module.
open class FloatingPanelState: NSObject, NSCopying, RawRepresentable {
    public typealias RawValue = String
    required public init?(rawValue: RawValue) { self.rawValue = rawValue; self.order = 0; super.init() }
    public init(rawValue: RawValue, order: Int) { self.rawValue = rawValue; self.order = order; super.init() }
    public let rawValue: RawValue
    public let order: Int
    public func copy(with zone: NSZone? = nil) -> Any { self }
    public static let full = FloatingPanelState(rawValue: "full", order: 1000)
    public static let half = FloatingPanelState(rawValue: "half", order: 500)
    public static let tip = FloatingPanelState(rawValue: "tip", order: 100)
    public static let hidden = FloatingPanelState(rawValue: "hidden", order: 0)
}

public protocol FloatingPanelLayoutAnchoring {
    var referenceGuide: FloatingPanelLayoutReferenceGuide { get }
}

final public class FloatingPanelLayoutAnchor: NSObject, FloatingPanelLayoutAnchoring {
    public init(absoluteInset: CGFloat, edge: FloatingPanelReferenceEdge, referenceGuide: FloatingPanelLayoutReferenceGuide) {
        self.referenceGuide = referenceGuide
    }
    public init(fractionalInset: CGFloat, edge: FloatingPanelReferenceEdge, referenceGuide: FloatingPanelLayoutReferenceGuide) {
        self.referenceGuide = referenceGuide
    }
    public let referenceGuide: FloatingPanelLayoutReferenceGuide
}

final public class FloatingPanelIntrinsicLayoutAnchor: NSObject, FloatingPanelLayoutAnchoring {
    public init(absoluteOffset: CGFloat, referenceGuide: FloatingPanelLayoutReferenceGuide = .safeArea) {
        self.referenceGuide = referenceGuide
    }
    public init(fractionalOffset: CGFloat, referenceGuide: FloatingPanelLayoutReferenceGuide = .safeArea) {
        self.referenceGuide = referenceGuide
    }
    public let referenceGuide: FloatingPanelLayoutReferenceGuide
}

public protocol FloatingPanelLayout {
    var position: FloatingPanelPosition { get }
    var initialState: FloatingPanelState { get }
    var anchors: [FloatingPanelState: FloatingPanelLayoutAnchoring] { get }
    func backdropAlpha(for state: FloatingPanelState) -> CGFloat
}
extension FloatingPanelLayout {
    public func backdropAlpha(for state: FloatingPanelState) -> CGFloat { 0 }
}

public protocol FloatingPanelBehavior {
    var springDecelerationRate: CGFloat { get }
    var springResponseTime: CGFloat { get }
    var momentumProjectionRate: CGFloat { get }
    @MainActor func shouldProjectMomentum(_ fpc: FloatingPanelController, to proposedState: FloatingPanelState) -> Bool
    @MainActor func redirectionalProgress(_ fpc: FloatingPanelController, from: FloatingPanelState, to: FloatingPanelState) -> CGFloat
    func allowsRubberBanding(for edge: UIRectEdge) -> Bool
    var removalInteractionVelocityThreshold: CGFloat { get }
}
extension FloatingPanelBehavior {
    public var springDecelerationRate: CGFloat { 0.991 }
    public var springResponseTime: CGFloat { 0.4 }
    public var momentumProjectionRate: CGFloat { 0.998 }
    @MainActor public func shouldProjectMomentum(_ fpc: FloatingPanelController, to proposedState: FloatingPanelState) -> Bool { false }
    @MainActor public func redirectionalProgress(_ fpc: FloatingPanelController, from: FloatingPanelState, to: FloatingPanelState) -> CGFloat { 0.5 }
    public func allowsRubberBanding(for edge: UIRectEdge) -> Bool { false }
    public var removalInteractionVelocityThreshold: CGFloat { 5.5 }
}

public class SurfaceAppearance: NSObject {
    public class Shadow: NSObject {
        public var hidden: Bool = false
        public var color: UIColor? = nil
        public var offset: CGSize = CGSize(width: 0.0, height: 1.0)
        public var opacity: Float = 0.2
        public var radius: CGFloat = 3
        public var spread: CGFloat = 0
    }
    public var backgroundColor: UIColor?
    public var cornerRadius: CGFloat = 0.0
    // Sources/SurfaceView.swift: `@available(iOS 13.0, *) public var cornerCurve: CALayerCornerCurve`.
    @available(iOS 13.0, *)
    public var cornerCurve: CALayerCornerCurve { get { .circular } set {} }
    public var shadows: [Shadow] = [Shadow()]
    public var borderColor: UIColor?
    public var borderWidth: CGFloat = 0.0
}

@MainActor public class GrabberView: UIView {
    public var barColor: UIColor = UIColor(red: 0.76, green: 0.77, blue: 0.76, alpha: 1.0)
}

@MainActor public class SurfaceView: UIView {
    public let grabberHandle = GrabberView()
    public var grabberHandlePadding: CGFloat = 6.0
    public var grabberAreaOffset: CGFloat = 36.0
    public var grabberHandleSize: CGSize = CGSize(width: 36.0, height: 5.0)
    public weak var contentView: UIView?
    public var appearance = SurfaceAppearance()
    public let containerView: UIView = UIView()
    public var containerMargins: UIEdgeInsets = .zero
    public var contentPadding: UIEdgeInsets = .zero
}

@MainActor open class BackdropView: UIView {
    public var dismissalTapGestureRecognizer: UITapGestureRecognizer = UITapGestureRecognizer()
}

@MainActor public protocol FloatingPanelControllerDelegate: AnyObject {
    func floatingPanelDidChangeState(_ fpc: FloatingPanelController)
    func floatingPanelDidRemove(_ fpc: FloatingPanelController)
}
extension FloatingPanelControllerDelegate {
    public func floatingPanelDidChangeState(_ fpc: FloatingPanelController) {}
    public func floatingPanelDidRemove(_ fpc: FloatingPanelController) {}
}

@MainActor open class FloatingPanelController: UIViewController {
    public enum ContentMode: Int { case `static`, fitToBounds }
    public init(delegate: FloatingPanelControllerDelegate? = nil) { super.init() }
    public weak var delegate: FloatingPanelControllerDelegate?
    public var surfaceView: SurfaceView { SurfaceView() }
    public var backdropView: BackdropView = BackdropView()
    public var state: FloatingPanelState { .hidden }
    public var layout: FloatingPanelLayout = Default()
    public var behavior: FloatingPanelBehavior = Default()
    public var isRemovalInteractionEnabled: Bool = false
    public var contentViewController: UIViewController?
    public var contentMode: ContentMode = .static
    public func show(animated: Bool = false, completion: (() -> Void)? = nil) {}
    public func hide(animated: Bool = false, completion: (() -> Void)? = nil) {}
    public func addPanel(toParent parent: UIViewController, at viewIndex: Int = -1, animated: Bool = false, completion: (() -> Void)? = nil) {}
    public func removePanelFromParent(animated: Bool, completion: (() -> Void)? = nil) {}
    public func move(to: FloatingPanelState, animated: Bool, completion: (() -> Void)? = nil) {}
    public func set(contentViewController: UIViewController?) {}
    public func track(scrollView: AnyObject) {}
    public func invalidateLayout() {}

    private struct Default: FloatingPanelLayout, FloatingPanelBehavior {
        var position: FloatingPanelPosition { .bottom }
        var initialState: FloatingPanelState { .half }
        var anchors: [FloatingPanelState: FloatingPanelLayoutAnchoring] { [:] }
    }
}
