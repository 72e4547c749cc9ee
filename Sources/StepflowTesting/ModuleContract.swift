public import Stepflow

/// Checks that a feature module keeps its public promises.
///
/// For one set of options it explores the module's flow from its entry and
/// reports, as sentences ending in how to fix them:
/// - a declared exit no path reaches, and an exit reached but not declared;
/// - an exit whose handoff fields differ from what it declares;
/// - a step the flow does not handle; a screen with no action;
/// - for a module that declares its texts: a text shown with a key it does
///   not declare, or without a key at all; a key declared twice;
///
/// ```swift
/// for options in ModuleContract.optionSets(for: ProcedureModule.self) {
///     #expect(ModuleContract.problems(in: ProcedureModule.self, options: options) == [])
/// }
/// ```
public enum ModuleContract {
    /// What is wrong with `module` for `options`; empty when nothing is.
    ///
    /// The flow is explored from every entry its ``FeatureModule/entryFields``
    /// allow (see ``entryHandoffs(for:extra:)``), and the findings combined:
    /// an exit counts as reached when some entry reaches it.
    public static func problems(
        in module: any FeatureModule.Type,
        options: ModuleOptions,
        handoffs: [Handoff]? = nil,
        environment: ModuleEnvironment = ModuleEnvironment(clock: ManualClock())
    ) -> [String] {
        var exploration = FlowExplorer.Exploration()
        for handoff in handoffs ?? entryHandoffs(for: module) {
            let launch = module.launch(instance: module.id, options: options, environment: environment, handoff: handoff)
            let found = FlowExplorer.explore(launch)
            for name in found.exitNames where !exploration.exitNames.contains(name) { exploration.exitNames.append(name) }
            exploration.handoffs.merge(found.handoffs) { first, _ in first }
            exploration.unhandledSteps += found.unhandledSteps.filter { !exploration.unhandledSteps.contains($0) }
            exploration.screensWithoutActions += found.screensWithoutActions.filter { !exploration.screensWithoutActions.contains($0) }
            exploration.textKeys = Array(Set(exploration.textKeys + found.textKeys)).sorted()
            exploration.literalTexts = Array(Set(exploration.literalTexts + found.literalTexts)).sorted()
            exploration.isTruncated = exploration.isTruncated || found.isTruncated
        }
        let declared = module.exits(for: options)
        let declaredNames = declared.map(\.name)
        var problems: [String] = []
        let context = "\(module.id) with \(describe(options))"
        for name in declaredNames where !exploration.exitNames.contains(name) {
            problems.append("\(context): declared exit '\(name)' is never reached. To fix, reach it or stop declaring it for these options.")
        }
        for name in exploration.exitNames where !declaredNames.contains(name) {
            problems.append("\(context): exit '\(name)' is reached but not declared. To fix, add it to exits(for:).")
        }
        for (exit, handoff) in exploration.handoffs.sorted(by: { $0.key < $1.key }) {
            let name = exit.firstIndex(of: "(").map { String(exit[..<$0]) } ?? exit
            guard let spec = declared.first(where: { $0.name == name }) else { continue }
            let expected = Set(spec.fields.map(\.name))
            let given = Set(handoff.fields.keys)
            if expected != given {
                problems.append("\(context): exit \(exit) hands on \(given.sorted()) but declares \(expected.sorted()). To fix, make the handoff match the ExitSpec.")
            }
            for field in spec.fields {
                if let value = handoff.fields[field.name], !field.kind.accepts(value) {
                    problems.append("\(context): exit \(exit) hands on \(field.name) = \(value), which is not \(field.kind).")
                }
            }
        }
        for step in exploration.unhandledSteps {
            problems.append("\(context): step '\(step)' is reachable but not handled. To fix, handle it in navigate(to:).")
        }
        for screen in exploration.screensWithoutActions {
            problems.append("\(context): screen '\(screen)' has no action, so nobody can leave it. To fix, give it an action.")
        }
        if exploration.isTruncated {
            problems.append("\(context): more than 100,000 steps are reachable; a step payload probably grows without bound.")
        }
        // A module that declares its texts shows only those: a literal or
        // an undeclared key could not be re-worded or translated.
        if !module.texts.isEmpty {
            let declaredKeys = Set(module.texts.map(\.key))
            for key in exploration.textKeys where !declaredKeys.contains(key) {
                problems.append("\(context): text '\(key)' is shown but not declared. To fix, add TextSpec(\"\(key)\", …) to the module's texts.")
            }
            for literal in exploration.literalTexts {
                problems.append("\(context): \(literal) is shown without a key, so no manifest can re-word it and no catalog translate it. To fix, declare it and show it through ModuleTexts.")
            }
            var seen: Set<String> = []
            for spec in module.texts where !seen.insert(spec.key).inserted {
                problems.append("\(module.id): text '\(spec.key)' is declared twice. To fix, give each text its own key.")
            }
        }
        return problems
    }

    /// Every entry a module's ``FeatureModule/entryFields`` allow: each
    /// combination of choice and boolean values, integers at their bounds,
    /// text as `"T-1"`; `extra` fields added to each.
    public static func entryHandoffs(for module: any FeatureModule.Type, extra: [String: ModuleValue] = [:]) -> [Handoff] {
        var combinations: [[String: ModuleValue]] = [extra]
        for field in module.entryFields {
            combinations = combinations.flatMap { partial in
                let present = values(of: field.kind, default: .text("T-1")).map { partial.merging([field.name: $0]) { $1 } }
                // An optional field may also be missing, unless given in `extra`.
                return field.isRequired || extra[field.name] != nil ? present : present + [partial]
            }
        }
        return combinations.map(Handoff.init)
    }

    private static func values(of kind: ValueKind, default defaultValue: ModuleValue) -> [ModuleValue] {
        switch kind {
        case .choice(let choices): choices.map(ModuleValue.text)
        case .boolean: [.boolean(false), .boolean(true)]
        case .integer(let range): [.integer(range.lowerBound), .integer(range.upperBound)]
        case .text: [defaultValue]
        }
    }

    /// Option sets that cover a module: every choice value and boolean,
    /// each integer at its bounds and default, combined; text at its default.
    public static func optionSets(for module: any FeatureModule.Type) -> [ModuleOptions] {
        var combinations: [[String: ModuleValue]] = [[:]]
        for spec in module.options {
            let values: [ModuleValue]
            switch spec.kind {
            case .choice(let choices): values = choices.map(ModuleValue.text)
            case .boolean: values = [.boolean(false), .boolean(true)]
            case .integer(let range):
                var numbers = [range.lowerBound]
                if case .integer(let value) = spec.defaultValue, !numbers.contains(value) { numbers.append(value) }
                if !numbers.contains(range.upperBound) { numbers.append(range.upperBound) }
                values = numbers.map(ModuleValue.integer)
            case .text: values = [spec.defaultValue]
            }
            combinations = combinations.flatMap { partial in
                values.map { value in partial.merging([spec.name: value]) { $1 } }
            }
        }
        return combinations.map { ModuleOptions(specs: module.options, values: $0) }
    }

    private static func describe(_ options: ModuleOptions) -> String {
        options.values.isEmpty ? "no options" : options.values.keys.sorted().map { "\($0): \(options.values[$0]!)" }.joined(separator: ", ")  // keys from values
    }
}
