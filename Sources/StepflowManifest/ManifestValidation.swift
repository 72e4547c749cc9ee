import Stepflow

/// What the validators know of a manifest so far: the draft, the app's
/// modules and services, the log, and what earlier validators settled.
struct ManifestValidation {
    let draft: ManifestDraft
    let registry: ModuleRegistry
    let services: ModuleServices
    /// Reads a file the manifest names (the String Catalog), by the path
    /// as written: the bytes, or why not.
    let readFile: @Sendable (String) -> Result<[UInt8], FileReadFailure>
    var log: DiagnosticLog

    /// An instance whose id is valid and unique, with its module when it
    /// is known (and then its options and exits).
    struct Instance {
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
    struct Route {
        let key: RouteKey
        let target: RouteTarget
        let location: TextLocation
    }

    var schema: Int?
    var app: AppInfo?
    var instances: [Instance] = []
    var start: String?
    var routes: [Route] = []
    /// Route sources written with a valid source, whatever their target:
    /// a route to nowhere is one error, not also a missing route.
    var routedSources: Set<RouteKey> = []
    var rules: [PathRuleSpec] = []
    var locales = ["en"]
    var requirements: [Requirement] = []
    var scriptsFolder: String?
    var coverage: CoverageMinimum?
    var device: DeviceSettings?
    var catalog: StringCatalog?
    var overrides: [String: [String: [String: String]]] = [:]

    var ids: [String] { instances.map(\.id) }

    /// The path of a file the manifest names: beside the manifest (the
    /// working folder for a manifest read from standard input).
    func resolve(_ name: String) -> String {
        let file = log.file
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

    init(
        draft: ManifestDraft, registry: ModuleRegistry, services: ModuleServices,
        readFile: @escaping @Sendable (String) -> Result<[UInt8], FileReadFailure>, log: DiagnosticLog
    ) {
        self.draft = draft
        self.registry = registry
        self.services = services
        self.readFile = readFile
        self.log = log
    }

    /// The texts of the instances whose module is known: the variant's
    /// texts as loading settled them.
    var texts: VariantTexts {
        var modules: [String: String] = [:]
        var counts: [String: [String: String]] = [:]
        for instance in instances {
            guard let module = instance.module else { continue }
            modules[instance.id] = module.id
            for spec in module.texts {
                if let plural = spec.plural { counts[module.id, default: [:]][spec.key] = plural.count }
            }
        }
        return VariantTexts(locales: locales, catalog: catalog, overrides: overrides, modules: modules, counts: counts)
    }
}

/// One rule a manifest must keep, checked over what the reader found and
/// what the validators before it settled.
protocol ManifestValidator: Sendable {
    func validate(_ manifest: inout ManifestValidation)
}

/// Checks a manifest: the reader of JSON shapes, then each validator in
/// turn. Every problem is reported, not just the first.
enum ManifestChecker {
    /// The validators, in the order their results are needed.
    static let validators: [any ManifestValidator] = [
        SchemaVersion(),
        AppIdentity(),
        InstanceIDs(),
        Locales(),
        KnownModules(),
        OptionValues(),
        ServicesProvided(),
        ModuleContracts(),
        Requirements(),
        CatalogTranslations(),
        TextOverrides(),
        StartInstance(),
        RouteEnds(),
        EveryExitRouted(),
        EntryFieldsHandedOn(),
        RuleShapes(),
        CoverageMinimums(),
        DeviceSection(),
    ]

    /// The manifest in `root`, or `nil` with the problems in `log`.
    static func check(
        _ root: JSONNode, file: String, registry: ModuleRegistry, services: ModuleServices,
        readFile: @escaping @Sendable (String) -> Result<[UInt8], FileReadFailure>
    ) -> (Manifest?, [ManifestDiagnostic]) {
        var log = DiagnosticLog(file: file)
        guard let draft = ManifestReader.read(root, &log) else { return (nil, log.items) }
        var validation = ManifestValidation(
            draft: draft, registry: registry, services: services, readFile: readFile, log: log)
        for validator in validators { validator.validate(&validation) }
        // Shapes first, then each rule in turn: a cause before what it
        // causes (a misspelt route before the exit it leaves unrouted).
        let diagnostics = validation.log.items
        guard !validation.log.hasErrors, let schema = validation.schema, let app = validation.app,
            let start = validation.start
        else {
            return (nil, diagnostics)
        }
        let manifest = Manifest(
            file: file,
            schema: schema,
            app: app,
            instances: validation.instances.compactMap { instance in
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
            routes: Dictionary(uniqueKeysWithValues: validation.routes.map { ($0.key, $0.target) }),
            rules: validation.rules,
            warnings: diagnostics,
            texts: validation.texts,
            requirements: validation.requirements,
            scriptsFolder: validation.scriptsFolder,
            coverageMinimum: validation.coverage,
            device: validation.device
        )
        return (manifest, diagnostics)
    }
}
