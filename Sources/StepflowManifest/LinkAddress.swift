import Stepflow

/// An outside address read as the platform hands it to an app: a path
/// relative to the app (`kept/normal/P-1024`), a URL in the variant's
/// custom scheme (`org.example.clinic://kept/normal/P-1024`, where iOS
/// calls the first segment the host) or a universal link on one of its
/// hosts (`https://clinic.example.org/kept/normal/P-1024`).
///
/// One trailing `/` is dropped, each segment and each query item is
/// percent-decoded, a fragment (`#…`) is dropped. What the platform would
/// not deliver to this variant (another scheme, another host, a broken
/// percent-encoding) is refused, saying what the variant opens.
package struct LinkAddress: Hashable, Sendable {
    /// The path's segments, decoded.
    package var segments: [String]
    /// The query's items, decoded, in order.
    package var query: [QueryItem]

    /// One `name=value` of a query.
    package struct QueryItem: Hashable, Sendable {
        /// The name, decoded.
        package var name: String
        /// The value, decoded; empty when the item has no `=`.
        package var value: String
    }

    /// How `address` failed to read: the message's middle, after
    /// `'<address>' is no link of <app>:`.
    package enum Problem: Error, Hashable, Sendable {
        /// A URL of a scheme the app does not declare.
        case scheme(String)
        /// A universal link to a host the app does not declare.
        case host(String)
        /// A `%` not followed by two hex digits, or bytes that are no UTF-8.
        case encoding(String)
        /// An empty segment (`kept//P-1024`).
        case emptySegment
    }

    /// Reads `address` for an app that declares `scheme` and `hosts`.
    package static func read(_ address: String, scheme: String?, hosts: [String]) -> Result<LinkAddress, Problem> {
        var text = Substring(address)
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        var queryText: Substring?
        if let mark = text.firstIndex(of: "?") {
            queryText = text[text.index(after: mark)...]
            text = text[..<mark]
        }
        if let separator = text.firstRange(of: "://") {
            let written = text[..<separator.lowerBound]
            let rest = text[separator.upperBound...]
            let lowered = written.lowercased()
            if lowered == "https", !hosts.isEmpty {
                let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
                let host = rest[..<hostEnd].lowercased()
                guard hosts.contains(where: { $0.lowercased() == host }) else { return .failure(.host(host)) }
                text = rest[hostEnd...]
            } else if let scheme, lowered == scheme.lowercased() {
                text = rest
            } else {
                return .failure(.scheme(String(written)))
            }
        }
        if text.hasPrefix("/") { text = text.dropFirst() }
        if text.hasSuffix("/") { text = text.dropLast() }
        var segments: [String] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: false) {
            guard !part.isEmpty else { return .failure(.emptySegment) }
            guard let decoded = decoded(part) else { return .failure(.encoding(String(part))) }
            segments.append(decoded)
        }
        var query: [QueryItem] = []
        for item in queryText?.split(separator: "&") ?? [] {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decoded(pair[0]), let value = decoded(pair.count > 1 ? pair[1] : "") else {
                return .failure(.encoding(String(item)))
            }
            query.append(QueryItem(name: name, value: value))
        }
        return .success(LinkAddress(segments: segments, query: query))
    }

    /// `text` with each `%XX` replaced by its byte, read as UTF-8; `nil`
    /// when a `%` is not followed by two hex digits or the bytes are no
    /// UTF-8.
    static func decoded(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.popFirst().flatMap(hexDigit), let low = utf8.popFirst().flatMap(hexDigit) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `value` written so that ``read(_:scheme:hosts:)`` gives it back as
    /// one segment or query value: `%`, `/`, `?`, `#`, `&`, `=`, spaces
    /// and controls percent-encoded, everything else as it is.
    package static func encoded(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            if "%/?#&=".unicodeScalars.contains(scalar) || scalar.properties.isWhitespace
                || scalar.properties.generalCategory == .control
            {
                for byte in String(scalar).utf8 {
                    out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
