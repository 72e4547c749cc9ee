/// A text a person is shown: a label, a title, a line of a body, a reason.
///
/// Every place a module writes one takes either kind:
/// - a module's ``LocalizedText`` (`text["name.title"]`), which keeps its
///   key, so a variant's catalog translates and re-words it and a script
///   chooses it by key in every language;
/// - a literal `String`, shown as written (no key: nothing can translate
///   it, and ``ModuleContract`` does not ask for one).
///
/// One parameter of this type, where there were two overloads, keeps a
/// long array of actions quick to type-check and its mistakes pointed.
public protocol ShownText: Sendable {
    /// The text, with its key when it has one.
    var localizedText: LocalizedText { get }
}

extension String: ShownText {
    /// The string, without a key.
    @inlinable public var localizedText: LocalizedText { LocalizedText(key: nil, value: self) }
}

extension LocalizedText: ShownText {
    /// Itself.
    @inlinable public var localizedText: LocalizedText { self }
}
