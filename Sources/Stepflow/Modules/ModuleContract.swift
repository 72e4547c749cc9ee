/// Checks that a feature module keeps its public promises.
///
/// For one set of options it explores the module's flow from every entry
/// its ``FeatureModule/entryFields`` allow and reports each broken promise
/// as a message naming the module, the place and the fix:
/// - a declared exit no path reaches, and an exit reached but not declared;
/// - an exit whose handoff fields differ from what it declares;
/// - a step the flow does not handle; a screen with no action;
/// - a declared link its launch maps to no step (each link is opened with
///   representative arguments on every entry, and the run it starts is
///   explored as the entry's is);
/// - for a module that declares its texts: a text shown with a key it does
///   not declare, or without a key at all; a key declared twice.
///
/// The manifest loader runs the same check for every instance a manifest
/// names, with the instance's own options, so `validate`, `check`, `report`
/// and `walk` refuse a variant whose module breaks its contract. In a
/// module's own tests:
///
/// ```swift
/// for options in ModuleContract.optionSets(for: ProcedureModule.self) {
///     #expect(ModuleContract.problems(in: ProcedureModule.self, options: options) == [])
/// }
/// ```
public enum ModuleContract {
    /// What is wrong with `module` for `options`, as sentences ending in
    /// how to fix them; empty when nothing is.
    ///
    /// The flow is explored from every entry its ``FeatureModule/entryFields``
    /// allow (see ``entryHandoffs(for:extra:)``), and the findings combined:
    /// an exit counts as reached when some entry reaches it.
    public static func problems(
        in module: any FeatureModule.Type,
        options: ModuleOptions,
        handoffs: [Handoff]? = nil,
        environment: ModuleEnvironment = ModuleEnvironment(clock: IdleClock())
    ) -> [String] {
        violations(in: module, options: options, handoffs: handoffs, environment: environment).map(\.description)
    }

