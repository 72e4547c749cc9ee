public import PatientIntake

/// The patient records `rootapp` gives intake: two demo patients, two
/// different people (P-1024 and P-2001); any other id is not on record.
/// An app gives its own.
public struct DemoPatientLookup: PatientLookup {
    /// The patients on record, by id.
    public static let records: [String: PatientRecord] = [
        "P-1024": PatientRecord(name: "Alex Example", born: "1980-04-12"),
        "P-2001": PatientRecord(name: "Sam Sample", born: "1975-03-03"),
    ]

    /// The ids on record.
    public static var known: Set<String> { Set(records.keys) }

    /// Records holding the demo patients.
    public init() {}

    /// The record of `patient`, if it is one of ``records``, at once.
    public func lookUp(_ patient: String, answer: @escaping @Sendable (PatientRecord?) -> Void) {
        answer(Self.records[patient])
    }
}
