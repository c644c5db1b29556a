// Declarations of the SwiftUI API that `sheetlab export --to swiftui` writes, with the signatures of Apple's
// documentation (developer.apple.com/documentation/swiftui), so that `swiftc -typecheck` checks labels and types.
// APIs newer than iOS 13 carry Apple's `@available(iOS N, *)` (see UIKit.swift for how ExportTests enforces them).
@_exported import Foundation

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    public init(_ value: T) {}
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

public struct ModifiedView: View {
    public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
}
extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct LocalizedStringKey: ExpressibleByStringLiteral, Sendable {
    public init(_ value: String) {}
    public init(stringLiteral value: String) {}
}

public enum ColorScheme: Sendable { case light, dark }
public enum Visibility: Sendable { case automatic, visible, hidden }

public struct HorizontalAlignment: Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
}
public struct Alignment: Sendable {
    public static let leading = Alignment()
    public static let center = Alignment()
    public static let trailing = Alignment()
    public static let top = Alignment()
    public static let bottom = Alignment()
}
public enum Edge: Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable {
        public var rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Set(rawValue: 15)
        public static let horizontal = Set(rawValue: 10)
        public static let vertical = Set(rawValue: 5)
    }
}

public struct Font: Sendable {
    public static let largeTitle = Font()
    public static let title = Font()
    public static let title2 = Font()
    public static let title3 = Font()
    public static let headline = Font()
    public static let body = Font()
    public func bold() -> Font { self }
}

public protocol ShapeStyle: Sendable {}

public struct Color: View, ShapeStyle, Hashable {
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public init(white: Double, opacity: Double = 1) {}
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, opacity: 0)
    public static let secondary = Color(white: 0.5, opacity: 0.6)
    public var body: Never { fatalError() }
}

@available(iOS 15.0, *)
public struct Material: ShapeStyle {
    public static let ultraThin = Material()
    public static let thin = Material()
    public static let regular = Material()
    public static let thick = Material()
    public static let ultraThick = Material()
}
@available(iOS 15.0, *)
extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThin }
    public static var thinMaterial: Material { .thin }
    public static var regularMaterial: Material { .regular }
    public static var thickMaterial: Material { .thick }
    public static var ultraThickMaterial: Material { .ultraThick }
    /// The material of system toolbars (Apple: Material.bar).
    public static var bar: Material { Material() }
}

@propertyWrapper @frozen public struct Binding<Value> {
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public var projectedValue: Binding<Value> { self }
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public init(projectedValue: Binding<Value>) {}
}

@propertyWrapper @frozen public struct State<Value> {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public var projectedValue: Binding<Value> { fatalError() }
}

@available(iOS 15.0, *)
public struct DismissAction: Sendable {
    @MainActor public func callAsFunction() {}
}

/// DynamicTypeSize (iOS 15): the twelve sizes, as `dynamicTypeSize(_:)` takes them.
@available(iOS 15.0, *)
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}

/// LegibilityWeight: Bold Text. "The app can't override the user's choice before iOS 16" (Apple's documentation).
public enum LegibilityWeight: Hashable, Sendable { case regular, bold }

public enum ColorSchemeContrast: Hashable, CaseIterable, Sendable { case standard, increased }

public struct EnvironmentValues {
    @available(iOS 15.0, *)
    public var dismiss: DismissAction { DismissAction() }
    public var colorScheme: ColorScheme { get { .light } set {} }
    @available(iOS 15.0, *)
    public var dynamicTypeSize: DynamicTypeSize { get { .large } set {} }
    /// `{ get set }`: a preview can set Bold Text.
    public var legibilityWeight: LegibilityWeight? { get { nil } set {} }
    // The accessibility settings an app can only read: Apple declares each `{ get }`.
    public var accessibilityReduceTransparency: Bool { false }
    public var accessibilityReduceMotion: Bool { false }
    public var colorSchemeContrast: ColorSchemeContrast { .standard }
}

@propertyWrapper @frozen public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

public struct Text: View {
    public init(_ key: LocalizedStringKey) {}
    public init(verbatim content: String) {}
    public func font(_ font: Font?) -> Text { self }
    public var body: Never { fatalError() }
}

public struct Button<Label: View>: View {
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}
extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
}

public struct VerticalAlignment: Sendable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
}

public struct HStack<Content: View>: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public enum Axis: Sendable {
    case horizontal, vertical
    public struct Set: OptionSet, Sendable {
        public var rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

public struct ScrollView<Content: View>: View {
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct Image: View {
    public init(systemName: String) {}
    public var body: Never { fatalError() }
}

public struct TextField<Label: View>: View {
    public var body: Never { fatalError() }
}
extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
}

public protocol TextFieldStyle {}
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
public struct PlainTextFieldStyle: TextFieldStyle { public init() {} }
@available(iOS 15.0, *)
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

public protocol Shape: View, Sendable {}
public enum RoundedCornerStyle: Sendable { case circular, continuous }
public struct RoundedRectangle: Shape {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
    public var body: Never { fatalError() }
}
public struct FillStyle: Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

/// FocusState (iOS 15): a Bool focus state, as `@FocusState private var isFocused: Bool` declares it.
@available(iOS 15.0, *)
@propertyWrapper @frozen public struct FocusState<Value: Hashable> {
    @propertyWrapper @frozen public struct Binding {
        public init(wrappedValue: Value) {}
        public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
        public var projectedValue: FocusState<Value>.Binding { self }
    }
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public var projectedValue: FocusState<Value>.Binding { fatalError() }
    public init() where Value == Bool {}
}

/// ScrollDismissesKeyboardMode (iOS 16).
@available(iOS 16.0, *)
public struct ScrollDismissesKeyboardMode: Sendable {
    public static var automatic: ScrollDismissesKeyboardMode { .init() }
    public static var immediately: ScrollDismissesKeyboardMode { .init() }
    public static var interactively: ScrollDismissesKeyboardMode { .init() }
    public static var never: ScrollDismissesKeyboardMode { .init() }
}

public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

@available(iOS 16.0, *)
public struct PresentationDetent: Hashable, Sendable {
    private var id: String
    public static let large = PresentationDetent(id: "large")
    public static let medium = PresentationDetent(id: "medium")
    public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent(id: "h\(height)") }
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent { PresentationDetent(id: "f\(fraction)") }
    public static func custom<D: CustomPresentationDetent>(_ type: D.Type) -> PresentationDetent { PresentationDetent(id: "\(type)") }

