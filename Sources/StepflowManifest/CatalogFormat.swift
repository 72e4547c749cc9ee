package import Stepflow

/// A counted text as Xcode's String Catalog holds it: Xcode chooses a
/// plural form by a format argument, so a text that varies by plural
/// writes its placeholders as format specifiers, `%lld` for the count
/// (`Read the result within %lld minutes.`), positional when there are
/// several (`%1$lld`, `%2$@`), and a literal `%` as `%%`. Stepflow's own
/// templates name them (`{minutes}`): `strings` writes the specifiers, and
/// a catalog is read in either form.
package enum CatalogFormat {
    /// `text` with its `{name}` placeholders as format specifiers, in the
    /// order `placeholders` gives them (the English's), `counted` an
    /// integer and the others objects; a literal `%` doubled.
    package static func specifiers(_ text: String, placeholders: [String], counted: String) -> String {
        var out = text.replacing("%", with: "%%")
        for (index, name) in placeholders.enumerated() {
            let kind = name == counted ? "lld" : "@"
            out = out.replacing("{\(name)}", with: placeholders.count == 1 ? "%\(kind)" : "%\(index + 1)$\(kind)")
        }
        return out
    }

    /// `text` with its format specifiers as `{name}` placeholders: a
    /// positional `%N$…` is the N-th of `placeholders`, a plain one the
    /// next in turn; `%%` a literal `%`. Text with no specifier is as it is.
    package static func named(_ text: String, placeholders: [String]) -> String {
        guard text.contains("%") else { return text }
        var out = ""
        var next = 0
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                out += "%"
                rest = rest.dropFirst()
                continue
            }
            // An optional position, then a conversion (`lld`, `d`, `@`, …).
            var position: Int?
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(digits)
                rest = rest.dropFirst(digits.count + 1)
            }
            let lengths = rest.prefix { "lhqjzt".contains($0) }
            let after = rest.dropFirst(lengths.count)
            guard let conversion = after.first, "@diuxXfFeEgGs".contains(conversion), lengths.count <= 2 else {
                // Not a specifier: the `%` as written.
                out += "%"
                if let position { out += "\(position)$" }
                continue
            }
            let index = (position.map { $0 - 1 }) ?? next
            next = index + 1
            out += placeholders.indices.contains(index) ? "{\(placeholders[index])}" : "%"
            rest = after.dropFirst()
        }
        return out + rest
    }

    /// The placeholders of `spec`'s English in the order they first
    /// appear: the order of a counted text's specifiers.
    package static func order(of spec: TextSpec) -> [String] {
        var seen: [String] = []
        let english = (spec.plural.map { [$0.one] } ?? []) + [spec.english]
        for text in english.reversed() {
            for name in TextTemplate.placeholders(in: text) where !seen.contains(name) { seen.append(name) }
        }
        return seen
    }

    /// `template` read back to `{name}` placeholders when its text counts.
    package static func named(_ template: TextTemplate, placeholders: [String]) -> TextTemplate {
        TextTemplate(
            other: named(template.other, placeholders: placeholders),
            one: template.one.map { named($0, placeholders: placeholders) }, count: template.count)
    }
}
