/// An app variant's metadata.
public struct AppInfo: Hashable, Sendable {
    /// A stable id (`covid-antigen-home`).
    public let id: String
    /// The name people see.
    public let name: String
    /// Who uses it, in the app family's own words (`lay`, `professional`,
    /// `school nurses`); `nil` when the manifest does not say. Stepflow
    /// gives it no meaning: modules that behave differently per audience
    /// take an option (the onboarding's `audience`).
    public let audience: String?

    /// An app's metadata.
    public init(id: String, name: String, audience: String? = nil) {
        self.id = id
        self.name = name
        self.audience = audience
    }
}
