public import Stepflow

/// The test itself: kit checklist, sample-specific instructions, applying
/// the sample, an incubation timer, and reading the result by photo or by
/// hand.
public enum ProcedureModule: FeatureModule {
    /// `procedure`.
    public static let id = "procedure"
    /// One line for `rootapp modules`.
    public static let summary = "Kit check, sample instructions, incubation timer, reading the result."
    /// Stepflow's own package.
    public static let package = ModulePackage.stepflow

    /// The options.
    public static let options: [OptionSpec] = [
        OptionSpec.required(
            "sample", .choice(Sample.allCases.map(\.rawValue)), example: .text("nasal"),
            summary: "The sample taken: nasal swab, throat swab, saliva or fingerstick blood."),
        OptionSpec.required(
            "waitMinutes", .integer(1...60), example: .integer(15),
            summary: "How long the test develops before it is read."),
        OptionSpec(
            "readout", .choice(Readout.allCases.map(\.rawValue)), default: .text("lateral-flow"),
            summary: "Lines on a strip, or an HbA1c analyser's value."),
        OptionSpec(
            "readBy", .choice(ReadMethod.allCases.map(\.rawValue)), default: .text("both"),
            summary: "How the result is read: a photo the app analyses, by hand, or either."),
        OptionSpec.required(
            "readWithinMinutes", .integer(1...60), example: .integer(5),
            summary:
                """
                How long a strip stays readable once the time is up (the kit's leaflet); after it, the result \
                counts as invalid.
                """,
            when: ["readout": .text("lateral-flow")]
        ),
        OptionSpec.required(
            "performedBy", .choice(Performer.allCases.map(\.rawValue)), example: .text("person"),
            summary:
                """
                Who takes the sample: the person testing themselves, or a professional testing a patient (the \
                instructions address them).
                """
        ),
    ]

    /// Who takes the sample.
    public enum Performer: String, CaseIterable, Sendable {
        /// The person testing themselves.
        case person
        /// A professional testing a patient.
        case professional
    }

    /// The sample a test takes.
    public enum Sample: String, CaseIterable, Sendable {
        /// A swab from both nostrils.
        case nasal
        /// A swab from the tonsils and the back of the throat.
        case throat
        /// Saliva into a funnel.
        case saliva
        /// A drop of blood from a fingertip.
        case fingerstick
    }

    /// What the test shows.
    public enum Readout: String, CaseIterable, Sendable {
        /// A strip with a control (C) and a test (T) line.
        case lateralFlow = "lateral-flow"
        /// An analyser's HbA1c percentage.
        case hba1c
    }

    /// How the result is read.
    public enum ReadMethod: String, CaseIterable, Sendable {
        /// The app analyses a photo of the result window.
        case photo
        /// The person reads the lines or the display.
        case manual
        /// The person chooses.
        case both
    }

    /// The results a readout can give.
    public static func results(for readout: Readout) -> [TestResult] {
        switch readout {
        case .lateralFlow: [.positive, .negative, .invalid]
        case .hba1c: [.normal, .prediabetes, .diabetes, .invalid]
        }
    }

    /// The HbA1c value typed from the analyser's display (when the
    /// readout is an analyser read by hand): the record keeps the number
    /// with its clinical range, so the result screens show and record the
    /// value itself, not only its range.
    public static func record(for options: ModuleOptions) -> [RecordSpec] {
        guard options.choice("readout", as: Readout.self) == .hba1c,
            options.choice("readBy", as: ReadMethod.self) != .photo
        else { return [] }
        return [
            .writes(
                "reading", label: "HbA1c (%)", kind: .number, classes: hba1cClasses,
                summary: "the HbA1c value the analyser shows, typed in, with its clinical range")
        ]
    }

