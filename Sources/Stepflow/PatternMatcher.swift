/// The regular expressions a ``ValueRule/pattern(_:)`` may use, read and
/// matched here, so a value's class is the same in the engine, on every
/// platform, and in a browser (JavaScript reads the same subset alike):
/// literal characters, `.`, `\d`, `\w`, `\s` and escaped punctuation,
/// classes `[A-Z0-9_-]` and `[^…]`, groups `(…)`, alternation `|`, and
/// the quantifiers `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`. A pattern
/// matches a value as a whole (as if between `^` and `$`).
struct PatternMatcher: Sendable {
    /// `pattern` read; `nil` when it is not one. (Not cached: the tree's
    /// enum payloads carry their tags in pointer bits, which LeakSanitizer
    /// cannot follow, so a cache of them reads as a leak to the fuzzers.)
    static func compiled(_ pattern: String) -> PatternMatcher? { PatternMatcher(pattern) }

    indirect enum Node: Sendable {
        case empty
        case unit(Unit)
        case sequence([Node])
        case choice([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    enum Unit: Sendable {
        case any
        case set([ClosedRange<Unicode.Scalar>], negated: Bool)

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .any: scalar != "\n" && scalar != "\r"
            case .set(let ranges, let negated): ranges.contains { $0.contains(scalar) } != negated
            }
        }
    }

    /// How many steps a match may still take.
    private final class Budget {
        var left = 100_000
    }

    let root: Node

    /// The pattern, or `nil` when it uses what the subset leaves out (or
    /// is not a pattern at all).
    init?(_ pattern: String) {
        var reader = Reader(scalars: Array(pattern.unicodeScalars))
        guard let root = reader.alternation(), reader.index == reader.scalars.count else { return nil }
        self.root = root
    }

    /// Whether the whole of `value` matches.
    func matchesWhole(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        return Self.match(root, scalars, 0, Budget()) { $0 == scalars.count }
    }

    /// Matches `node` at `index`, then asks `rest` about where it ended;
    /// backtracks over every way `node` can match. `budget` bounds the
    /// work, so a hostile pattern cannot hang the engine (it then fails).
    private static func match(
        _ node: Node, _ input: [Unicode.Scalar], _ index: Int, _ budget: Budget, _ rest: (Int) -> Bool
    ) -> Bool {
        budget.left -= 1
        guard budget.left > 0 else { return false }
        switch node {
        case .empty:
            return rest(index)
        case .unit(let unit):
            guard index < input.count, unit.contains(input[index]) else { return false }
            return rest(index + 1)
        case .sequence(let nodes):
            return matchSequence(nodes[...], input, index, budget, rest)
        case .choice(let options):
            for option in options where match(option, input, index, budget, rest) { return true }
            return false
        case .repeated(let inner, let min, let max):
            return matchRepeat(inner, min: min, max: max, count: 0, input, index, budget, rest)
        }
    }

    private static func matchSequence(
        _ nodes: ArraySlice<Node>, _ input: [Unicode.Scalar], _ index: Int, _ budget: Budget,
        _ rest: (Int) -> Bool
    ) -> Bool {
        guard let first = nodes.first else { return rest(index) }
        return match(first, input, index, budget) { next in
            matchSequence(nodes.dropFirst(), input, next, budget, rest)
        }
    }

    private static func matchRepeat(
        _ node: Node, min: Int, max: Int?, count: Int, _ input: [Unicode.Scalar], _ index: Int,
        _ budget: Budget, _ rest: (Int) -> Bool
    ) -> Bool {
        // Greedy: one more first, then stop where allowed.
        if max.map({ count < $0 }) ?? true {
            let found = match(node, input, index, budget) { next in
                // An empty match would repeat for ever: once it matches
                // empty, it can fill the remaining minimum the same way.
                next == index
                    ? rest(next) : matchRepeat(node, min: min, max: max, count: count + 1, input, next, budget, rest)
            }
            if found { return true }
        }
        return count >= min && rest(index)
    }

    /// Reads a pattern by recursive descent.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func alternation() -> Node? {
            var options: [Node] = []
            guard let first = sequence() else { return nil }
            options.append(first)
            while peek == "|" {
                index += 1
                guard let next = sequence() else { return nil }
                options.append(next)
            }
            return options.count == 1 ? options[0] : .choice(options)
        }

