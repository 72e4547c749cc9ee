package import Stepflow
public import StepflowManifest

/// A manifest's variant explored into a graph, with the findings only the
/// manifest can give (instances never entered, routed exits never taken).
public struct VariantGraph: Sendable {
    /// The manifest.
    public let manifest: Manifest
    /// Every waiting state of the variant and the inputs between them:
    /// where every answer comes from.
    public let states: StateGraph
    /// The screen/step graph the states project to, for pictures.
    public var graph: NavigationGraph { states.projection }

    /// Explores `manifest` through its ``RootFlow``: the same flows, the same
    /// routing, the same transition function as a live run.
    ///
    /// Modules are launched with `services` (those a module needs must be
    /// there, as loading checked) but no service is ever called: no
    /// stepper is started, and what a service can answer is what the
    /// stepper that asks it declares.
    ///
    /// Labels are in `locale` (by default the variant's first); which texts
    /// a person can see does not depend on it.
    package init(
        manifest: Manifest, registry: ModuleRegistry, services: ModuleServices = ModuleServices(),
        locale: String? = nil, limits: ExplorationLimits = .standard
    ) {
        self.manifest = manifest
        self.moduleTypes = Dictionary(
            manifest.instances.compactMap { instance in registry.module(instance.module).map { (instance.id, $0) } },
            uniquingKeysWith: { first, _ in first })
        self.services = services
        let root = RootFlow(
            manifest: manifest, registry: registry,
            environment: ModuleEnvironment(clock: IdleClock(), services: services, today: manifest.referenceDate),
            locale: locale)
        self.locale = root.locale
        // The screens a person sees, as first seen on top of a state, and
        // each state's facts, made from parts remembered by identity: most
        // states show a screen an earlier one did, and hold flows an earlier
        // one started.
        final class Seen {
            var screens: [ScreenSnapshot] = []
            /// The texts each content shows on top, by identity and flow: a
            /// content read once is neither snapshot nor hashed again.
            var read: [ObjectAndFlow: [ShownText]] = [:]
            var seen: Set<ScreenSnapshot> = []
            var literals: [LiteralText] = []
            var literalSet: Set<LiteralText> = []
            var shown: Set<ShownText> = []
            /// The fields a flow was entered with, by the identity of the
            /// step that started it and its name.
            var entered: [ObjectAndFlow: [EnteredField]] = [:]
        }
        let seen = Seen()
        var explored = GraphExplorer.exploreStates(
            root, with: OneStepper(RootStep.start), app: manifest.app.id, limits: limits,
            opening: root.representativeLinks,
            describing: { state in
                var facts = StateFacts()
                facts.record = state.navigation.record
                facts.shows = state.navigation.topScreen?.shows ?? []
                facts.entered = Self.entryData(state) { launch, name, make in
                    let key = ObjectAndFlow(content: ObjectIdentifier(launch), flow: name)
                    if let known = seen.entered[key] { return known }
                    let made = make()
                    seen.entered[key] = made
                    return made
                }
                // What the app waits for is read too: a question's label
                // and answers, an outside source's (a walk lists them).
                let waiting = state.waitingTextKeys.map { ShownText(instance: $0.flow.name, key: $0.key) }
                if !waiting.isEmpty { seen.shown.formUnion(waiting) }
                guard let top = state.navigation.topScreen else {
                    facts.shown = waiting
                    return facts
                }
                let key = ObjectAndFlow(content: top.contentIdentity, flow: top.flow.name)
                if let known = seen.read[key] {
                    facts.shown = known + waiting
                    return facts
                }
                let snapshot = ScreenSnapshot(top)
                if seen.seen.insert(snapshot).inserted {
                    seen.screens.append(snapshot)
                    for literal in LiteralText.all(on: top) where seen.literalSet.insert(literal).inserted {
                        seen.literals.append(literal)
                    }
                }
                facts.shown = top.textKeys.map { ShownText(instance: top.flow.name, key: $0) }
                // The labels of the section bars shown with it.
                for id in state.navigation.flowsInTreeOrder {
                    guard let flow = state.navigation.flows[id], !flow.sections.isEmpty,
                        !state.navigation.isHidden(id)
                    else { continue }
                    facts.shown += flow.sections.compactMap { section in
                        section.labelKey.map { ShownText(instance: flow.info.name, key: $0) }
                    }
                }
                seen.shown.formUnion(facts.shown)
                seen.read[key] = facts.shown
                facts.shown += waiting
                return facts
            })
        explored.links.refused = root.refusingLinks.compactMap { address, answer in
            guard case .failure(let refusal) = answer, let entry = refusal.entry else { return nil }
            return LinkProof.Refused(address: address, entry: entry)
        }
        // Every form of an address is the same delivery: equal inputs to
        // the engine, so what the explorer proved of the address holds
        // for each form from every state.
        for delivery in root.representativeLinks {
            for (form, address) in root.platformForms(of: delivery.address) {
                explored.links.formsOpened += 1
                switch root.route(link: address) {
                case .success(let other) where other == delivery: continue
                case .success(let other):
                    explored.links.formsDiffering.append("\(form) \(address): \(other.address) → \(other.target)")
                case .failure(let refusal):
                    explored.links.formsDiffering.append("\(form) \(address): refused: \(refusal.message)")
                }
            }
        }
        // A routed link's parameter classes are read when a value is
        // refused: their labels and refusals are texts to translate.
        for route in manifest.links {
            for spec in route.link.parameters {
                for valueClass in spec.classes {
                    for key in [valueClass.labelKey, valueClass.refusalKey].compactMap({ $0 }) {
                        seen.shown.insert(ShownText(instance: route.instance, key: key))
                    }
                }
            }
        }
        states = explored
        screens = seen.screens
        literalTexts = seen.literals
        carriedFields = root.carriedFields
        translatableOptions = manifest.instances.flatMap { instance in
            instance.translatableOptions.map { TranslatableOption(instance: instance.id, option: $0) }
        }
        shownTexts = seen.shown.sorted()
    }

