import ClinicHome
import Onboarding
import PatientIntake
import Procedure
import Results
import Support
public import Stepflow
public import StepflowManifest

/// The feature modules of the rapid-test family that `rootapp` bundles:
/// onboarding, a professional's home, patient intake, the test procedure,
/// results and support.
/// Adding a module to the family is one line here (and one dependency in
/// Package.swift). A team mixes them with its own modules:
///
/// ```swift
/// let registry = ModuleRegistry(BundledModules.all + [SymptomCheckModule.self])
/// ```
public enum BundledModules {
    /// Every bundled module, in the order a variant usually meets them.
    public static let all: [any FeatureModule.Type] = [
        OnboardingModule.self,
        ClinicHomeModule.self,
        PatientIntakeModule.self,
        ProcedureModule.self,
        ResultsModule.self,
        SupportModule.self,
    ]

    /// Every bundled module, by id.
    public static let registry = ModuleRegistry(all)

    /// The services `rootapp` gives the bundled modules: a ``DemoLabLink``
    /// for professional result screens and ``DemoPatientLookup`` for
    /// intake's typed ids. An app gives its own.
    public static let services = ModuleServices().providing((any LabLink).self, DemoLabLink())
        .providing((any ResultOutbox).self, DemoLabLink())
        .providing((any PatientLookup).self, DemoPatientLookup())
}
