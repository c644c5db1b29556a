/// One quantity read off pixels, with how well the pixels agree with it.
///
/// `residual` is in the quantity's own unit (points for a length, alpha for a dimming, 0–255 levels for a colour
/// channel): the RMS misfit of the model that produced it, or the spread of independent readings of it. `confidence`
/// runs from 0 (a guess: the pixels could not tell) to 1 (every reading agreed within a pixel's worth).
public struct Measured<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var residual: Double
    public var confidence: Double

    public init(_ value: Value, residual: Double, confidence: Double) {
        self.value = value
        self.residual = residual.isFinite ? max(0, residual) : .infinity
        self.confidence = confidence.isFinite ? min(1, max(0, confidence)) : 0
    }

    /// Whether the reading is firm enough to write into a config (otherwise it is reported, and the config keeps
    /// the default).
    public var isFirm: Bool { confidence >= Self.firmConfidence }
    public static var firmConfidence: Double { 0.5 }
}
