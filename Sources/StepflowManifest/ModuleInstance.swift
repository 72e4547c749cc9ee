package import Stepflow

/// One use of a module in a manifest.
package struct ModuleInstance: Hashable, Sendable {
    /// The instance id, unique in the manifest (`test`); qualifies its steps.
    package let id: String
    /// The module's id (`procedure`).
    package let module: String
    /// The options, with defaults filled in.
    package let options: ModuleOptions
    /// The exits the module can take with these options.
    package let exits: [ExitSpec]
    /// The texts of translatable options given per locale, by option
    /// name and locale (`hours` → `de` → "montags …"). An option given as
    /// one string for every locale is not here.
    package let optionTexts: [String: [String: String]]
    /// Where each option the manifest gives is written.
    package let optionLocations: [String: TextLocation]
    /// Options that do not apply with the others' values (a lab for lay
    /// advice): required only elsewhere, and not given. They hold the
    /// module's example so the module can be made, but nothing shows or
    /// compares them.
    package let inapplicableOptions: Set<String>
    /// The options whose values are words a person reads
    /// (`OptionSpec.isTranslatable`) and that apply here, in the
    /// module's order: what is shown per locale, and what the String
    /// Catalog may translate (`option:<instance>.<option>`).
    package let translatableOptions: [String]

    /// The options that apply, with their values: given, or defaulted.
    package var applicableOptions: [String: ModuleValue] {
        options.values.filter { !inapplicableOptions.contains($0.key) }
    }

    /// An instance of `module` with `options`, taking `exits`.
    package init(
        id: String, module: String, options: ModuleOptions, exits: [ExitSpec],
        optionTexts: [String: [String: String]] = [:],
        optionLocations: [String: TextLocation] = [:], inapplicableOptions: Set<String> = [],
        translatableOptions: [String] = []
    ) {
        self.inapplicableOptions = inapplicableOptions
        self.translatableOptions = translatableOptions
        self.id = id
        self.module = module
        self.options = options
        self.exits = exits
        self.optionTexts = optionTexts
        self.optionLocations = optionLocations
    }
}
