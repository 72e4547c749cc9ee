public import Stepflow

extension ResultsModule {
    /// Every text the results show, with its key and English default.
    public static let texts: [TextSpec] = [
        TextSpec("done", "Done"),
        TextSpec("labLink.label", "lab link"),
        TextSpec("labLink.sent", "the lab received the saved result"),
        TextSpec("help", "Get help"),
        TextSpec("nextPatient", "Next patient"),
        TextSpec("talkToDoctor", "Talk to your doctor about this result."),
        TextSpec("result.positive", "positive"),
        TextSpec("result.negative", "negative"),
        TextSpec("result.invalid", "invalid"),
        TextSpec("result.normal", "normal"),
        TextSpec("result.prediabetes", "prediabetes"),
        TextSpec("result.diabetes", "diabetes"),
        TextSpec("who.patient", "Patient {patient}"),
        TextSpec("who.named", "{name}, born {born} ({patient})"),
        TextSpec("result.hba1c", "HbA1c {value} % ({result})"),
        TextSpec("who.anonymous", "Patient"),
        TextSpec("review.title", "Confirm the result"),
        TextSpec("review.reading", "{who}: {result}."),
        TextSpec("review.check", "Check the reading against the test before you record it."),
        TextSpec("review.check.hba1c", "Check the value against the analyser's display before you record it."),
        TextSpec("review.confirm", "Confirm and record"),
        TextSpec("review.doubtful", "Reading is doubtful, retest"),
        TextSpec("reviewInvalid.title", "Invalid test"),
        TextSpec("reviewInvalid.body", "{who}: the test did not work. Nothing is recorded. Repeat it with a new kit."),
        TextSpec("reviewInvalid.retest", "Retest with a new kit"),
        TextSpec("record.title", "Record the result"),
        TextSpec("record.body", "Recorded for the lab: {who}, {result}."),
        TextSpec("record.submit", "Submit to {lab}"),
        TextSpec("submit.title", "Submitting"),
        TextSpec("submit.body", "Sending the result to {lab} over an encrypted connection."),
        TextSpec("submit.confirmed", "Receipt confirmed"),
        TextSpec("submit.unreachable", "No connection"),
        TextSpec("submitted.title", "Result sent"),
        TextSpec("submitted.body", "The result reached {lab}. It was deleted from this device."),
        TextSpec("submitFailed.title", "Not sent"),
        TextSpec(
            "submitFailed.body", "The result could not be sent. Try again, or keep it on this device and send it later."
        ),
        TextSpec(
            "submitFailed.full",
            one: """
                The result could not be sent, and this device already keeps {count} result for the lab, its most: \
                this one cannot be kept too. Try again once the connection is back.
                """,
            other: """
                The result could not be sent, and this device already keeps {count} results for the lab, its most: \
                this one cannot be kept too. Try again once the connection is back.
                """,
            count: "count"),
        TextSpec("submitFailed.retry", "Try again"),
        TextSpec("submitFailed.later", "Send it later"),
        TextSpec("submitFailed.support", "Call support"),
        TextSpec("saved.title", "Saved for later"),
        TextSpec(
            "saved.body",
            """
            The result is kept on this device and sent to {lab} as soon as the connection returns (the app tries \
            every minute; the home's Kept results list it until then). You can go on with the next patient.
            """
        ),
        TextSpec("sentLater.title", "Sent to the lab"),
        TextSpec("sentLater.body", "The connection is back: the saved result was sent to {lab}."),
        TextSpec("invalid.title", "The test did not work"),
        TextSpec(
            "invalid.noControlLine",
            """
            The result cannot be trusted: the control line (C) did not appear, or the test was read too late. This \
            does not say whether you are infected.
            """
        ),
        TextSpec("invalid.testAgain", "Use a new test kit and test again."),
        TextSpec("invalid.retest", "Test again"),
        TextSpec("invalid.notNow", "Not now"),
        TextSpec("positive.title", "Your result: positive"),
        TextSpec(
            "positive.covid.isolate",
            "You are probably infectious. Stay at home and avoid contact with others, especially people at higher risk."
        ),
        TextSpec("positive.covid.doctor", "Contact your doctor by phone if you feel unwell or are at higher risk."),
        TextSpec(
            "positive.strepA.doctor",
            """
            The test found group A streptococcus. Contact your doctor today: strep throat is usually treated with \
            antibiotics.
            """
        ),
        TextSpec("positive.strepA.isolate", "Stay at home until you have taken antibiotics for at least 24 hours."),
        TextSpec("negative.title", "Your result: negative"),
        TextSpec(
            "negative.covid.notRuledOut",
            """
            No virus was found in this sample. A negative result does not rule out an infection, especially early \
            on.
            """),
        TextSpec("negative.covid.retest", "If you have symptoms, stay careful and test again in 24 to 48 hours."),
        TextSpec(
            "negative.strepA.viral",
            "No group A streptococcus was found. Most sore throats are viral and get better on their own."),
        TextSpec(
            "negative.strepA.doctor",
            "See a doctor if you have a high fever, trouble swallowing, or you are not better in a few days."),
        TextSpec("normal.title", "Your HbA1c is in the normal range"),
        TextSpec("normal.body", "Below 5.7 % is normal. Keep up regular check-ups."),
        TextSpec("prediabetes.title", "Your HbA1c is raised"),
        TextSpec(
            "prediabetes.body",
            """
            5.7 to 6.4 % can mean prediabetes. Talk to your doctor about a confirmatory test and what you can \
            change.
            """),
        TextSpec("diabetes.title", "Your HbA1c is high"),
        TextSpec(
            "diabetes.body",
            """
            6.5 % or more can mean diabetes. See your doctor soon: one test is not a diagnosis, and they will \
            confirm it.
            """
        ),
    ]
}
