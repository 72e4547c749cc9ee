public import Stepflow

/// One render's change to a UI, as the few operations a toolkit performs,
/// in an order it accepts: dismiss the modal layers that go, change the
/// stack that is then on top, present the layers that come. A module
/// hand-off (pop, pop, push) is one `setStack`; a back is one `popTo`.
/// Only the last operation is animated, so a person sees one transition.
///
/// ```swift
/// let update = PresentationUpdate(from: shown, to: PresentationTree(state))
/// for operation in update.operations { host.perform(operation) }
/// ```
public struct PresentationUpdate: Hashable, Sendable {
    /// One toolkit operation.
    public enum Operation: Hashable, Sendable {
        /// Replace the stack of layer `layer` (the top one) by `screens`
        /// (`setViewControllers(_:animated:)`; a `NavigationStack`'s path).
        case setStack(layer: Int, [PresentationTree.Screen], animated: Bool)
        /// Push `screen` onto layer `layer` (the top one).
        case push(layer: Int, PresentationTree.Screen, animated: Bool)
        /// Pop layer `layer` (the top one) back to `screen`, which stays.
        case popTo(layer: Int, ScreenInstanceID, animated: Bool)
        /// Present `layer` above the top one (`present(_:animated:)`; a
        /// `.sheet`).
        case present(PresentationTree.Layer, animated: Bool)
        /// Dismiss every layer above the first `keeping`.
        case dismiss(keeping: Int, animated: Bool)
    }

    /// What a toolkit refuses, found by ``apply(to:)``.
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// The operation's index in ``operations``.
        public let operation: Int
        /// Why.
        public let reason: String
        /// `operation N: reason`.
        public var description: String { "operation \(operation): \(reason)" }
    }

    /// The operations, in order.
    public let operations: [Operation]
    /// The tree once they are done.
    public let tree: PresentationTree

    /// The operations that take a UI showing `old` to `new`.
    public init(from old: PresentationTree, to new: PresentationTree) {
        tree = new
        var operations: [Operation] = []
        let (before, after) = (old.layers, new.layers)
        // The first layer that differs; the ones below stay as they are.
        var first = 0
        while first < before.count, first < after.count, Self.ids(before[first]) == Self.ids(after[first]) {
            first += 1
        }
        if first == before.count, first == after.count {
            self.operations = []
            return
        }
        if first < before.count, first < after.count, first == 0 || before[first].root?.id == after[first].root?.id {
            // The same layer (or the root stack): dismiss what is above
            // it, change its stack, present what comes above.
            if before.count > first + 1 { operations.append(.dismiss(keeping: first + 1, animated: false)) }
            operations.append(Self.stackChange(from: before[first], to: after[first], layer: first))
            for layer in after[(first + 1)...] { operations.append(.present(layer, animated: false)) }
        } else if first == 0 {
            // The root stack comes or goes (the app starts or ends).
            if before.count > 1 { operations.append(.dismiss(keeping: 1, animated: false)) }
            operations.append(.setStack(layer: 0, after.first?.screens ?? [], animated: false))
            for layer in after.dropFirst() { operations.append(.present(layer, animated: false)) }
        } else {
            if before.count > first { operations.append(.dismiss(keeping: first, animated: false)) }
            for layer in after[first...] { operations.append(.present(layer, animated: false)) }
        }
        if let last = operations.popLast() { operations.append(last.animated(true)) }
        self.operations = operations
    }

    /// Whether it changes nothing a toolkit shows (``tree``'s busy state
    /// may still have changed).
    public var isEmpty: Bool { operations.isEmpty }

    /// The layers `tree`'s UI shows once the operations are done, refusing
    /// any a toolkit refuses: a change to a stack under a modal layer, a
    /// pop to a screen not in the stack or already on top, a present of
    /// an empty layer, a dismiss of the root or of nothing.
    public func apply(to tree: PresentationTree) throws(Refusal) -> PresentationTree {
        var layers = tree.layers.map(\.screens)
        if layers.isEmpty { layers = [[]] }  // the root stack, empty
        for (index, operation) in operations.enumerated() {
            func refuse(_ reason: String) -> Refusal { Refusal(operation: index, reason: reason) }
            switch operation {
            case .setStack(let layer, let screens, _):
                guard layer == layers.count - 1 else { throw refuse("a stack changed under a modal layer") }
                guard layer == 0 || !screens.isEmpty else { throw refuse("a modal layer emptied; dismiss it") }
                layers[layer] = screens
            case .push(let layer, let screen, _):
                guard layer == layers.count - 1 else { throw refuse("a push under a modal layer") }
                guard !layers[layer].contains(where: { $0.id == screen.id }) else {
                    throw refuse("a push of a screen already in the stack")
                }
                layers[layer].append(screen)
            case .popTo(let layer, let id, _):
                guard layer == layers.count - 1 else { throw refuse("a pop under a modal layer") }
                guard let index = layers[layer].firstIndex(where: { $0.id == id }) else {
                    throw refuse("a pop to a screen not in the stack")
                }
                guard index < layers[layer].count - 1 else { throw refuse("a pop to the screen already on top") }
                layers[layer].removeSubrange((index + 1)...)
            case .present(let layer, _):
                guard !layer.screens.isEmpty else { throw refuse("a present of an empty layer") }
                guard !(layers.count == 1 && layers[0].isEmpty) else { throw refuse("a present over no screen") }
                layers.append(layer.screens)
            case .dismiss(let keeping, _):
                guard keeping >= 1 else { throw refuse("a dismiss of the root stack") }
                guard keeping < layers.count else { throw refuse("a dismiss with nothing presented above") }
                layers.removeSubrange(keeping...)
            }
        }
        return PresentationTree(layers: layers.map { PresentationTree.Layer(screens: $0) }, busy: self.tree.busy)
    }

    private static func ids(_ layer: PresentationTree.Layer) -> [ScreenInstanceID] { layer.screens.map(\.id) }

    /// The one operation that takes layer `layer` from `old` to `new`.
    private static func stackChange(
        from old: PresentationTree.Layer, to new: PresentationTree.Layer, layer: Int
    ) -> Operation {
        let (before, after) = (old.screens, new.screens)
        var common = 0
        while common < before.count, common < after.count, before[common].id == after[common].id { common += 1 }
        if common == before.count, after.count == common + 1 {
            return .push(layer: layer, after[common], animated: false)
        }
        if common == after.count, common > 0, before.count > common {
            return .popTo(layer: layer, after[common - 1].id, animated: false)
        }
        return .setStack(layer: layer, after, animated: false)
    }
}

extension PresentationUpdate.Operation {
    /// Whether the toolkit animates it.
    public var isAnimated: Bool {
        switch self {
        case .setStack(_, _, let animated), .push(_, _, let animated), .popTo(_, _, let animated),
            .present(_, let animated), .dismiss(_, let animated):
            animated
        }
    }

    /// It, animated or not.
    func animated(_ animated: Bool) -> Self {
        switch self {
        case .setStack(let layer, let screens, _): .setStack(layer: layer, screens, animated: animated)
        case .push(let layer, let screen, _): .push(layer: layer, screen, animated: animated)
        case .popTo(let layer, let id, _): .popTo(layer: layer, id, animated: animated)
        case .present(let layer, _): .present(layer, animated: animated)
        case .dismiss(let keeping, _): .dismiss(keeping: keeping, animated: animated)
        }
    }
}
