public import Stepflow

/// Who answers a form's questions: the person claiming, or a caseworker
/// for them (the pages' titles say "you" or "the claimant"). A kit of one
/// option: each question module names it in its `kits`, and the module
/// contract checks that it declares the option as the kit does.
public enum Audience: ModuleKit {
    /// `audience`.
    public static let name = "audience"
    /// No texts: each module words its own titles for both audiences.
    public static let texts: [TextSpec] = []
    /// The option `audience`: `citizen` (default) or `caseworker`.
    public static let options = [
        OptionSpec(
            "audience", .choice(["citizen", "caseworker"]), default: .text("citizen"),
            summary: "Who answers: the person claiming, or a caseworker for them.")
    ]
}