    /// The locale the graph's labels are in.
    package let locale: String

    /// Each instance's module, for what a module can show beyond what the
    /// variant reaches (a rule may name a screen the variant never shows).
    let moduleTypes: [String: any FeatureModule.Type]
    /// The services the variant was explored with.
    let services: ModuleServices

    /// An object the explorer shares between states (a screen's content,
    /// the step that started a flow), by identity, with a flow's name.
    private struct ObjectAndFlow: Hashable {
        let content: ObjectIdentifier
        let flow: String
    }

    /// Every screen a person can see, with its words: once for each
    /// distinct wording (a screen that names the patient or not), in the
    /// order exploration first met them.
    package let screens: [ScreenSnapshot]

    /// The day the variant's date classes were judged on, said with where
    /// it comes from (`2026-11-29 (the manifest's referenceDate)`): `nil`
    /// when no screen has a class that moves with the day, so no verdict
    /// depends on it.
    package var datesJudgedOn: String? {
        let judges = screens.contains { $0.fields.contains { $0.classes.contains { $0.judgedOn != nil } } }
        return judges ? manifest.referenceDateSaid : nil
    }

    /// A screen as a person sees it.
    package struct ScreenSnapshot: Hashable, Sendable {
        /// `instance/screen`.
        package let id: String
        /// The module instance showing it.
        package let instance: String
        /// The title.
        package let title: String
        /// The body lines.
        package let body: [String]
        /// The actions' labels and roles, in order.
        package let actions: [(label: String, role: ActionRole)]
        /// The fields a person fills in, with their classes.
        package let fields: [EntryField]
        /// What the module shows beyond texts and fields.
        package let content: ScreenContent?

        init(_ screen: PresentedScreen) {
            id = screen.qualifiedID
            instance = screen.flow.name
            title = screen.title
            body = screen.body
            actions = screen.actions.map { ($0.label, $0.role) }
            fields = screen.fields
            content = screen.screenContent
        }

        package static func == (a: ScreenSnapshot, b: ScreenSnapshot) -> Bool {
            a.id == b.id && a.title == b.title && a.body == b.body && a.actions.map(\.label) == b.actions.map(\.label)
                && a.actions.map(\.role) == b.actions.map(\.role) && a.fields == b.fields && a.content == b.content
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(title)
            hasher.combine(body)
            hasher.combine(actions.map(\.label))
        }
    }

    /// A module text a person can see: on the screen on top in some
    /// waiting state.
    package struct ShownText: Hashable, Sendable, Comparable {
        /// The instance showing it.
        package let instance: String
        /// The module's key.
        public let key: String

        package static func < (a: ShownText, b: ShownText) -> Bool { (a.instance, a.key) < (b.instance, b.key) }
    }

    /// Every module text a person can see, by instance and key, sorted:
    /// what must be translated, and what `strings` exports.
    package let shownTexts: [ShownText]

