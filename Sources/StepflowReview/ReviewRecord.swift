package import Stepflow
package import StepflowManifest
package import StepflowScripts

/// What ties a sign-off to a build: the variant's digest, when the
/// evidence was made, and by which tool, engine and module packages. A
/// review report prints it on its cover and beside the signature; a
/// `check` JUnit file records the same digest, so a CI run and a signed
/// page can be matched.
package struct ReviewRecord: Hashable, Sendable {
    /// The manifest's SHA-256 digest (``Manifest/signedDigest``): whitespace and key
    /// order aside, any edit to the variant changes it.
    package var manifestDigest: String
    /// The String Catalog's digest, when the variant names one: a changed
    /// translation changes what a person reads.
    package var catalogDigest: String?
    /// When the evidence was made (`2026-11-24 21:40 UTC`).
    package var date: String
    /// The tool that made it, with its version (`rootapp 0.4.0`).
    package var tool: String
    /// Stepflow's version (``StepflowVersion/current``).
    package var stepflowVersion: String
    /// Each module the variant uses, with the package and version it ships in.
    package var modules: [Module]

    /// The locale the evidence was made in (labels, texts): `nil` when
    /// not recorded.
    package var locale: String?
    /// The acceptance scripts the evidence ran, each by file name and the
    /// digest of its bytes: a changed script changes the evidence.
    package var scripts: [ScriptFile] = []

    /// An acceptance script the evidence ran.
    package struct ScriptFile: Hashable, Sendable {
        /// Its file name, as the report shows it (`negative.txt`).
        package let name: String
        /// The SHA-256 digest of the bytes it was read from (64 hex
        /// digits): those that ran, not the file read again; `made in code`
        /// for a script no file gave.
        package let digest: String

        /// The script that ran, by its file's name and digest.
        package init(_ script: Script) {
            name = script.file.split(separator: "/").last.map(String.init) ?? script.file
            digest = script.digest ?? "made in code"
        }
    }

    /// `negative.txt 1f0c…; positive.txt 9a41…`, or `none`.
    package var scriptDigests: String {
        scripts.isEmpty ? "none" : scripts.map { "\($0.name) \($0.digest)" }.joined(separator: "; ")
    }

    /// A module of the variant and its package.
    package struct Module: Hashable, Sendable {
        /// The module's id.
        package let id: String
        /// Its package and version.
        package let package: ModulePackage
    }

    /// The record of `manifest`'s evidence, made by `tool` at `date`, with
    /// the packages of its modules from `registry`.
    package init(manifest: Manifest, registry: ModuleRegistry, tool: String, date: String) {
        self.init(manifest: manifest, registry: registry, tool: tool, date: date, locale: nil, scripts: [])
    }

    /// The record of `manifest`'s evidence, made by `tool` at `date`, with
    /// the packages of its modules from `registry`, naming the evidence:
    /// the acceptance `scripts` that ran (by the digests of the bytes they
    /// were read from) and the `locale` they ran in.
    package init(
        manifest: Manifest, registry: ModuleRegistry, tool: String, date: String, locale: String?,
        scripts: [Script]
    ) {
        self.locale = locale
        self.scripts = scripts.map(ScriptFile.init)
        manifestDigest = manifest.signedDigest
        catalogDigest = manifest.texts.catalog?.signedDigest
        self.date = date
        self.tool = tool
        stepflowVersion = StepflowVersion.current
        var seen: Set<String> = []
        modules = manifest.instances.compactMap { instance in
            guard seen.insert(instance.module).inserted else { return nil }
            return Module(id: instance.module, package: registry.module(instance.module)?.package ?? .undeclared)
        }
    }

    /// `onboarding: Stepflow 0.4.0; symptom-check: SymptomCheck 1.0.0`.
    package var packages: String {
        modules.map { "\($0.id): \($0.package)" }.joined(separator: "; ")
    }
}
