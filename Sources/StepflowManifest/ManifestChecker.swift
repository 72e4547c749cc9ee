import Stepflow

/// What one validator found: what it settled from the manifest (`nil` or
/// empty where it could not), and the problems it met on the way.
struct Checked<Value> {
    let value: Value
    let problems: [ManifestDiagnostic]
}

/// One rule a manifest must keep. A validator is given what it reads (the
/// draft, and what the validators it depends on settled) when it is made,
/// and returns what it settled and its problems: it shares no log and no
/// state, so the order validators run in is their data's order, which
/// the compiler keeps (a validator that needs the locales cannot be made
/// before they are settled).
protocol ManifestValidator {
    /// What the validator settles: a section read into its value, or
    /// nothing for a check alone.
    associatedtype Settled
    /// The validator's findings.
    consuming func check() -> Checked<Settled>
}

/// An instance whose id is valid and unique, with its module when it is
/// known (and then its options and exits).
struct ValidatedInstance {
    let draft: ManifestDraft.Instance
    let id: String
    var module: (any FeatureModule.Type)?
    var options = ModuleOptions(specs: [])
    var exits: [ExitSpec] = []
    /// A translatable option's texts, by option and locale.
    var optionTexts: [String: [String: String]] = [:]
    /// Where each option given is written.
    var optionLocations: [String: TextLocation] = [:]
    /// Required options that do not apply here and were not given.
    var inapplicableOptions: Set<String> = []
    /// Translatable options that apply, in the module's order.
    var translatableOptions: [String] = []
}

/// A route whose source and target are valid.
struct ValidatedRoute {
    let key: RouteKey
    let target: RouteTarget
    let location: TextLocation
}

/// Where a manifest's files are: names it gives resolved beside it.
struct ManifestFolder {
    /// The manifest's path as given (`-` for standard input).
    let file: String

    /// The path of a file the manifest names: beside the manifest (the
    /// working folder for a manifest read from standard input).
    func resolve(_ name: String) -> String {
        if name.hasPrefix("/") { return Self.normalized(name) }
        guard file != "-", let slash = file.lastIndex(of: "/") else { return Self.normalized(name) }
        return Self.normalized(String(file[...slash]) + name)
    }

    /// `path` without `.` and with `folder/..` folded away, as far as the
    /// text tells (`RootApp/Manifests/../Scripts/x` is `RootApp/Scripts/x`).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }
}

/// Checks a manifest: the reader of JSON shapes, then each validator,
/// each given what the ones before it settled. Every problem is reported,
/// not just the first, in the order the validators run: a cause before
/// what it causes (a misspelt route before the exit it leaves unrouted).
enum ManifestChecker {
    /// The manifest in `root`, or `nil`, with the problems found.
    static func check(
        _ root: JSONNode, file: String, registry: ModuleRegistry, services: ModuleServices,
        readFile: @escaping @Sendable (String) -> Result<[UInt8], FileReadFailure>, catalogMayBeMissing: Bool = false
    ) -> (Manifest?, [ManifestDiagnostic]) {
        var reading = DiagnosticLog(file: file)
        guard let draft = ManifestReader.read(root, &reading) else { return (nil, reading.items) }
        var problems = reading.items
        func take<Value>(_ checked: Checked<Value>) -> Value {
            problems += checked.problems
            return checked.value
        }
        func log() -> DiagnosticLog { DiagnosticLog(file: file) }
        let folder = ManifestFolder(file: file)

        let schema = take(SchemaVersion(draft: draft, log: log()).check())
        take(ControlCharacters(root: root, log: log()).check())
        let app = take(AppIdentity(draft: draft, log: log()).check())
        var instances = take(InstanceIDs(draft: draft, registry: registry, log: log()).check())
        let locales = take(Locales(draft: draft, log: log()).check())
        instances = take(KnownModules(draft: draft, instances: instances, registry: registry, log: log()).check())
        instances = take(OptionValues(instances: instances, locales: locales, log: log()).check())
        take(ServicesProvided(instances: instances, services: services, log: log()).check())
        take(ModuleContracts(instances: instances, services: services, log: log()).check())
        let requirements = take(Requirements(draft: draft, folder: folder, log: log()).check())
        let catalog = take(
            CatalogTranslations(
                draft: draft, instances: instances, locales: locales, folder: folder, readFile: readFile,
                catalogMayBeMissing: catalogMayBeMissing, log: log()
            ).check())
        let overrides = take(TextOverrides(draft: draft, instances: instances, locales: locales, log: log()).check())
        let start = take(StartInstance(draft: draft, instances: instances, log: log()).check())
        let routing = take(RouteEnds(draft: draft, instances: instances, log: log()).check())
        take(EveryExitRouted(draft: draft, instances: instances, start: start, routing: routing, log: log()).check())
        // The fields are only worth proving over a manifest otherwise sound.
        if !problems.contains(where: { $0.severity == .error }) {
            take(
                EntryFieldsHandedOn(draft: draft, instances: instances, start: start, routing: routing, log: log())
                    .check())
        }
        let record = take(RecordSection(draft: draft, instances: instances, log: log()).check())
        let rules = take(
            RuleShapes(
                draft: draft, instances: instances, requirements: requirements.list, record: record, log: log()
            ).check())
        let coverage = take(CoverageMinimums(draft: draft, log: log()).check())
        let device = take(DeviceSection(draft: draft, log: log()).check())
        let restorePolicies = take(
            RestorePolicySection(draft: draft, instances: instances.map(\.id), log: log()).check())
        let links = take(LinkRoutesSection(draft: draft, instances: instances, log: log()).check())

        guard !problems.contains(where: { $0.severity == .error }), let schema, let app, let start else {
            return (nil, problems)
        }
        var modules: [String: String] = [:]
        var counts: [String: [String: String]] = [:]
        var orders: [String: [String: [String]]] = [:]
        for instance in instances {
            guard let module = instance.module else { continue }
            modules[instance.id] = module.id
            for spec in module.texts {
                guard let plural = spec.plural else { continue }
                counts[module.id, default: [:]][spec.key] = plural.count
                orders[module.id, default: [:]][spec.key] = CatalogFormat.order(of: spec)
            }
        }
        var manifest = Manifest(
            file: file,
            schema: schema,
            app: app,
            instances: instances.compactMap { instance in
                instance.module.map {
                    ModuleInstance(
                        id: instance.id, module: $0.id, options: instance.options, exits: instance.exits,
                        optionTexts: instance.optionTexts, optionLocations: instance.optionLocations,
                        inapplicableOptions: instance.inapplicableOptions,
                        translatableOptions: instance.translatableOptions
                    )
                }
            },
            start: start,
            routes: Dictionary(uniqueKeysWithValues: routing.routes.map { ($0.key, $0.target) }),
            rules: rules,
            warnings: problems,
            texts: VariantTexts(
                locales: locales, catalog: catalog, overrides: overrides, modules: modules, counts: counts,
                orders: orders),
            requirements: requirements.list,
            scriptsFolder: requirements.scriptsFolder,
            coverageMinimum: coverage,
            device: device
        )
        manifest.restoreOnUpdate = restorePolicies
        manifest.links = links
        manifest.record = record
        if let day = draft.referenceDate {
            manifest.referenceDate = day
            manifest.pinsReferenceDate = true
        }
        return (manifest, problems)
    }
}

extension DiagnosticLog {
    /// `value`, with the problems logged.
    func checked<Value>(_ value: Value) -> Checked<Value> {
        Checked(value: value, problems: items)
    }
}