    /// What is wrong with `module` for `options`, as typed values; empty
    /// when nothing is. See ``problems(in:options:handoffs:environment:)``.
    ///
    /// - Complexity: one exploration of the engine's states from each entry.
    package static func violations(
        in module: any FeatureModule.Type,
        options: ModuleOptions,
        handoffs: [Handoff]? = nil,
        environment: ModuleEnvironment = ModuleEnvironment(clock: IdleClock())
    ) -> [ContractViolation] {
        // A kit reads its own option: without it, nothing else can run.
        let kitOptions = kitOptionViolations(in: module, options: options)
        if !kitOptions.isEmpty { return kitOptions }
        var exploration = FlowExplorer.Exploration()
        func merge(_ found: FlowExplorer.Exploration) {
            for name in found.exitNames where !exploration.exitNames.contains(name) {
                exploration.exitNames.append(name)
            }
            exploration.handoffs.merge(found.handoffs) { first, _ in first }
            exploration.exitNamesByID.merge(found.exitNamesByID) { first, _ in first }
            exploration.unhandledSteps += found.unhandledSteps.filter { !exploration.unhandledSteps.contains($0) }
            exploration.screensWithoutActions += found.screensWithoutActions.filter {
                !exploration.screensWithoutActions.contains($0)
            }
            exploration.textKeys = Array(Set(exploration.textKeys + found.textKeys)).sorted()
            exploration.literalTexts = Array(Set(exploration.literalTexts + found.literalTexts)).sorted()
            exploration.isTruncated = exploration.isTruncated || found.isTruncated
            exploration.recordRefusals += found.recordRefusals.filter { !exploration.recordRefusals.contains($0) }
            exploration.recordWrites = Array(Set(exploration.recordWrites + found.recordWrites)).sorted()
        }
        // A module that uses the record runs as an instance under its own
        // declarations, from every record its reads allow.
        let specs = module.record(for: options)
        let contexts: [FlowExplorer.RecordContext?] =
            specs.isEmpty
            ? [nil]
            : recordSeeds(for: specs).map {
                FlowExplorer.RecordContext(instance: module.id, declaring: specs, seed: $0)
            }
        let declaredLinks = module.links(for: options)
        // Each declared link, opened with each representative argument on
        // each entry: the step it maps to, and the run that starts there.
        var unmapped: [String: ModuleLink] = [:]
        for handoff in handoffs ?? entryHandoffs(for: module) {
            let launch = module.launch(
                instance: module.id, options: options, environment: environment, handoff: handoff)
            for context in contexts { merge(FlowExplorer.explore(launch, record: context)) }
            for spec in declaredLinks {
                for link in representativeLinks(of: spec) {
                    if let started = launch.starting(at: link) {
                        // A flow may decline a link (validation reports
                        // where); the steps after it must be handled.
                        for context in contexts {
                            var found = FlowExplorer.explore(started, record: context)
                            found.unhandledSteps.removeAll { $0 == started.entry.stepID }
                            merge(found)
                        }
                    } else if unmapped[spec.name] == nil {
                        unmapped[spec.name] = link
                    }
                }
            }
        }
        let declared = module.exits(for: options)
        let declaredNames = declared.map(\.name)
        let context = "\(module.id) with \(describe(options))"
        var found: [ContractViolation] = []
        func add(
            _ kind: ContractViolation.Kind, _ subject: String, _ problem: String, fix: String?,
            context: String = context
        ) {
            found.append(
                ContractViolation(
                    kind, module: module.id, context: context, subject: subject, problem: problem, fix: fix))
        }
        for name in declaredNames where !exploration.exitNames.contains(name) {
            add(
                .unreachedExit, name,
                "declared exit '\(name)' is never reached.",
                fix: "reach it or stop declaring it for these options.")
        }
        for name in exploration.exitNames where !declaredNames.contains(name) {
            add(.undeclaredExit, name, "exit '\(name)' is reached but not declared.", fix: "add it to exits(for:).")
        }
        for (exit, handoff) in exploration.handoffs.sorted(by: { $0.key < $1.key }) {
            guard let name = exploration.exitNamesByID[exit], let spec = declared.first(where: { $0.name == name })
            else { continue }
            let expected = Set(spec.fields.map(\.name))
            let given = Set(handoff.fields.keys)
            if expected != given {
                add(
                    .handoffMismatch, exit,
                    "exit \(exit) hands on \(given.sorted()) but declares \(expected.sorted()).",
                    fix: "make the handoff match the ExitSpec."
                )
            }
            for field in spec.fields {
                if let value = handoff.fields[field.name], !field.kind.accepts(value) {
                    add(
                        .handoffValue, exit,
                        "exit \(exit) hands on \(field.name) = \(value), which is not \(field.kind).",
                        fix: "hand on a value \(field.kind) accepts, or widen the field's kind.")
                }
            }
        }
        for spec in declaredLinks {
            guard let link = unmapped[spec.name] else { continue }
            add(
                .unmappedLink, spec.name,
                "declared link '\(spec.name)' opened as \(link) maps to no step, so every address routed to it "
                    + "would be refused.",
                fix: "map it in ModuleLaunch(_:entry:links:), or stop declaring it for these options.")
        }
        for step in exploration.unhandledSteps {
            add(
                .unhandledStep, step, "step '\(step)' is reachable but not handled.", fix: "handle it in navigate(to:)."
            )
        }
        for screen in exploration.screensWithoutActions {
            add(
                .screenWithoutAction, screen,
                "screen '\(screen)' has no action, so nobody can leave it.", fix: "give it an action.")
        }
        // Classes are checked on a link's parameters only: declared on a
        // handoff field they would be promised and never checked.
        let handoffFields =
            module.entryFields(for: options).map { ("entry field '\($0.name)'", $0) }
            + declared.flatMap { exit in exit.fields.map { ("exit '\(exit.name)', field '\($0.name)'", $0) } }
        for (place, field) in handoffFields where !field.classes.isEmpty {
            add(
                .fieldDeclaration, field.name,
                "\(place) declares value classes, which are checked on a link's parameters only.",
                fix: "drop them, and check the value where the flow reads it.")
        }
        for spec in declaredLinks {
            for parameter in spec.parameters {
                for problem in parameter.entryField?.declarationProblems ?? [] {
                    add(.fieldDeclaration, spec.name, "link '\(spec.name)': \(problem.problem)", fix: problem.fix)
                }
            }
        }
        for found in exploration.fieldProblems {
            add(.fieldDeclaration, found.screen, "screen '\(found.screen)': \(found.problem)", fix: found.fix)
        }
        for refusal in exploration.recordRefusals {
            add(.undeclaredRecord, "record", refusal, fix: nil)
        }
        for spec in specs where spec.access == .writes && !exploration.recordWrites.contains(spec.key) {
            add(
                .unwrittenRecord, spec.key,
                "record entry '\(spec.key)' is declared written, and no walk writes it.",
                fix: "write it, or stop declaring it for these options.")
        }
        var seenKeys: Set<String> = []
        for spec in specs {
            if !seenKeys.insert("\(spec.access.rawValue) \(spec.key)").inserted {
                add(
                    .recordDeclaration, spec.key,
                    "record entry '\(spec.key)' is declared \(spec.access.rawValue) twice.",
                    fix: "declare it once.")
            }
            let fields =
                spec.isList
                ? spec.itemFields.map { EntryField($0.name, label: $0.label, kind: $0.kind, classes: $0.classes) }
                : [EntryField(spec.key, label: spec.label, kind: spec.kind ?? .text, classes: spec.classes)]
            for field in fields where !field.classes.isEmpty {
                for problem in field.declarationProblems {
                    add(
                        .recordDeclaration, spec.key, "record entry '\(spec.key)': \(problem.problem)", fix: problem.fix
                    )
                }
            }
        }
        if exploration.isTruncated {
            add(
                .unbounded, "",
                "more than 100,000 states, or more than 48 screens or flows at once, are reachable: a step payload "
                    + "grows without bound, or a screen is pushed or a flow started inside a loop.",
                fix: "keep each step's payload to a bounded set of values, and replace what a loop shows.")
        }
        // A module that declares its texts shows only those: a literal or
        // an undeclared key could not be re-worded or translated.
        if !module.texts.isEmpty {
            let declaredKeys = Set(module.texts.map(\.key))
            for key in exploration.textKeys where !declaredKeys.contains(key) {
                add(
                    .undeclaredText, key,
                    "text '\(key)' is shown but not declared.",
                    fix: "add TextSpec(\"\(key)\", …) to the module's texts."
                )
            }
            for literal in exploration.literalTexts {
                add(
                    .literalText, literal,
                    "\(literal) is shown without a key, so no manifest can re-word it and no catalog translate it.",
                    fix: "declare it and show it through ModuleTexts."
                )
            }
            var seen: Set<String> = []
            for spec in module.texts where !seen.insert(spec.key).inserted {
                add(
                    .duplicateTextKey, spec.key,
                    "text '\(spec.key)' is declared twice.", fix: "give each text its own key.",
                    context: module.id)
            }
        }
        found += kitViolations(in: module, options: options)
        return found
    }

