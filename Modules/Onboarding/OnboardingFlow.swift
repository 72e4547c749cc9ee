import Stepflow

/// The pages lay users can read: five are written (`howItWorks.<n>.*`).
enum HowItWorks {
    static let count = 5
}

/// The onboarding flow. Pure: screens follow from the step and the options.
final class OnboardingFlow: Flow {
    let name: String
    let audience: OnboardingModule.Audience
    let pages: Int
    let maxAttempts: Int
    let text: ModuleTexts

    init(
        name: String, audience: OnboardingModule.Audience, pages: Int, maxAttempts: Int,
        text: ModuleTexts = ModuleTexts(OnboardingModule.texts, source: TextSource())
    ) {
        self.name = name
        self.text = text
        self.audience = audience
        self.pages = pages
        self.maxAttempts = maxAttempts
    }

    func navigate(to step: OnboardingStep) -> Navigation<OnboardingStep, OnboardingExit> {
        switch step {
        case .welcome:
            return audience == .lay
                ? .show(
                    Screen(
                        id: "welcome", title: text["welcome.title"],
                        body: [
                            text["welcome.lay.body"]
                        ], actions: [ScreenAction(text["welcome.lay.start"], .howItWorks(page: 1))]))
                : .show(
                    Screen(
                        id: "welcome", title: text["welcome.title"],
                        body: [
                            text["welcome.professional.body"]
                        ], actions: [ScreenAction(text["welcome.professional.signIn"], .signIn(attempt: 1))]))
        case .howItWorks(let page):
            let written = min(max(page, 1), HowItWorks.count)
            let title = text["howItWorks.\(written).title"]
            return .show(
                Screen(
                    id: "how-it-works-\(page)",
                    title: text["howItWorks.title", ["title": title, "page": "\(page)", "pages": "\(pages)"]],
                    body: [text["howItWorks.\(written).body"]],
                    actions: [
                        ScreenAction(text["howItWorks.next"], page < pages ? .howItWorks(page: page + 1) : .privacy),
                        ScreenAction(text["back"], .back, role: .back),
                    ]
                ))
        case .privacy:
            return .show(
                Screen(
                    id: "privacy", title: text["privacy.title"],
                    body: [
                        text["privacy.body"]
                    ],
                    actions: [
                        ScreenAction(text["privacy.agree"], .consentAccepted),
                        ScreenAction(text["privacy.decline"], .consentDeclined, role: .cancel),
                        ScreenAction(text["back"], .back, role: .back),
                    ]))
        case .consentAccepted:
            return .end(.completed(site: nil))
        case .consentDeclined:
            return .end(.declined)
        case .signIn(let attempt):
            return .show(
                Screen(
                    id: "sign-in", title: text["signIn.title"],
                    body: [
                        attempt == 1
                            ? text["signIn.first.body"]
                            : text["signIn.again.body", ["attempt": "\(attempt)", "attempts": "\(maxAttempts)"]]
                    ],
                    actions: [
                        ScreenAction(text["signIn.accepted"], .signedIn),
                        ScreenAction(text["signIn.wrong"], .signInFailed(attempt: attempt)),
                    ]), as: .replace)
        case .signInFailed(let attempt):
            guard attempt < maxAttempts else {
                return .show(
                    Screen(
                        id: "locked-out", title: text["lockedOut.title"],
                        body: [
                            text["lockedOut.body"]
                        ], actions: [ScreenAction(text["lockedOut.close"], .lockedOut, role: .cancel)]), as: .replace)
            }
            return .show(
                Screen(
                    id: "wrong-password", title: text["wrongPassword.title"],
                    body: [
                        text["wrongPassword.body", ["left": "\(maxAttempts - attempt)"]]
                    ], actions: [ScreenAction(text["wrongPassword.retry"], .signIn(attempt: attempt + 1))]),
                as: .replace)
        case .lockedOut:
            return .end(.lockedOut)
        case .signedIn:
            return .show(
                Screen(
                    id: "site", title: text["site.title"],
                    body: [
                        text["site.body"]
                    ],
                    actions: [
                        ScreenAction(text["site.mainClinic"], .siteSelected(.mainClinic)),
                        ScreenAction(text["site.mobileUnit"], .siteSelected(.mobileUnit)),
                        ScreenAction(text["site.careHome"], .siteSelected(.careHome)),
                    ]), as: .replace)
        case .siteSelected(let site):
            return .show(
                Screen(
                    id: "data-protection", title: text["dataProtection.title"],
                    body: [
                        text["dataProtection.policy"],
                        text["dataProtection.transfer"],
                    ],
                    actions: [
                        ScreenAction(text["dataProtection.acknowledge"], .acknowledged(site)),
                        ScreenAction(text["back"], .back, role: .back),
                    ]))
        case .acknowledged(let site):
            return .end(.completed(site: site))
        case .back:
            return .pop
        }
    }
}
