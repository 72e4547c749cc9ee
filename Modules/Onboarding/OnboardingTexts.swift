public import Stepflow

extension OnboardingModule {
    /// Every text onboarding shows, with its key and English default.
    public static let texts: [TextSpec] = [
        TextSpec("welcome.title", "Welcome"),
        TextSpec("welcome.lay.body", "This app guides you through your rapid test, one step at a time."),
        TextSpec("welcome.lay.start", "Get started"),
        TextSpec(
            "welcome.professional.body", "Sign in with your staff account to test patients and record their results."),
        TextSpec("welcome.professional.signIn", "Sign in"),
        TextSpec("howItWorks.title", "{title} ({page} of {pages})"),
        TextSpec("howItWorks.1.title", "What you need"),
        TextSpec(
            "howItWorks.1.body", "The test kit, a clean flat table and clean hands. Each step says how long it takes."),
        TextSpec("howItWorks.2.title", "How the test works"),
        TextSpec(
            "howItWorks.2.body",
            "You take a sample, add it to the test, wait, then read the lines in the result window."),
        TextSpec("howItWorks.3.title", "Reading your result"),
        TextSpec("howItWorks.3.body", "The app tells you what your result means and what to do next."),
        TextSpec("howItWorks.4.title", "Your data"),
        TextSpec(
            "howItWorks.4.body", "Your result stays on this device. Nothing is shared unless you choose to share it."),
        TextSpec("howItWorks.5.title", "Getting help"),
        TextSpec("howItWorks.5.body", "Help is one tap away on every step: choose 'Get help' if something goes wrong."),
        TextSpec("howItWorks.next", "Next"),
        TextSpec("back", "Back"),
        TextSpec("privacy.title", "Your privacy"),
        TextSpec(
            "privacy.body", "Your result is stored only on this device. You decide whether to share it with a doctor."),
        TextSpec("privacy.agree", "I agree"),
        TextSpec("privacy.decline", "I do not agree"),
        TextSpec("signIn.title", "Sign in"),
        TextSpec("signIn.first.body", "Enter your staff ID and password."),
        TextSpec("signIn.again.body", "Attempt {attempt} of {attempts}."),
        TextSpec("signIn.accepted", "Sign in (password accepted)"),
        TextSpec("signIn.wrong", "Sign in (wrong password)"),
        TextSpec("lockedOut.title", "Account locked"),
        TextSpec("lockedOut.body", "Too many wrong passwords. Ask your administrator to unlock your account."),
        TextSpec("lockedOut.close", "Close"),
        TextSpec("wrongPassword.title", "Wrong password"),
        TextSpec(
            "wrongPassword.body", one: "The staff ID or password is wrong. {left} attempt left.",
            other: "The staff ID or password is wrong. {left} attempts left.", count: "left"),
        TextSpec("wrongPassword.retry", "Try again"),
        TextSpec("site.title", "Where are you testing today?"),
        TextSpec("site.body", "Results are recorded for this site."),
        TextSpec("site.mainClinic", "Main clinic"),
        TextSpec("site.mobileUnit", "Mobile unit"),
        TextSpec("site.careHome", "Care home visit"),
        TextSpec("dataProtection.title", "Data protection"),
        TextSpec(
            "dataProtection.policy", "Patient data is processed under your organisation's data-protection policy."),
        TextSpec(
            "dataProtection.transfer",
            "Results go to the lab over an encrypted connection and are deleted from this device once sent."),
        TextSpec("dataProtection.acknowledge", "I acknowledge"),
    ]
}
