import Applicant
import CheckAnswers
import Children
import Eligibility
public import Stepflow
public import StepflowManifest
public import Submission
import Welcome

/// The Child Benefit app: its modules, and the office it sends claims to.
public enum BenefitApp {
    /// Every module its manifests may name.
    public static let registry = ModuleRegistry([
        WelcomeModule.self, EligibilityModule.self, ApplicantModule.self, ChildrenModule.self,
        CheckAnswersModule.self, SubmissionModule.self,
    ])

    /// What the app gives its modules: the demo office.
    public static let services = ModuleServices().providing((any BenefitOffice).self, DemoOffice())
}

/// The office `benefitapp` sends claims to: it takes every claim at once
/// and gives a reference made from the claimant's number, the same each
/// time. A real app gives its office's service.
public struct DemoOffice: BenefitOffice {
    /// The office.
    public init() {}

    /// `CB-` and six digits from the National Insurance number's.
    public func submit(_ claim: Claim, reply: @escaping @Sendable (String) -> Void) {
        let digits = claim.nino.filter(\.isNumber)
        reply("CB-" + String((digits + "000000").prefix(6)))
    }
}
