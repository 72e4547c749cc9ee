public import Stepflow

extension ProcedureModule {
    /// Every text the procedure shows, with its key and English default.
    /// The instructions of each sample type are `instruction.<sample>.<n>`.
    public static let texts: [TextSpec] =
        [
            TextSpec("help", "Get help"),
            TextSpec("back", "Back"),
            TextSpec("next", "Next"),
            TextSpec("checklist.title", "Check your kit"),
            TextSpec("checklist.kit", "You need: {kit}."),
            TextSpec("checklist.expiry", "Check the expiry date on the pouch."),
            TextSpec("checklist.complete", "Everything is there"),
            TextSpec("checklist.missing", "Something is missing"),
            TextSpec(
                "checklist.fasting.throat",
                "Do not eat or drink for 30 minutes before the test. If you have, start once 30 minutes have passed."),
            TextSpec(
                "checklist.fasting.saliva",
                """
                Do not eat, drink, smoke or brush your teeth for 30 minutes before the test. If you have, start once \
                30 minutes have passed.
                """),
            TextSpec("kit.nasal", "a swab, an extraction tube with buffer, a nozzle cap and a test cassette"),
            TextSpec("kit.throat", "a throat swab, a tongue depressor, an extraction tube and a test cassette"),
            TextSpec("kit.saliva", "a collection funnel, a sample tube and a test cassette"),
            TextSpec("kit.fingerstick", "a lancet, an alcohol wipe, a capillary tube and an analyser cartridge"),
            TextSpec("kitIncomplete.title", "Kit incomplete"),
            TextSpec("kitIncomplete.body", "Do not use an incomplete or expired kit. Get help to replace it."),
            TextSpec("instruction.title", "{title} ({number} of {count})"),
        ]
        + Sample.allCases.flatMap { sample in
            Performer.allCases.flatMap { performer in
                SampleGuide.instructions(for: sample, by: performer).enumerated().flatMap { offset, page in
                    let key = SampleGuide.key(for: sample, by: performer, page: offset + 1)
                    return [TextSpec(key + ".title", page.title), TextSpec(key + ".text", page.text)]
                }
            }
        } + [
            TextSpec("apply.title", "Apply the sample"),
            TextSpec("apply.hba1c", "Insert the cartridge into the analyser until it clicks."),
            TextSpec("apply.lateralFlow", "Add 4 drops from the tube to the sample well (S). Lay the test flat."),
            TextSpec("apply.startTimer", "Done, start the timer"),
            TextSpec("timer.title", "Waiting for the result"),
            TextSpec(
                "timer.body", one: "Leave the test flat and do not touch it. The result is ready in {minutes} minute.",
                other: "Leave the test flat and do not touch it. The result is ready in {minutes} minutes.",
                count: "minutes"),
            TextSpec(
                "timer.body.hba1c",
                one: "The analyser is measuring: leave the cartridge in. The value is ready in {minutes} minute.",
                other: "The analyser is measuring: leave the cartridge in. The value is ready in {minutes} minutes.",
                count: "minutes"),
            TextSpec("timer.cancel", "Cancel the test"),
            TextSpec("cancel.title", "Cancel the test?"),
            TextSpec("cancel.body", "A cancelled test cannot be continued: to test again, you need a new kit."),
            TextSpec(
                "cancel.body.hba1c",
                "A cancelled measurement cannot be continued: to test again, you need a new cartridge."),
            TextSpec("cancel.keepWaiting", "Keep waiting"),
            TextSpec("cancel.confirm", "Cancel the test"),
            TextSpec("ready.title", "Time is up"),
            TextSpec("ready.hba1c", "The analyser shows the result now."),
            TextSpec(
                "ready.lateralFlow", one: "Read the result within {minutes} minute.",
                other: "Read the result within {minutes} minutes.", count: "minutes"),
            TextSpec("tooLate.title", "Too late to read"),
            TextSpec(
                "tooLate.body",
                one:
                    """
                    More than {minutes} minute has passed since the time was up, so the lines can no longer be \
                    trusted. The result counts as invalid: test again with a new kit.
                    """,
                other:
                    """
                    More than {minutes} minutes have passed since the time was up, so the lines can no longer be \
                    trusted. The result counts as invalid: test again with a new kit.
                    """,
                count: "minutes"),
            TextSpec("tooLate.invalid", "Count it as invalid"),
            TextSpec("ready.read", "Read the result"),
            TextSpec("read.title", "Read the result"),
            TextSpec("read.body", "Take a photo and let the app read it, or read it yourself."),
            TextSpec("read.photo", "Take a photo"),
            TextSpec("read.myself", "Read it myself"),
            TextSpec("photo.title", "Photo analysis"),
            TextSpec("photo.body", "Hold the phone above the result window. The app reads the result from the photo."),
            TextSpec("photo.reading", "Analysis: {reading}"),
            TextSpec("photo.retake", "Photo unclear, retake"),
            TextSpec("camera.question", "camera permission"),
            TextSpec("camera.granted", "camera allowed"),
            TextSpec("camera.denied", "camera not allowed"),
            TextSpec("manual.lateralFlow.title", "Which lines do you see?"),
            TextSpec("manual.lateralFlow.body", "Look at the result window next to C and T."),
            TextSpec("manual.hba1c.title", "What does the analyser show?"),
            TextSpec("manual.hba1c.body", "Read the HbA1c value on the display."),
            TextSpec("reading.positive", "C and T lines (positive)"),
            TextSpec("reading.negative", "only the C line (negative)"),
            TextSpec("reading.invalid", "no C line or an error (invalid)"),
            TextSpec("reading.normal", "below 5.7 % (normal)"),
            TextSpec("reading.prediabetes", "5.7 to 6.4 % (prediabetes)"),
            TextSpec("reading.diabetes", "6.5 % or more (diabetes)"),
            TextSpec("reading.hba1c.label", "HbA1c value in %"),
            TextSpec("reading.hba1c.save", "Save the value"),
            TextSpec("reading.hba1c.invalid", "The analyser shows an error (invalid)"),
            TextSpec("reading.hba1c.belowRange", "below 4.0 % (outside the analyser's range)"),
            TextSpec("reading.hba1c.aboveRange", "above 15.0 % (outside the analyser's range)"),
            TextSpec(
                "reading.hba1c.outOfRange",
                "the analyser measures 4.0 to 15.0 %. Read the display again, or repeat the test"),
        ]
}