    /// The screens `module` shows with `options` from every record its
    /// reads allow (``recordSeeds(for:)``), each with its title as first
    /// shown, from each entry and each declared link: what the module
    /// shows only when the record holds something (a kept result's page).
    /// Empty for a module that reads no record.
    package static func screensFromRecords(
        of module: any FeatureModule.Type, options: ModuleOptions, handoffs: [Handoff],
        environment: ModuleEnvironment
    ) -> [(id: String, title: String)] {
        let specs = module.record(for: options)
        guard !specs.isEmpty else { return [] }
        var found: [(id: String, title: String)] = []
        var seen = Set<String>()
        for seed in recordSeeds(for: specs) {
            let context = FlowExplorer.RecordContext(instance: module.id, declaring: specs, seed: seed)
            for handoff in handoffs {
                let launch = module.launch(
                    instance: module.id, options: options, environment: environment, handoff: handoff)
                let started = module.links(for: options).flatMap(representativeLinks(of:)).compactMap {
                    launch.starting(at: $0)
                }
                for run in [launch] + started {
                    let exploration = FlowExplorer.explore(run, limit: 20_000, record: context)
                    for id in exploration.screens where seen.insert(id).inserted {
                        found.append((id, exploration.screenTitles[id] ?? id))
                    }
                }
            }
        }
        return found
    }

