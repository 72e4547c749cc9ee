/// An app variant's metadata.
package struct AppInfo: Hashable, Sendable {
    /// A stable id (`covid-antigen-home`).
    package let id: String
    /// The name people see.
    package let name: String
    /// Who uses it, in the app family's own words (`lay`, `professional`,
    /// `school nurses`); `nil` when the manifest does not say. Stepflow
    /// gives it no meaning: modules that behave differently per audience
    /// take an option (the onboarding's `audience`).
    package let audience: String?
    /// The custom URL scheme the app registers (iOS's
    /// `CFBundleURLSchemes`), the manifest's `linkScheme`: a link reaches
    /// the app as `<scheme>://kept/normal/P-1024`. `nil` when it declares
    /// none.
    package let linkScheme: String?
    /// The hosts of the app's universal links (its associated domains),
    /// the manifest's `linkHosts`: a link reaches the app as
    /// `https://<host>/kept/normal/P-1024`. Empty when it declares none.
    package let linkHosts: [String]

    /// An app's metadata.
    ///
    /// - Parameters:
    ///   - id: A stable id.
    ///   - name: The name people see.
    ///   - audience: Who uses it, in the app family's own words.
    ///   - linkScheme: The custom URL scheme the app registers.
    ///   - linkHosts: The hosts of its universal links.
    package init(
        id: String, name: String, audience: String? = nil, linkScheme: String? = nil, linkHosts: [String] = []
    ) {
        self.id = id
        self.name = name
        self.audience = audience
        self.linkScheme = linkScheme
        self.linkHosts = linkHosts
    }
}
