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
        /// Replace layer `layer` (the top one) whole, its section bar
        /// included: a tab bar comes (`layer.sections`), goes, or changes
        /// its tabs. In a layer with a bar, the other stack operations act
        /// on the selected tab's stack.
        case setLayer(layer: Int, PresentationTree.Layer, animated: Bool)
        /// Select tab `index` of layer `layer`'s section bar: its stack,
        /// as the UI kept it, comes back (`selectedIndex`; a `TabView`'s
        /// selection).
        case selectSection(layer: Int, index: Int, animated: Bool)
        /// Replace the stack of tab `section` of layer `layer`'s bar, a
        /// tab not selected (its flow moved while hidden).
        case setSectionStack(layer: Int, section: Int, [PresentationTree.Screen], animated: Bool)
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
        while first < before.count, first < after.count, Self.same(before[first], after[first]) {
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
            operations += Self.layerChange(from: before[first], to: after[first], layer: first)
            for layer in after[(first + 1)...] { operations.append(.present(layer, animated: false)) }
        } else if first == 0 {
            // The root stack comes or goes (the app starts or ends).
            if before.count > 1 { operations.append(.dismiss(keeping: 1, animated: false)) }
            if before.first?.sections.isEmpty ?? true, after.first?.sections.isEmpty ?? true {
                operations.append(.setStack(layer: 0, after.first?.screens ?? [], animated: false))
            } else {
                operations.append(
                    .setLayer(layer: 0, after.first ?? PresentationTree.Layer(screens: []), animated: false))
            }
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
        typealias Layer = PresentationTree.Layer
        var layers = tree.layers
        if layers.isEmpty { layers = [Layer(screens: [])] }  // the root stack, empty
        for (index, operation) in operations.enumerated() {
            func refuse(_ reason: String) -> Refusal { Refusal(operation: index, reason: reason) }
            func setting(_ screens: [PresentationTree.Screen], on layer: Int) throws(Refusal) -> Layer {
                guard let changed = layers[layer].replacingStack(with: screens) else {
                    throw refuse("a stack change below a section bar, or in a layer of nested bars; set the layer")
                }
                return changed
            }
            switch operation {
            case .setStack(let layer, let screens, _):
                guard layer == layers.count - 1 else { throw refuse("a stack changed under a modal layer") }
                guard layer == 0 || !screens.isEmpty || !layers[layer].sections.isEmpty else {
                    throw refuse("a modal layer emptied; dismiss it")
                }
                layers[layer] = try setting(screens, on: layer)
            case .push(let layer, let screen, _):
                guard layer == layers.count - 1 else { throw refuse("a push under a modal layer") }
                guard !layers[layer].screens.contains(where: { $0.id == screen.id }) else {
                    throw refuse("a push of a screen already in the stack")
                }
                layers[layer] = try setting(layers[layer].screens + [screen], on: layer)
            case .popTo(let layer, let id, _):
                guard layer == layers.count - 1 else { throw refuse("a pop under a modal layer") }
                guard let index = layers[layer].screens.firstIndex(where: { $0.id == id }) else {
                    throw refuse("a pop to a screen not in the stack")
                }
                guard index < layers[layer].screens.count - 1 else {
                    throw refuse("a pop to the screen already on top")
                }
                layers[layer] = try setting(Array(layers[layer].screens[...index]), on: layer)
            case .present(let layer, _):
                guard !layer.screens.isEmpty || !layer.sections.isEmpty else {
                    throw refuse("a present of an empty layer")
                }
                guard !(layers.count == 1 && layers[0].screens.isEmpty && layers[0].sections.isEmpty) else {
                    throw refuse("a present over no screen")
                }
                layers.append(layer)
            case .dismiss(let keeping, _):
                guard keeping >= 1 else { throw refuse("a dismiss of the root stack") }
                guard keeping < layers.count else { throw refuse("a dismiss with nothing presented above") }
                layers.removeSubrange(keeping...)
            case .setLayer(let layer, let content, _):
                guard layer == layers.count - 1 else { throw refuse("a layer replaced under a modal layer") }
                guard layer == 0 || !content.screens.isEmpty || !content.sections.isEmpty else {
                    throw refuse("a modal layer emptied; dismiss it")
                }
                layers[layer] = content
            case .selectSection(let layer, let tab, _):
                guard layer == layers.count - 1 else { throw refuse("a tab selected under a modal layer") }
                guard let selected = layers[layer].selecting(tab) else {
                    throw refuse("a selection of a tab the layer's one section bar does not have")
                }
                layers[layer] = selected
            case .setSectionStack(let layer, let section, let screens, _):
                guard layers.indices.contains(layer), let changed = layers[layer].replacingTab(section, with: screens)
                else { throw refuse("a hidden tab's stack set where the layer has no such tab, or it is selected") }
                layers[layer] = changed
            }
        }
        // Whether a tab can be selected is the state's, not an operation's:
        // taken from the tree, as the busy state is.
        let bars = self.tree.layers.flatMap(\.sections)
        layers = layers.map { layer in
            Layer(
                screens: layer.screens,
                sections: layer.sections.map { bar in
                    let now = bars.first { $0.owner == bar.owner }?.isSelectable ?? bar.isSelectable
                    return bar.with(selected: bar.selected, tabs: bar.tabs, isSelectable: now)
                })
        }
        return PresentationTree(layers: layers, busy: self.tree.busy)
    }

    /// Whether two layers show the same: their screens, and their bars'
    /// owners, tabs, stacks and selection.
    private static func same(_ one: PresentationTree.Layer, _ other: PresentationTree.Layer) -> Bool {
        guard ids(one) == ids(other), one.sections.count == other.sections.count else { return false }
        return zip(one.sections, other.sections).allSatisfy { $0.sameShape(as: $1) }
    }

    /// The operations that take layer `layer` from `old` to `new` (the
    /// layers above it dismissed first): one stack change; for a layer
    /// with one section bar whose tabs stay, the hidden tabs' stacks that
    /// changed, the selection, then the selected stack's change; else the
    /// layer set whole.
    private static func layerChange(
        from old: PresentationTree.Layer, to new: PresentationTree.Layer, layer: Int
    ) -> [Operation] {
        if old.sections.isEmpty && new.sections.isEmpty { return [stackChange(from: old, to: new, layer: layer)] }
        guard old.sections.count == 1, new.sections.count == 1, let was = old.sections.first,
            let now = new.sections.first, was.owner == now.owner, was.tabs.map(\.name) == now.tabs.map(\.name),
            was.base == now.base, old.isRegular, new.isRegular,
            old.screens.prefix(was.base).map(\.id) == new.screens.prefix(now.base).map(\.id)
        else { return [.setLayer(layer: layer, new, animated: false)] }
        var operations: [Operation] = []
        for tab in now.tabs.indices where tab != now.selected {
            if was.tabs[tab].screens.map(\.id) != now.tabs[tab].screens.map(\.id) {
                operations.append(.setSectionStack(layer: layer, section: tab, now.tabs[tab].screens, animated: false))
            }
        }
        var shown = old
        if was.selected != now.selected {
            operations.append(.selectSection(layer: layer, index: now.selected, animated: false))
            shown = old.selecting(now.selected) ?? old
        }
        if ids(shown) != ids(new) { operations.append(stackChange(from: shown, to: new, layer: layer)) }
        return operations
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
    package var isAnimated: Bool {
        switch self {
        case .setStack(_, _, let animated), .push(_, _, let animated), .popTo(_, _, let animated),
            .present(_, let animated), .dismiss(_, let animated), .setLayer(_, _, let animated),
            .selectSection(_, _, let animated), .setSectionStack(_, _, _, let animated):
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
        case .setLayer(let layer, let content, _): .setLayer(layer: layer, content, animated: animated)
        case .selectSection(let layer, let index, _): .selectSection(layer: layer, index: index, animated: animated)
        case .setSectionStack(let layer, let section, let screens, _):
            .setSectionStack(layer: layer, section: section, screens, animated: animated)
        }
    }
}