    /// Every entry a module's ``FeatureModule/entryFields`` allow: each
    /// combination of choice and boolean values, integers at their bounds,
    /// text as `"T-1"`; `extra` fields added to each.
    public static func entryHandoffs(
        for module: any FeatureModule.Type, extra: [String: ModuleValue] = [:]
    ) -> [Handoff] {
        var combinations: [[String: ModuleValue]] = [extra]
        for field in module.entryFields {
            combinations = combinations.flatMap { partial in
                let present = values(of: field.kind, default: .text("T-1")).map {
                    partial.merging([field.name: $0]) { $1 }
                }
                // An optional field may also be missing, unless given in `extra`.
                return field.isRequired || extra[field.name] != nil ? present : present + [partial]
            }
        }
        return combinations.map(Handoff.init)
    }

    /// The records a module that reads `specs` is explored from: nothing
    /// read held, each read entry holding its first representative, and
    /// each read entry holding each other representative of its own.
    static func recordSeeds(for specs: [RecordSpec]) -> [[RecordOperation]] {
        let written = Set(specs.filter { $0.access == .writes }.map(\.key))
        let read = specs.filter { $0.access != .writes && !written.contains($0.key) }
        func operations(_ key: String, _ entry: RecordEntry) -> [RecordOperation] {
            switch entry {
            case .value(let value): [.set(key, value)]
            case .items(let items): items.map { .append(key, $0) }
            }
        }
        var seeds: [[RecordOperation]] = [[]]
        let firsts = read.compactMap { spec in spec.representativeEntries.compactMap { $0 }.first.map { (spec.key, $0) }
        }
        if !firsts.isEmpty { seeds.append(firsts.flatMap { operations($0.0, $0.1) }) }
        for spec in read {
            for entry in spec.representativeEntries.compactMap({ $0 }).dropFirst() {
                seeds.append(operations(spec.key, entry))
            }
        }
        return seeds
    }

    /// `spec` opened with each combination of its parameters'
    /// representative values (``FieldSpec/representativeTexts``; an
    /// optional one also left out), at most 16.
    package static func representativeLinks(of spec: LinkSpec) -> [ModuleLink] {
        var combinations: [[String: ModuleValue]] = [[:]]
        for field in spec.parameters {
            combinations = combinations.flatMap { partial in
                let present = field.representativeTexts.compactMap { field.kind.value(reading: $0) }.map {
                    partial.merging([field.name: $0]) { $1 }
                }
                return field.isRequired ? present : present + [partial]
            }
        }
        return combinations.prefix(16).map { ModuleLink(spec.name, arguments: Handoff($0)) }
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
    /// each integer at its bounds and default, combined; text at its
    /// default (a required text option, which has none, as its example).
    public static func optionSets(for module: any FeatureModule.Type) -> [ModuleOptions] {
        var combinations: [[String: ModuleValue]] = [[:]]
        for spec in module.options {
            let values: [ModuleValue]
            switch spec.kind {
            case .choice(let choices): values = choices.map(ModuleValue.text)
            case .boolean: values = [.boolean(false), .boolean(true)]
            case .integer(let range):
                var numbers = [range.lowerBound]
                if case .integer(let value) = spec.example, !numbers.contains(value) { numbers.append(value) }
                if !numbers.contains(range.upperBound) { numbers.append(range.upperBound) }
                values = numbers.map(ModuleValue.integer)
            case .text: values = [spec.example]
            }
            combinations = combinations.flatMap { partial in
                values.map { value in partial.merging([spec.name: value]) { $1 } }
            }
        }
        return combinations.map { ModuleOptions(specs: module.options, values: $0) }
    }

    package static func describe(_ options: ModuleOptions) -> String {
        options.values.isEmpty
            ? "no options"
            // keys from values
            : options.values.keys.sorted().map { "\($0): \(options.values[$0]!)" }.joined(separator: ", ")
    }
}
