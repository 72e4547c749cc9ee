import Stepflow

/// The pages lay users read, in order.
enum HowItWorks {
    static let pages: [(title: String, body: [String])] = [
        ("What you need", ["The test kit, a clean flat table, clean hands and about 20 minutes."]),
        ("How the test works", ["You take a sample, add it to the test, wait, then read the lines in the result window."]),
        ("Reading your result", ["The app tells you what your result means and what to do next."]),
        ("Your data", ["Your result stays on this device. Nothing is shared unless you choose to share it."]),
        ("Getting help", ["Help is one tap away on every step: choose 'Get help' if something goes wrong."]),
    ]
}

/// The onboarding flow. Pure: screens follow from the step and the options.
final class OnboardingFlow: Flow {
    let name: String
    let audience: OnboardingModule.Audience
    let pages: Int
    let maxAttempts: Int

    init(name: String, audience: OnboardingModule.Audience, pages: Int, maxAttempts: Int) {
        self.name = name
        self.audience = audience
        self.pages = pages
        self.maxAttempts = maxAttempts
    }

    func navigate(to step: OnboardingStep) -> Navigation<OnboardingStep, OnboardingExit> {
        switch step {
        case .welcome:
            return audience == .lay
                ? .show(Screen(id: "welcome", title: "Welcome", body: [
                    "This app guides you through your rapid test, one step at a time.",
                ], actions: [ScreenAction("Get started", .howItWorks(page: 1))]))
                : .show(Screen(id: "welcome", title: "Welcome", body: [
                    "Sign in with your staff account to test patients and record their results.",
                ], actions: [ScreenAction("Sign in", .signIn(attempt: 1))]))
        case .howItWorks(let page):
            let content = HowItWorks.pages[min(max(page, 1), HowItWorks.pages.count) - 1]
            return .show(Screen(
                id: "how-it-works-\(page)",
                title: "\(content.title) (\(page) of \(pages))",
                body: content.body,
                actions: [
                    ScreenAction("Next", page < pages ? .howItWorks(page: page + 1) : .privacy),
                    ScreenAction("Back", .back, role: .back),
                ]
            ))
        case .privacy:
            return .show(Screen(id: "privacy", title: "Your privacy", body: [
                "Your result is stored only on this device. You decide whether to share it with a doctor.",
            ], actions: [
                ScreenAction("I agree", .consentAccepted),
                ScreenAction("I do not agree", .consentDeclined, role: .cancel),
                ScreenAction("Back", .back, role: .back),
            ]))
        case .consentAccepted:
            return .end(.completed(site: nil))
        case .consentDeclined:
            return .end(.declined)
        case .signIn(let attempt):
            return .show(Screen(id: "sign-in", title: "Sign in", body: [
                attempt == 1 ? "Enter your staff ID and password." : "Attempt \(attempt) of \(maxAttempts).",
            ], actions: [
                ScreenAction("Sign in (password accepted)", .signedIn),
                ScreenAction("Sign in (wrong password)", .signInFailed(attempt: attempt)),
            ]), as: .replace)
        case .signInFailed(let attempt):
            guard attempt < maxAttempts else {
                return .show(Screen(id: "locked-out", title: "Account locked", body: [
                    "Too many wrong passwords. Ask your administrator to unlock your account.",
                ], actions: [ScreenAction("Close", .lockedOut, role: .cancel)]), as: .replace)
            }
            let left = maxAttempts - attempt
            return .show(Screen(id: "wrong-password", title: "Wrong password", body: [
                "The staff ID or password is wrong. \(left) attempt\(left == 1 ? "" : "s") left.",
            ], actions: [ScreenAction("Try again", .signIn(attempt: attempt + 1))]), as: .replace)
        case .lockedOut:
            return .end(.lockedOut)
        case .signedIn:
            return .show(Screen(id: "site", title: "Where are you testing today?", body: [
                "Results are recorded for this site.",
            ], actions: [
                ScreenAction("Main clinic", .siteSelected(.mainClinic)),
                ScreenAction("Mobile unit", .siteSelected(.mobileUnit)),
                ScreenAction("Care home visit", .siteSelected(.careHome)),
            ]), as: .replace)
        case .siteSelected(let site):
            return .show(Screen(id: "data-protection", title: "Data protection", body: [
                "Patient data is processed under your organisation's data-protection policy.",
                "Results go to the lab over an encrypted connection and are deleted from this device once sent.",
            ], actions: [
                ScreenAction("I acknowledge", .acknowledged(site)),
                ScreenAction("Back", .back, role: .back),
            ]))
        case .acknowledged(let site):
            return .end(.completed(site: site))
        case .back:
            return .pop
        }
    }
}
