/// The value a fraction `p` (0…1) of the way through `values` once sorted, by nearest rank:
/// 0 is the smallest, 0.5 the median (the upper middle one of an even count), 1 the largest.
/// NaN when `values` is empty.
public func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int((Double(sorted.count - 1) * min(max(p, 0), 1)).rounded())
    return sorted[rank]
}