    /// The clinical ranges of an HbA1c value in %, as the reading's field
    /// and its record entry declare them; outside 4 to 15 the analyser
    /// cannot measure.
    static var hba1cClasses: [ValueClass] {
        [
            ValueClass(
                "belowRange", label: "below 4.0 % (outside the analyser's range)", .range(from: nil, below: 4),
                representative: "3.5", refusal: "the analyser measures from 4.0 to 15.0 %"),
            ValueClass("normal", label: "below 5.7 % (normal)", .range(from: 4, below: 5.7), representative: "5.2"),
            ValueClass(
                "prediabetes", label: "5.7 to 6.4 % (prediabetes)", .range(from: 5.7, below: 6.5),
                representative: "6.1"),
            ValueClass(
                "diabetes", label: "6.5 % or more (diabetes)", .range(from: 6.5, upTo: 15), representative: "7.4"),
            ValueClass(
                "aboveRange", label: "above 15.0 % (outside the analyser's range)", .range(from: 15, upTo: nil),
                representative: "16", refusal: "the analyser measures from 4.0 to 15.0 %"),
        ]
    }

    /// `resultCaptured` (with the result and sample), `cancelled`, `needsHelp`.
    public static func exits(for options: ModuleOptions) -> [ExitSpec] {
        let readout = options.choice("readout", as: Readout.self)
        return [
            ExitSpec(
                "resultCaptured",
                fields: [
                    FieldSpec("result", .choice(results(for: readout).map(\.rawValue))),
                    FieldSpec("sample", .choice(Sample.allCases.map(\.rawValue))),
                ], summary: "the result was read"),
            ExitSpec("cancelled", summary: "the test was cancelled"),
            ExitSpec("needsHelp", summary: "the person asked for help"),
        ]
    }

    /// The procedure flow, from the kit checklist.
    public static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(
            ProcedureFlow(
                name: instance,
                sample: options.choice("sample", as: Sample.self),
                wait: options.integer("waitMinutes"),
                readout: options.choice("readout", as: Readout.self),
                readBy: options.choice("readBy", as: ReadMethod.self),
                readWindow: options.integer("readWithinMinutes"),
                performedBy: options.choice("performedBy", as: Performer.self),
                clock: environment.clock,
                text: ModuleTexts(texts, environment),
                camera: environment.services.resolve((any CameraAccess).self)
            ), entry: .checklist)
    }

    /// The id of the question reading by photo asks: may the app use the
    /// camera? Answers `granted` (the photo is taken) and `denied` (the
    /// person reads the result by eye). A script gives one with
    /// `answer camera-permission denied`.
    public static let cameraQuestion = "camera-permission"

    /// The kind of content the photo screen carries: the app's camera view,
    /// framed on the test (`frame`: `cassette` or `analyser`). An app's
    /// view factory draws it for ``ScreenContent/module`` `procedure`.
    public static let cameraContent = "camera.testReading"
}

/// The device's camera permission: the system asks the person once and
/// remembers. Optional: where no app gives it (a terminal), a person
/// answers in `rootapp walk` and a script with `answer camera-permission …`.
public protocol CameraAccess: Sendable {
    /// Asks for the camera; `answer` is called once, from any thread,
    /// with whether it may be used.
    func requestAccess(_ answer: @escaping @Sendable (Bool) -> Void)
}

/// A test result.
public enum TestResult: String, CaseIterable, Sendable {
    /// Lateral flow: the C and T lines.
    case positive
    /// Lateral flow: the C line only.
    case negative
    /// No control line, or an analyser error: the test did not work.
    case invalid
    /// HbA1c below 5.7 %.
    case normal
    /// HbA1c 5.7 to 6.4 %.
    case prediabetes
    /// HbA1c 6.5 % or more.
    case diabetes
}

/// How the procedure ends.
public enum ProcedureExit: ModuleExit {
    /// The result was read.
    case resultCaptured(TestResult, sample: ProcedureModule.Sample)
    /// The test was cancelled.
    case cancelled
    /// The person asked for help.
    case needsHelp

    /// The result and the sample, when captured.
    public var handoff: Handoff {
        guard case .resultCaptured(let result, let sample) = self else { return Handoff() }
        return Handoff(["result": .text(result.rawValue), "sample": .text(sample.rawValue)])
    }
}
