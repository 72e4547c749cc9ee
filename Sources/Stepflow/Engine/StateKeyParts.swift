/// Numbers the values state keys are made of: each distinct step, screen,
/// declaration once. One per exploration; not thread-safe.
///
/// A value made once and shared by many states (a shown screen, the step
/// that started a flow, a stepper's declarations) is numbered once per
/// object: hashing a screen for every state that holds it was a third of
/// exploring. The objects are kept, so their identities are never reused
/// for another value. Values are numbered in tables of their own type,
/// hashed and compared as themselves: through `AnyHashable`, each was
/// boxed, and its type looked up at run time again and again.
package final class StateKeyParts {
    // Unchecked exclusivity (here and in the explorer's other tables):
    // one search runs on one thread, and the run-time access checks were
    // a few percent of exploring.
    /// One table a value type, by the type's identity.
    @exclusivity(unchecked) private var tables: [ObjectIdentifier: AnyObject] = [:]
    @exclusivity(unchecked) private var byObject: [ObjectIdentifier: (object: AnyObject, number: Int)] = [:]
    /// The number the next new value gets: values of every type share one
    /// sequence, so two values of different types never share a number.
    @exclusivity(unchecked) private var next = 0

    /// The list a key is made in before it is copied at its length.
    @exclusivity(unchecked) private var scratch: [UInt8] = []

    /// A table with nothing numbered.
    package init() {}

    /// The scratch list, empty; taken so that appending to it does not
    /// copy it.
    func takeScratch() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &scratch)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// Gives the scratch list back for the next key.
    func returnScratch(_ list: [UInt8]) { scratch = list }

    /// The number of `value`, given when first seen.
    package func number<Value: Hashable>(of value: Value) -> Int {
        let table: TypedTable<Value, Int>
        // Filed under its value type's identity: the table is of that type.
        if let known = tables[ObjectIdentifier(Value.self)] {
            table = unsafeDowncast(known, to: TypedTable<Value, Int>.self)
        } else {
            table = TypedTable<Value, Int>()
            tables[ObjectIdentifier(Value.self)] = table
        }
        if let known = table.position(of: value) { return table.value(at: known) }
        let number = next
        next += 1
        table.append(number, for: value)
        return number
    }

    /// The number of the value `object` holds, `number()` asked only the
    /// first time the object is seen.
    package func number(of object: AnyObject, value number: () -> Int) -> Int {
        if let known = byObject[ObjectIdentifier(object)] { return known.number }
        let made = number()
        byObject[ObjectIdentifier(object)] = (object, made)
        return made
    }
}

/// A value that is part of a state's key, boxed once where it is made so
/// that ``StateKeyParts`` numbers it once.
///
/// Every screen shown and every child flow started makes one, live or
/// explored, so the value is stored typed in the object (one allocation)
/// and turned into an `AnyHashable` only when a key numbers it.
package class KeyPart: @unchecked Sendable {
    // @unchecked: the one subclass holds a Sendable value, immutable.

    fileprivate init() {}

    /// A part holding `value`.
    package static func of<Value: Hashable & Sendable>(_ value: Value) -> KeyPart { Of(value) }

    /// The value, for hashing (the one subclass gives it).
    package var value: AnyHashable { AnyHashable(ObjectIdentifier(self)) }

    /// The number of the value in `interner`, hashed as its own type (the
    /// one subclass gives it).
    package func number(in interner: StateKeyParts) -> Int { interner.number(of: ObjectIdentifier(self)) }

    /// The value, if it is a `Value`: read without `AnyHashable`.
    package func value<Value: Hashable & Sendable>(as type: Value.Type) -> Value? { (self as? Of<Value>)?.typed }

    private final class Of<Value: Hashable & Sendable>: KeyPart, @unchecked Sendable {
        let typed: Value
        init(_ typed: Value) { self.typed = typed }
        override var value: AnyHashable { AnyHashable(typed) }
        override func number(in interner: StateKeyParts) -> Int { interner.number(of: typed) }
    }
}
