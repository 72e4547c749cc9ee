import BundledModules
public import Stepflow
public import StepflowManifest
public import SymptomCheck

/// The symptom-check app: the bundled rapid-test modules plus this
/// package's own, and the services it gives them.
public enum SymptomApp {
    /// Every module its manifests may name.
    public static let registry = ModuleRegistry(BundledModules.all + [SymptomCheckModule.self])

    /// What the app gives its modules: the symptom check's advisor.
    public static let services = ModuleServices()
        .providing((any SymptomAdvisor).self, GuidelineAdvisor())
}

/// The advice the app gives: a person short of breath sees a doctor now;
/// everyone else takes the test. (A real app might ask a triage service
/// here; the module cannot tell the difference.)
public struct GuidelineAdvisor: SymptomAdvisor {
    /// The advisor.
    public init() {}

    /// `seekCare` when breathing is hard, else `test`.
    public func advise(_ answers: SymptomAnswers, reply: @escaping @Sendable (SymptomAdvice) -> Void) {
        reply(answers.shortOfBreath ? .seekCare : .test)
    }
}
