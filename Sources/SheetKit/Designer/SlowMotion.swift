/// Slow motion stretches the settles, not the clock, so gestures keep their real speed.
public enum SlowMotion {
    /// How many times slower settles play in slow motion.
    public static let factor = 5.0

    /// The engine's time scale after the S key.
    public static func toggled(_ timeScale: Double) -> Double { timeScale == 1 ? factor : 1 }

    /// The factor as the help and badges print it: "5×".
    public static var factorText: String { JSONWriter.number(factor) + "×" }
    /// The badge shown while slowed.
    public static var badge: String { "Slow motion \(factorText)" }
    /// What the toast says after the S key.
    public static func toast(for timeScale: Double) -> String { timeScale == 1 ? "Normal speed" : "Slow motion: \(factorText) slower" }
}
