extension EntryField {
    /// The values at and just past the edges of the field's classes that
    /// analysis tries beside each class's representative, each with the
    /// accepted class it is a member of and where it is: every accepted
    /// class's edge members, then the values just past its edges that
    /// another accepted class takes; none equal to its class's
    /// representative, none twice.
    package var edgeTries: [(valueClass: ValueClass, value: String, edge: String)] {
        var tries: [(valueClass: ValueClass, value: String, edge: String)] = []
        for valueClass in acceptedClasses {
            tries += valueClass.edgeMembers(kind: kind).map { (valueClass, $0.value, $0.edge) }
        }
        for valueClass in acceptedClasses {
            for neighbour in valueClass.edgeNeighbours(kind: kind) {
                guard case .accepted(let taker) = classify(neighbour.value) else { continue }
                tries.append((taker, neighbour.value, "\(neighbour.edge), so a member"))
            }
        }
        var seen: Set<String> = []
        return tries.filter { $0.value != $0.valueClass.representative && seen.insert($0.value).inserted }
    }
}

extension ValueClass {
    /// The members of the class at its edges, which analysis enters beside
    /// its representative to try the class's claim that all its members
    /// behave alike: a range's lower bound and its upper bound (or the last
    /// value below it, one step in the precision the class is written in:
    /// `5.6` below `5.7`); every value of a list. Each with the edge it is
    /// (`the lower bound`); a pattern's shortest member and its longest,
    /// when its length is bounded (each character a placeholder: `x`, `7`);
    /// a date class's first and last days.
    package func edgeMembers(kind: EntryField.Kind) -> [(value: String, edge: String)] {
        var found: [(value: String, edge: String)] = []
        switch rule {
        case .range(let lower, let upper, let includesUpper):
            guard kind == .number else { return [] }
            let (decimals, step) = precision(lower: lower, upper: upper)
            if let lower { found.append((Self.written(lower, decimals: decimals), "the lower bound")) }
            if let upper {
                if includesUpper {
                    found.append((Self.written(upper, decimals: decimals), "the upper bound"))
                } else {
                    found.append(
                        (Self.written(upper - step, decimals: decimals), "the last value below the upper bound"))
                }
            }
        case .values(let values):
            found = values.map { ($0, "a value it lists") }
        case .pattern(let pattern):
            guard kind == .text || kind == .date, let matcher = PatternMatcher.compiled(pattern) else { return [] }
            if let shortest = matcher.shortestMember { found.append((shortest, "the shortest member")) }
            if let longest = matcher.longestMember() { found.append((longest, "the longest member")) }
        case .dates:
            guard kind == .date else { return [] }
            let (from, through) = days
            if let from { found.append((from.description, "the first day")) }
            if let through { found.append((through.description, "the last day")) }
        }
        var seen: Set = [representative]
        // A value of another kind (a pattern's `1977-77-77` for a date) is
        // no member: the field refuses it before any class is read.
        return found.filter {
            kind.problem(with: $0.value) == nil && rule.contains($0.value, kind: kind) && seen.insert($0.value).inserted
        }
    }

    /// The values just past the class's edges, which are not its members:
    /// one step below a range's lower bound, one step above its upper
    /// bound (or the excluded bound itself); one character fewer than a
    /// pattern's shortest member, one more than its longest; the day before
    /// a date class's first day and the day after its last. Another
    /// class of the field may take them; analysis tries them as members of
    /// that class. Each with where it is (`one step below normal's lower
    /// bound`).
    package func edgeNeighbours(kind: EntryField.Kind) -> [(value: String, edge: String)] {
        var found: [(value: String, edge: String)] = []
        switch rule {
        case .range(let lower, let upper, let includesUpper):
            guard kind == .number else { return [] }
            let (decimals, step) = precision(lower: lower, upper: upper)
            if let lower {
                found.append((Self.written(lower - step, decimals: decimals), "one step below \(name)'s lower bound"))
            }
            if let upper {
                found.append(
                    includesUpper
                        ? (Self.written(upper + step, decimals: decimals), "one step above \(name)'s upper bound")
                        : (Self.written(upper, decimals: decimals), "\(name)'s upper bound, which it excludes"))
            }
        case .values:
            return []
        case .pattern(let pattern):
            guard kind == .text || kind == .date, let matcher = PatternMatcher.compiled(pattern) else { return [] }
            if let shortest = matcher.shortestMember, !shortest.isEmpty {
                found.append((String(shortest.dropLast()), "one character shorter than \(name)'s shortest member"))
            }
            if let longest = matcher.longestMember(), let last = longest.last {
                found.append((longest + String(last), "one character longer than \(name)'s longest member"))
            }
        case .dates:
            guard kind == .date else { return [] }
            let (from, through) = days
            if let from, from > CalendarDate.first {
                found.append((from.adding(days: -1).description, "the day before \(name)'s first day"))
            }
            if let through, through < CalendarDate.last {
                found.append((through.adding(days: 1).description, "the day after \(name)'s last day"))
            }
        }
        return found.filter { !rule.contains($0.value, kind: kind) }
    }

    /// A date class's first and last days, as judged (on the device's day
    /// when the class was not judged on a variant's).
    private var days: (from: CalendarDate?, through: CalendarDate?) {
        guard case .dates(let from, let through) = rule else { return (nil, nil) }
        let day = judgedOn ?? CalendarDate.today()
        return (from?.date(on: day), through?.date(on: day))
    }

    /// `bound` as the day it is where the class was judged (the device's
    /// day when it was not judged on a variant's); `nil` for no bound.
    package func day(_ bound: DateBound?) -> String? {
        bound.map { $0.date(on: judgedOn ?? CalendarDate.today()).description }
    }

    /// The precision a range is written in: the most digits after the
    /// point among its representative and bounds, and one step in it
    /// (`5.7`: 1 digit, a step of 0.1).
    private func precision(lower: Double?, upper: Double?) -> (decimals: Int, step: Double) {
        let decimals = max(
            Self.decimals(of: representative), lower.map(Self.decimals(of:)) ?? 0, upper.map(Self.decimals(of:)) ?? 0)
        return (decimals, (0..<decimals).reduce(1.0) { value, _ in value / 10 })
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
