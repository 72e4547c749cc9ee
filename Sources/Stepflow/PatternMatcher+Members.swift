// The members of a pattern at its edges: the shortest value it matches,
// and the longest when there is one.
extension PatternMatcher {
    /// The shortest value the pattern matches (the first option of a
    /// choice among equals), each character the first of `x X 7 0 - .`
    /// the pattern takes there, else the lowest it takes.
    var shortestMember: String? { Self.shortest(root).map { String(String.UnicodeScalarView($0)) } }

    /// The longest value the pattern matches, when its length is bounded
    /// (no `*`, `+` or `{n,}` over something that takes a character) and at
    /// most `limit` characters.
    func longestMember(limit: Int = 256) -> String? {
        Self.longest(root, limit: limit).map { String(String.UnicodeScalarView($0)) }
    }

    /// A character `unit` takes: one that reads as a placeholder where one
    /// fits, so a value stands out in the events it is part of.
    private static func sample(_ unit: Unit) -> Unicode.Scalar? {
        for scalar in ["x", "X", "7", "0", "-", "."] as [Unicode.Scalar] where unit.contains(scalar) { return scalar }
        switch unit {
        case .any: return "x"
        case .set(let ranges, let negated):
            guard negated else { return ranges.first?.lowerBound }
            return (33...126).lazy.compactMap(Unicode.Scalar.init).first { unit.contains($0) }
        }
    }

    private static func shortest(_ node: Node) -> [Unicode.Scalar]? {
        switch node {
        case .empty: return []
        case .unit(let unit): return sample(unit).map { [$0] }
        case .sequence(let nodes):
            var joined: [Unicode.Scalar] = []
            for node in nodes {
                guard let part = shortest(node) else { return nil }
                joined += part
            }
            return joined
        case .choice(let options):
            return options.compactMap(shortest).min { $0.count < $1.count }
        case .repeated(let inner, let min, _):
            guard min > 0 else { return [] }
            guard let part = shortest(inner) else { return nil }
            return Array(repeating: part, count: min).flatMap { $0 }
        }
    }

    private static func longest(_ node: Node, limit: Int) -> [Unicode.Scalar]? {
        switch node {
        case .empty: return []
        case .unit(let unit): return sample(unit).map { [$0] }
        case .sequence(let nodes):
            var joined: [Unicode.Scalar] = []
            for node in nodes {
                guard let part = longest(node, limit: limit), joined.count + part.count <= limit else { return nil }
                joined += part
            }
            return joined
        case .choice(let options):
            var best: [Unicode.Scalar]?
            for option in options {
                // One option without a longest value leaves none.
                guard let part = longest(option, limit: limit) else { return nil }
                if part.count > best?.count ?? -1 { best = part }
            }
            return best
        case .repeated(let inner, _, let max):
            guard let part = longest(inner, limit: limit) else { return nil }
            if part.isEmpty { return [] }
            guard let max, max * part.count <= limit else { return nil }
            return Array(repeating: part, count: max).flatMap { $0 }
        }
    }
}