        mutating func sequence() -> Node? {
            var nodes: [Node] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                guard let atom = atom(), let quantified = quantified(atom) else { return nil }
                nodes.append(quantified)
            }
            return nodes.isEmpty ? .empty : nodes.count == 1 ? nodes[0] : .sequence(nodes)
        }

        mutating func atom() -> Node? {
            guard let scalar = peek else { return nil }
            index += 1
            switch scalar {
            case "(":
                // Only plain groups: (?:…), look-arounds and names are left out.
                if peek == "?" { return nil }
                guard let inner = alternation(), peek == ")" else { return nil }
                index += 1
                return inner
            case ".": return .unit(.any)
            case "[": return set()
            case "\\": return escape(inClass: false).map { .unit(.set($0, negated: false)) }
            case "*", "+", "?", "{", "}", ")", "]", "^", "$": return nil
            default: return .unit(.set([scalar...scalar], negated: false))
            }
        }

        mutating func quantified(_ atom: Node) -> Node? {
            switch peek {
            case "?":
                index += 1
                return .repeated(atom, min: 0, max: 1)
            case "*":
                index += 1
                return .repeated(atom, min: 0, max: nil)
            case "+":
                index += 1
                return .repeated(atom, min: 1, max: nil)
            case "{":
                index += 1
                guard let low = number() else { return nil }
                var high: Int? = low
                if peek == "," {
                    index += 1
                    high = peek == "}" ? nil : number()
                    if high == nil && peek != "}" { return nil }
                }
                guard peek == "}", high.map({ $0 >= low }) ?? true, low <= 1000, (high ?? 0) <= 1000 else {
                    return nil
                }
                index += 1
                return .repeated(atom, min: low, max: high)
            default: return atom
            }
        }

        mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while let scalar = peek, ("0"..."9").contains(scalar), digits < 5 {
                value = value * 10 + Int(scalar.value - 48)
                digits += 1
                index += 1
            }
            return digits == 0 ? nil : value
        }

        /// After a `\`: `\d`, `\w`, `\s`, or an escaped punctuation mark.
        mutating func escape(inClass: Bool) -> [ClosedRange<Unicode.Scalar>]? {
            guard let scalar = peek else { return nil }
            index += 1
            switch scalar {
            case "d": return ["0"..."9"]
            case "w": return ["a"..."z", "A"..."Z", "0"..."9", "_"..."_"]
            case "s": return [" "..." ", "\t"..."\t", "\n"..."\n", "\r"..."\r"]
            default:
                // Letters and digits escaped mean other things in each
                // language (\b, \1, \u…): left out.
                guard scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) else {
                    return nil
                }
                return [scalar...scalar]
            }
        }

        mutating func set() -> Node? {
            var negated = false
            if peek == "^" {
                negated = true
                index += 1
            }
            var ranges: [ClosedRange<Unicode.Scalar>] = []
            while let scalar = peek, scalar != "]" {
                index += 1
                var low: Unicode.Scalar
                if scalar == "\\" {
                    guard let escaped = escape(inClass: true) else { return nil }
                    if escaped.count != 1 || escaped[0].lowerBound != escaped[0].upperBound {
                        ranges += escaped
                        continue
                    }
                    low = escaped[0].lowerBound
                } else if scalar == "[" {
                    return nil
                } else {
                    low = scalar
                }
                if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    guard var high = peek else { return nil }
                    index += 1
                    if high == "\\" {
                        guard let escaped = escape(inClass: true), escaped.count == 1,
                            escaped[0].lowerBound == escaped[0].upperBound
                        else { return nil }
                        high = escaped[0].lowerBound
                    }
                    guard low <= high else { return nil }
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            }
            guard peek == "]", !ranges.isEmpty else { return nil }
            index += 1
            return .unit(.set(ranges, negated: negated))
        }
    }
}
