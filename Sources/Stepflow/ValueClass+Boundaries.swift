extension ValueClass {
    /// The members of the class at its edges, which analysis enters beside
    /// its representative to try the class's claim that all its members
    /// behave alike: a range's lower bound and its upper bound (or the last
    /// value below it, one step in the precision the class is written in:
    /// `5.6` below `5.7`); every value of a list. Each with the edge it is
    /// (`the lower bound`). A pattern's edges are not tried yet.
    package func edgeMembers(kind: EntryField.Kind) -> [(value: String, edge: String)] {
        var found: [(value: String, edge: String)] = []
        switch rule {
        case .range(let lower, let upper, let includesUpper):
            guard kind == .number else { return [] }
            let decimals = max(
                Self.decimals(of: representative), lower.map(Self.decimals(of:)) ?? 0,
                upper.map(Self.decimals(of:)) ?? 0)
            if let lower { found.append((Self.written(lower, decimals: decimals), "the lower bound")) }
            if let upper {
                if includesUpper {
                    found.append((Self.written(upper, decimals: decimals), "the upper bound"))
                } else {
                    let step = (0..<decimals).reduce(1.0) { value, _ in value / 10 }
                    found.append(
                        (Self.written(upper - step, decimals: decimals), "the last value below the upper bound"))
                }
            }
        case .values(let values):
            found = values.map { ($0, "a value it lists") }
        case .pattern:
            return []
        }
        var seen: Set = [representative]
        return found.filter { rule.contains($0.value, kind: kind) && seen.insert($0.value).inserted }
    }

    /// The digits after the point in `text` as written (`5.20`: 2).
    private static func decimals(of text: String) -> Int {
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: point)...].prefix { $0.isNumber }.count
    }

    /// The fewest digits after the point that write `value` (`5.7`: 1,
    /// `4`: 0), up to 9.
    private static func decimals(of value: Double) -> Int {
        var scaled = abs(value)
        for digits in 0..<10 {
            if abs(scaled - scaled.rounded()) < 1e-9 * max(1, scaled) { return digits }
            scaled *= 10
        }
        return 9
    }

    /// `value` with `decimals` digits after the point (`4.0`, `15`, `-0.5`).
    private static func written(_ value: Double, decimals: Int) -> String {
        let scale = (0..<decimals).reduce(1.0) { value, _ in value * 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return "\(sign)\(whole)" }
        let fraction = String(scaled % Int(scale))
        return "\(sign)\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
