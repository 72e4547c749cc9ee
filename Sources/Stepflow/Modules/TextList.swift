extension TextSpec {
    /// What a key says in English: a string literal, or ``counted(one:other:count:)``
    /// for a text whose words follow a number.
    ///
    /// Placeholders are named in braces (`{reference}`) and filled with
    /// `text["sent.body", ["reference": reference]]`.
    public struct English: ExpressibleByStringLiteral, Hashable, Sendable {
        let other: String
        let one: String?
        let count: String?

        /// A text as written.
        public init(stringLiteral value: String) {
            self.other = value
            self.one = nil
            self.count = nil
        }

        private init(one: String, other: String, count: String) {
            self.other = other
            self.one = one
            self.count = count
        }

        /// A text whose words follow the number in placeholder `count`
        /// (`{count}` by default): `one` where the language counts it as
        /// one, `other` otherwise.
        public static func counted(one: String, other: String, count: String = "count") -> Self {
            Self(one: one, other: other, count: count)
        }
    }

    /// A module's texts, each key beside its English, in the order written:
    ///
    /// ```swift
    /// public static let texts = TextSpec.list([
    ///     "list.title": .counted(one: "You have added {count} child", other: "You have added {count} children"),
    ///     "list.child": "{name}, born {born}",
    /// ])
    /// ```
    ///
    /// The same as writing each ``TextSpec`` out: a key written twice is
    /// kept twice, so ``ModuleContract`` reports it.
    public static func list(_ texts: KeyValuePairs<String, English>) -> [TextSpec] {
        texts.map { key, english in
            if let one = english.one, let count = english.count {
                TextSpec(key, one: one, other: english.other, count: count)
            } else {
                TextSpec(key, english.other)
            }
        }
    }
}