    @dynamicMemberLookup public struct Context {
        public var maxDetentValue: CGFloat { 0 }
        public subscript<T>(dynamicMember keyPath: KeyPath<EnvironmentValues, T>) -> T { fatalError() }
    }
}

@available(iOS 16.0, *)
public protocol CustomPresentationDetent {
    typealias Context = PresentationDetent.Context
    static func height(in context: Self.Context) -> CGFloat?
}

@available(iOS 16.4, *)
public struct PresentationBackgroundInteraction: Sendable {
    public static var automatic: PresentationBackgroundInteraction { .init() }
    public static var enabled: PresentationBackgroundInteraction { .init() }
    public static func enabled(upThrough detent: PresentationDetent) -> PresentationBackgroundInteraction { .init() }
    public static var disabled: PresentationBackgroundInteraction { .init() }
}

@available(iOS 16.4, *)
public struct PresentationContentInteraction: Equatable, Sendable {
    public static var automatic: PresentationContentInteraction { .init() }
    public static var resizes: PresentationContentInteraction { .init() }
    public static var scrolls: PresentationContentInteraction { .init() }
}

@available(iOS 16.4, *)
public struct PresentationAdaptation: Sendable {
    public static var automatic: PresentationAdaptation { .init() }
    public static var none: PresentationAdaptation { .init() }
    public static var popover: PresentationAdaptation { .init() }
    public static var sheet: PresentationAdaptation { .init() }
    public static var fullScreenCover: PresentationAdaptation { .init() }
}

extension View {
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View { ModifiedView() }
    @available(iOS 16.0, *)
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { ModifiedView() }
    @available(iOS 16.0, *)
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View { ModifiedView() }
    @available(iOS 16.0, *)
    public func presentationDragIndicator(_ visibility: Visibility) -> some View { ModifiedView() }
    @available(iOS 16.4, *)
    public func presentationCornerRadius(_ cornerRadius: CGFloat?) -> some View { ModifiedView() }
    @available(iOS 16.4, *)
    public func presentationBackground<S: ShapeStyle>(_ style: S) -> some View { ModifiedView() }
    @available(iOS 16.4, *)
    public func presentationBackground<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { ModifiedView() }
    @available(iOS 16.4, *)
    public func presentationBackgroundInteraction(_ interaction: PresentationBackgroundInteraction) -> some View { ModifiedView() }
    @available(iOS 16.4, *)
    public func presentationContentInteraction(_ behavior: PresentationContentInteraction) -> some View { ModifiedView() }
    @available(iOS 16.4, *)
    public func presentationCompactAdaptation(_ adaptation: PresentationAdaptation) -> some View { ModifiedView() }
    @available(iOS 16.4, *)
    public func presentationCompactAdaptation(horizontal horizontalAdaptation: PresentationAdaptation,
                                              vertical verticalAdaptation: PresentationAdaptation) -> some View { ModifiedView() }
    @available(iOS 15.0, *)
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { ModifiedView() }
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { ModifiedView() }
    @available(iOS 15.0, *)
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View { ModifiedView() }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { ModifiedView() }
    public func font(_ font: Font?) -> some View { ModifiedView() }
    @available(iOS 15.0, *)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { ModifiedView() }
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { ModifiedView() }
    public func padding(_ length: CGFloat) -> some View { ModifiedView() }
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
                      idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> some View { ModifiedView() }
    @available(iOS 15.0, *)
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View { ModifiedView() }
    @available(iOS 16.0, *)
    public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View { ModifiedView() }
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { ModifiedView() }
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View { ModifiedView() }
    @available(iOS 15.0, *)
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View { ModifiedView() }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { ModifiedView() }
}

/// What `#Preview(_:body:)` expands to. The macro (`@freestanding(declaration) macro Preview(_ name: String? = nil,
/// @ContentBuilder body: @escaping @MainActor () -> any View)`, SwiftUI, iOS 13) has its implementation in Xcode's
/// PreviewsMacros plugin, which Linux does not have; Apple documents that "preview macros expand into a declaration
/// that calls" `DeveloperToolsSupport.Preview.init(_:traits:body:)`. ExportTests turns each `#Preview(` of a file into
/// such a declaration, so that the name and the body are checked against this signature.
public struct Preview {
    @MainActor public init(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) {}
}
