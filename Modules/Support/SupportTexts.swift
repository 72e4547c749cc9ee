public import Stepflow

extension SupportModule {
    /// Every text support shows, with its key and English default.
    public static let texts: [TextSpec] = [
        TextSpec("back", "Back"),
        TextSpec("topics.title", "How can we help?"),
        TextSpec("topics.body", "Choose a topic, or talk to a person."),
        TextSpec("topics.contact", "Talk to a person"),
        TextSpec("topics.resume", "Carry on"),
        TextSpec("topics.quit", "Stop for now"),
        TextSpec("topic.sample.title", "Taking the sample"),
        TextSpec(
            "topic.sample.body",
            "Follow the pictures on each step. A swab that touched anything but the sample site must be replaced."),
        TextSpec("topic.invalid.title", "The test did not work"),
        TextSpec(
            "topic.invalid.body",
            "If the control line (C) does not appear, the test did not work. Use a new kit; do not reuse parts."),
        TextSpec("topic.reading.title", "Reading the result"),
        TextSpec(
            "topic.reading.body",
            "Any visible T line, however faint, counts as a line. Read within the time the instructions give."),
        TextSpec("contact.title", "Talk to a person"),
        TextSpec("tabs.topics", "Topics"),
        TextSpec("tabs.topics.body", "Choose a topic. To talk to a person, open the other tab."),
        TextSpec("tabs.contact", "Talk to a person"),
        TextSpec("contact.body", "Call {hotline}, {hours}. Have your test kit at hand."),
    ]
}