    /// A text a person can see that a module wrote as a literal, not as a
    /// declared key: it shows in English whatever the locale, and no
    /// catalog can translate it.
    package struct LiteralText: Hashable, Sendable {
        /// The instance showing it.
        package let instance: String
        /// The screen's id in its module.
        package let screen: String
        /// Where on the screen: `title`, `body` or `action`.
        package let place: String
        /// The text.
        package let text: String

        /// The literal texts of `screen`: its title, body lines and action
        /// labels made without a key.
        static func all(on screen: PresentedScreen) -> [LiteralText] {
            var found: [LiteralText] = []
            let instance = screen.flow.name
            if screen.titleKey == nil {
                found.append(
                    LiteralText(instance: instance, screen: screen.screenID, place: "title", text: screen.title))
            }
            for (line, key) in zip(screen.body, screen.bodyKeys) where key == nil {
                found.append(LiteralText(instance: instance, screen: screen.screenID, place: "body", text: line))
            }
            for action in screen.actions where action.key == nil {
                found.append(
                    LiteralText(instance: instance, screen: screen.screenID, place: "action", text: action.label))
            }
            return found
        }
    }

    /// Every literal text a person can see, in the order exploration
    /// first met them.
    package let literalTexts: [LiteralText]

    /// An option whose value is words a person reads (``OptionSpec/isTranslatable``).
    package struct TranslatableOption: Hashable, Sendable {
        /// The instance.
        package let instance: String
        /// The option's name.
        package let option: String
    }

    /// The handoff fields some module of the variant reads, as its
    /// ``RootFlow`` carries them (``RootFlow/carriedFields``). A field an
    /// exit hands on that no module reads is dropped at once, and the
    /// overview and the trace say so.
    package let carriedFields: Set<String>

    /// A field an exit hands on that no module of the variant reads.
    package struct DroppedField: Hashable, Sendable, CustomStringConvertible {
        /// The route's source: the instance and its exit.
        package let route: RouteKey
        /// The field's name.
        package let field: String

        /// `test.resultCaptured: sample`.
        package var description: String { "\(route): \(field)" }
    }

    /// Each exit field no module of the variant reads, in the manifest's
    /// order: handed on, then dropped at once.
    package var droppedFields: [DroppedField] {
        manifest.instances.flatMap { instance in
            instance.exits.flatMap { exit in
                exit.fields.filter { !carriedFields.contains($0.name) }.map {
                    DroppedField(route: RouteKey(instance: instance.id, exit: exit.name), field: $0.name)
                }
            }
        }
    }

    /// Every translatable option of the variant's instances.
    package let translatableOptions: [TranslatableOption]

    /// How many texts a person can see, of each kind, and how many of
    /// them have their own words in `locale`: what a translation verdict
    /// rests on.
    package struct TranslationCoverage: Hashable, Sendable {
        /// The locale.
        package let locale: String
        /// Declared module texts shown, each once (`<module>/<key>`, as the
        /// String Catalog holds it), however many instances show it.
        package let keyed: Int
        /// Literal texts shown (never translated, except in English).
        package let literal: Int
        /// Translatable option values.
        package let options: Int
        /// Declining link routes' reasons.
        package let linkReasons: Int
        /// The app's name: one text.
        package var appName: Int { 1 }
        /// Of all of them, how many have no words of their own in `locale`.
        package let untranslated: Int

        /// Every text checked: what `strings` exports and counts.
        package var total: Int { keyed + literal + options + linkReasons + appName }
        /// Whether every text shown has its words in the locale.
        public var isComplete: Bool { untranslated == 0 }
    }

    /// The translation coverage of `locale`: every shown text counted,
    /// keyed, literal and option values alike.
    package func translationCoverage(in locale: String) -> TranslationCoverage {
        let texts = manifest.texts
        // A module's text is one catalog entry, whichever instances show it.
        func catalogKey(_ instance: String, _ key: String) -> String {
            "\(texts.module(of: instance) ?? instance)/\(key)"
        }
        let keyed = Set(shownTexts.map { catalogKey($0.instance, $0.key) })
        // A shown text without its words is one finding per instance, one
        // catalog entry however many instances show it; every other
        // finding (a literal, an option, a link's reason, the name) is one.
        let unworded = shownTexts.filter { locale != "en" && !texts.has($0.key, instance: $0.instance, locale: locale) }
        let others = missingTranslations(in: locale).count - unworded.count
        let untranslated = Set(unworded.map { catalogKey($0.instance, $0.key) }).count + others
        let linkReasons = manifest.links.count { if case .decline = $0.policy { true } else { false } }
        return TranslationCoverage(
            locale: locale, keyed: keyed.count, literal: literalTexts.count, options: translatableOptions.count,
            linkReasons: linkReasons, untranslated: untranslated)
    }
}
