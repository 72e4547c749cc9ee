extension StringProtocol {
    /// The text as a message quotes it: whole when short, else its first
    /// `limit` characters and how long it was, so a 3 MB line is not
    /// echoed back whole (`'aaaa…' (3,145,728 characters)`).
    package func shortened(_ limit: Int = 60) -> String {
        guard count > limit else { return String(self) }
        return "\(prefix(limit))… (\(count) characters)"
    }
}
