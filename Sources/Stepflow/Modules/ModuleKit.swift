/// Screens, texts, options and exits that several modules share, written
/// once: "save and come back later" on every question page of a form, a
/// help sheet every module opens.
///
/// A kit lives in a library target that modules may depend on beside
/// `Stepflow` (Stepflow ships `SaveForLater` in `StepflowKits`). It
/// gives the module what its screens need: functions that make screens and
/// actions over the module's own steps, so the steps stay internal. A
/// module that uses a kit names it in ``FeatureModule/kits`` and declares
/// the kit's texts, options and exits among its own;
/// ``ModuleContract`` checks that it does, so a catalog translates the
/// kit's texts in every module, and a manifest routes its exits.
///
/// ```swift
/// public static let kits: [any ModuleKit.Type] = [Audience.self, SaveForLater.self]
/// public static let options = Audience.options + SaveForLater.options
/// public static let texts = TextSpec.list([…]) + SaveForLater.texts
/// ```
public protocol ModuleKit: Sendable {
    /// The kit's name (`saveForLater`): every text key it declares starts
    /// with it and a dot (`saveForLater.title`), so it never clashes with a
    /// module's own.
    static var name: String { get }
    /// The texts its screens show, each under the kit's name.
    static var texts: [TextSpec] { get }
    /// The options it reads (none by default).
    static var options: [OptionSpec] { get }
    /// The exits its screens end through with `options` (none by default).
    static func exits(for options: ModuleOptions) -> [ExitSpec]
}

extension ModuleKit {
    /// No option.
    public static var options: [OptionSpec] { [] }
    /// No exit.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] { [] }
}

extension ModuleContract {
    /// The kits' options `module` does not declare as its kits do: checked
    /// first, since a kit reads its option (a read of an undeclared option
    /// stops the module).
    static func kitOptionViolations(in module: any FeatureModule.Type, options: ModuleOptions) -> [ContractViolation] {
        var found: [ContractViolation] = []
        func add(_ subject: String, _ problem: String, fix: String) {
            found.append(kitViolation(module, options, subject, problem, fix: fix))
        }
        for kit in module.kits {
            for option in kit.options {
                if let own = module.options.first(where: { $0.name == option.name }) {
                    if own != option {
                        add(
                            option.name, "option '\(option.name)' of kit \(kit.name) is declared otherwise here.",
                            fix: "add \(kitName(kit)).options to the module's options, not a copy.")
                    }
                } else {
                    add(
                        option.name, "option '\(option.name)' of kit \(kit.name) is not declared.",
                        fix: "add \(kitName(kit)).options to the module's options.")
                }
            }
        }
        return found
    }

    /// What `module` owes each of its kits with `options` beside their
    /// options: the kit's texts as the kit words them and its exits; and
    /// each kit's own keys under its name.
    static func kitViolations(in module: any FeatureModule.Type, options: ModuleOptions) -> [ContractViolation] {
        var found: [ContractViolation] = []
        func add(_ subject: String, _ problem: String, fix: String) {
            found.append(kitViolation(module, options, subject, problem, fix: fix))
        }
        let texts = Dictionary(module.texts.map { ($0.key, $0) }) { first, _ in first }
        let exits = Set(module.exits(for: options).map(\.name))
        for kit in module.kits {
            let name = kit.name
            for spec in kit.texts {
                if !spec.key.hasPrefix(name + ".") {
                    add(
                        spec.key, "kit \(name)'s text '\(spec.key)' is not under its name.",
                        fix: "key it '\(name).\(spec.key)' in the kit.")
                } else if let own = texts[spec.key], own != spec {
                    add(
                        spec.key, "text '\(spec.key)' of kit \(name) is worded otherwise here.",
                        fix: "declare the kit's own: add \(kitName(kit)).texts to the module's texts, not a copy.")
                } else if texts[spec.key] == nil {
                    add(
                        spec.key, "text '\(spec.key)' of kit \(name) is not declared.",
                        fix: "add \(kitName(kit)).texts to the module's texts.")
                }
            }
            for exit in kit.exits(for: options) where !exits.contains(exit.name) {
                add(
                    exit.name, "exit '\(exit.name)' of kit \(name) is not declared for these options.",
                    fix: "add \(kitName(kit)).exits(for: options) to exits(for:).")
            }
        }
        return found
    }

    private static func kitName(_ kit: any ModuleKit.Type) -> String { String(describing: kit) }

    private static func kitViolation(
        _ module: any FeatureModule.Type, _ options: ModuleOptions, _ subject: String, _ problem: String, fix: String
    ) -> ContractViolation {
        ContractViolation(
            .kitNotDeclared, module: module.id, context: "\(module.id) with \(describe(options))", subject: subject,
            problem: problem, fix: fix)
    }
}
