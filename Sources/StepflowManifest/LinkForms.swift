import Stepflow

// The forms an address takes as the platform hands it over, and the
// variant's words around its links.

extension AppInfo {
    /// `address` (relative, `kept/normal/P-1024`) in each form the
    /// platform can hand the app: as it is, in its ``linkScheme``, on each
    /// of its ``linkHosts``.
    package func linkForms(of address: String) -> [String] {
        [address] + (linkScheme.map { ["\($0)://\(address)"] } ?? []) + linkHosts.map { "https://\($0)/\(address)" }
    }
}

extension Manifest {
    /// The reason a declining `route` gives in `locale`: the manifest's
    /// words for that locale, else the String Catalog's
    /// (`link:<pattern>`, ``VariantTexts/linkReasonKey(pattern:)``), else
    /// the one string the manifest gives when `locale` is its first;
    /// `nil` when the route does not decline or has no words in `locale`.
    package func declineReason(of route: LinkRoute, in locale: String) -> String? {
        guard case .decline(let reason) = route.policy else { return nil }
        if let words = route.reasons[locale] { return words }
        if let words = texts.linkReason(pattern: route.pattern, locale: locale) { return words }
        return route.reasons.isEmpty && locale == (locales.first ?? "en") ? reason : nil
    }

    /// An address the variant opens, for examples: its first route with
    /// each parameter's first representative value (`kept/normal/P-1024`);
    /// `nil` when it routes none.
    package var exampleLinkAddress: String? {
        guard let route = links.first else { return nil }
        var values: [String: String] = [:]
        for spec in route.link.parameters where route.parameterNames.contains(spec.name) {
            values[spec.name] = spec.representativeTexts.first
        }
        return route.address(with: values)
    }
}

extension RootFlow {
    /// `address` (canonical, relative) in every form the platform may hand
    /// the app, each with the name of the form: in its scheme, as a
    /// universal link on each host, with a trailing `/`, with every byte
    /// of its last segment percent-encoded, with a query of no declared
    /// parameter, with a fragment. ``route(link:)`` must give each the
    /// delivery it gives `address`: the proof the link forms open alike.
    package func platformForms(of address: String) -> [(form: String, address: String)] {
        let app = manifest.app
        var forms: [(form: String, address: String)] = []
        if let scheme = app.linkScheme { forms.append(("scheme \(scheme)", "\(scheme)://\(address)")) }
        forms += app.linkHosts.map { ("https on \($0)", "https://\($0)/\(address)") }
        let path = address.prefix { $0 != "?" }
        let query = address.dropFirst(path.count)
        forms.append(("trailing /", path + "/" + query))
        if let slash = path.lastIndex(of: "/"), let last = LinkAddress.decoded(path[path.index(after: slash)...]) {
            let encoded = last.utf8.map { "%" + ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
            forms.append(("percent-encoded", path[...slash] + encoded + query))
        }
        let declared = Set(manifest.links.flatMap { $0.link.parameters.map(\.name) })
        let ignored = ["utm_source", "src", "ref"].first { !declared.contains($0) } ?? "stepflow-ignored"
        forms.append(("ignored query", address + (query.isEmpty ? "?" : "&") + "\(ignored)=push"))
        forms.append(("fragment", address + "#top"))
        return forms
    }
}
