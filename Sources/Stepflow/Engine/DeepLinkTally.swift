/// The flows' answers to one deep link so far, some of which may arrive
/// later (a deferred `adapt`): a value in ``EngineState/deepLinks``.
struct DeepLinkTally {
    var result = DeepLinkResult()
    /// Answers still to come; the delivery pass itself counts as one.
    var outstanding = 1
    /// Reports the result once every flow answered.
    let finish: (DeepLinkResult, inout Transaction) -> Void
}
