extension Duration {
    /// This duration in milliseconds, attoseconds included.
    public var milliseconds: Double {
        Double(components.seconds) * 1e3 + Double(components.attoseconds) * 1e-15
    }
}
