public import PatientIntake

/// The patient records `rootapp` gives intake: the demo patients P-1024
/// and P-2001 are on record, any other id is not. An app gives its own.
public struct DemoPatientLookup: PatientLookup {
    /// The ids on record.
    public static let known: Set<String> = ["P-1024", "P-2001"]

    /// Records holding the demo patients.
    public init() {}

    /// Whether `patient` is one of ``known``, at once.
    public func lookUp(_ patient: String, answer: @escaping @Sendable (Bool) -> Void) {
        answer(Self.known.contains(patient))
    }
}
