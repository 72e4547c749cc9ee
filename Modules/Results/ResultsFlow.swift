import Stepflow

/// The results' steps, internal to the module.
enum ResultsStep: Step {
    case show(Reading, patient: String?)
    case confirmed(Reading, patient: String?)
    case submit(Reading, patient: String?)
    case submitted
    case submitFailed(Reading, patient: String?)
    case savedForLater
    case done
    case retest
    case getHelp
}

/// The results flow. Pure: advice follows from the reading and the options.
final class ResultsFlow: Flow {
    let name: String
    let advice: ResultsModule.Advice
    let condition: ResultsModule.Condition
    let lab: String

    init(name: String, advice: ResultsModule.Advice, condition: ResultsModule.Condition, lab: String) {
        self.name = name
        self.advice = advice
        self.condition = condition
        self.lab = lab
    }

    func navigate(to step: ResultsStep) -> Navigation<ResultsStep, ResultsExit> {
        switch step {
        case .show(let reading, let patient):
            return advice == .lay ? .show(layScreen(reading)) : .show(reviewScreen(reading, patient: patient))
        case .confirmed(let reading, let patient):
            return .show(Screen(id: "record", title: "Record the result", body: [
                "Recorded for \(patient.map { "patient \($0)" } ?? "this patient"): \(reading.rawValue).",
            ], actions: [ScreenAction("Submit to \(lab)", .submit(reading, patient: patient))]), as: .replace)
        case .submit(let reading, let patient):
            return .show(Screen(id: "submit", title: "Submitting", body: [
                "Sending the result to \(lab) over an encrypted connection.",
            ], actions: [
                ScreenAction("Lab confirms receipt", .submitted),
                ScreenAction("Lab unreachable", .submitFailed(reading, patient: patient)),
            ]), as: .replace)
        case .submitted:
            return .show(Screen(id: "submitted", title: "Result sent", body: [
                "\(lab.prefix(1).uppercased() + lab.dropFirst()) has the result. It was deleted from this device.",
            ], actions: [ScreenAction("Next patient", .done)]), as: .replace)
        case .submitFailed(let reading, let patient):
            return .show(Screen(id: "submit-failed", title: "Lab unreachable", body: [
                "The result could not be sent. It is kept on this device until it is sent.",
            ], actions: [
                ScreenAction("Try again", .submit(reading, patient: patient)),
                ScreenAction("Send it later", .savedForLater),
                ScreenAction("Call support", .getHelp),
            ]), as: .replace)
        case .savedForLater:
            return .show(Screen(id: "saved", title: "Saved for later", body: [
                "The result will be sent when the lab can be reached.",
            ], actions: [ScreenAction("Next patient", .done)]), as: .replace)
        case .done:
            return .end(.done)
        case .retest:
            return .end(.retest)
        case .getHelp:
            return .end(.needsHelp)
        }
    }

    private func reviewScreen(_ reading: Reading, patient: String?) -> Screen<ResultsStep> {
        let who = patient.map { "Patient \($0)" } ?? "Patient"
        guard reading != .invalid else {
            return Screen(id: "review-invalid", title: "Invalid test", body: [
                "\(who): the test did not work. Nothing is recorded. Repeat it with a new kit.",
            ], actions: [ScreenAction("Retest with a new kit", .retest)])
        }
        return Screen(id: "review", title: "Confirm the result", body: [
            "\(who): \(reading.rawValue).",
            "Check the reading against the test before you record it.",
        ], actions: [
            ScreenAction("Confirm and record", .confirmed(reading, patient: patient)),
            ScreenAction("Reading is doubtful, retest", .retest, role: .cancel),
        ])
    }

    private func layScreen(_ reading: Reading) -> Screen<ResultsStep> {
        let done = ScreenAction("Done", ResultsStep.done)
        switch reading {
        case .invalid:
            return Screen(id: "invalid", title: "The test did not work", body: [
                "The control line (C) did not appear, so the result cannot be read. This does not say whether you are infected.",
                "Use a new test kit and test again.",
            ], actions: [
                ScreenAction("Test again", .retest),
                ScreenAction("Get help", .getHelp),
                ScreenAction("Not now", .done, role: .cancel),
            ])
        case .positive:
            return Screen(id: "positive", title: "Your result: positive", body: positiveAdvice, actions: [done, ScreenAction("Get help", .getHelp)])
        case .negative:
            return Screen(id: "negative", title: "Your result: negative", body: negativeAdvice, actions: [done])
        case .normal:
            return Screen(id: "normal", title: "Your HbA1c is in the normal range", body: [
                "Below 5.7 % is normal. Keep up regular check-ups.",
            ], actions: [done])
        case .prediabetes:
            return Screen(id: "prediabetes", title: "Your HbA1c is raised", body: [
                "5.7 to 6.4 % can mean prediabetes. Talk to your doctor about a confirmatory test and what you can change.",
            ], actions: [done])
        case .diabetes:
            return Screen(id: "diabetes", title: "Your HbA1c is high", body: [
                "6.5 % or more can mean diabetes. See your doctor soon: one test is not a diagnosis, and they will confirm it.",
            ], actions: [done])
        }
    }

    private var positiveAdvice: [String] {
        switch condition {
        case .covid: [
            "You are probably infectious. Stay at home and avoid contact with others, especially people at higher risk.",
            "Contact your doctor by phone if you feel unwell or are at higher risk.",
        ]
        case .strepA: [
            "The test found group A streptococcus. Contact your doctor today: strep throat is usually treated with antibiotics.",
            "Stay at home until you have taken antibiotics for at least 24 hours.",
        ]
        case .hba1c: ["Talk to your doctor about this result."]
        }
    }

    private var negativeAdvice: [String] {
        switch condition {
        case .covid: [
            "No virus was found in this sample. A negative result does not rule out an infection, especially early on.",
            "If you have symptoms, stay careful and test again in 24 to 48 hours.",
        ]
        case .strepA: [
            "No group A streptococcus was found. Most sore throats are viral and get better on their own.",
            "See a doctor if you have a high fever, trouble swallowing, or you are not better in a few days.",
        ]
        case .hba1c: ["Talk to your doctor about this result."]
        }
    }
}
