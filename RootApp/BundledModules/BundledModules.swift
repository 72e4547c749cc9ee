import Onboarding
import PatientIntake
import Procedure
import Results
import Support
public import StepflowManifest

/// The feature modules `rootapp` bundles. Adding a module to the app is one
/// line here (and one dependency in Package.swift).
public enum BundledModules {
    /// Every bundled module, by id.
    public static let registry = ModuleRegistry([
        OnboardingModule.self,
        PatientIntakeModule.self,
        ProcedureModule.self,
        ResultsModule.self,
        SupportModule.self,
    ])
}
