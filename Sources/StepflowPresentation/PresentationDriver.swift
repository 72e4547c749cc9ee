import Dispatch
public import Stepflow

/// The calls a UI toolkit makes to show a presentation, in the shape of
/// the toolkit's own: `setViewControllers(_:animated:)`,
/// `pushViewController(_:animated:)`, `popToViewController(_:animated:)`,
/// `present(_:animated:)`, `dismiss(animated:)`. An app's host makes a
/// page (a view controller, a view) per screen from its own view factory;
/// ``PresentationDriver`` calls the rest, one batched update per render.
@MainActor
public protocol PresentationHost: AnyObject {
    /// A page the toolkit shows for one screen.
    associatedtype Page

    /// The page for `screen`, made once per screen instance.
    func makePage(for screen: PresentationTree.Screen) -> Page
    /// Replaces layer `layer`'s stack (the top layer's) by `pages`.
    func setPages(_ pages: [Page], onLayer layer: Int, animated: Bool)
    /// Pushes `page` onto layer `layer` (the top one).
    func pushPage(_ page: Page, onLayer layer: Int, animated: Bool)
    /// Pops layer `layer` (the top one) back to `page`, which stays.
    func popToPage(_ page: Page, onLayer layer: Int, animated: Bool)
    /// Presents a new layer of `pages` above the top one.
    func presentLayer(_ pages: [Page], animated: Bool)
    /// Dismisses every layer above the first `count`.
    func dismissLayers(keeping count: Int, animated: Bool)
    /// Shows the app busy with `busy`'s question (a spinner, or the
    /// question's answers when the app asks itself), or not busy (`nil`).
    func showBusy(_ busy: PresentationTree.Busy?)
    /// Replaces layer `layer` (the top one) whole: `below`, then, when
    /// `bar` is given, a section bar (a `UITabBarController`, a
    /// `TabView`) of its tabs, tab `i` holding `stacks[i]`, `bar.selected`
    /// selected; without a bar, a plain stack of `below`. Until the bar
    /// goes, the stack calls above act on the selected tab's stack.
    ///
    /// By default, the visible stack as a plain one (`setPages`): a host
    /// that draws no tab bar still shows the right screens.
    func setLayer(
        _ layer: Int, below: [Page], bar: PresentationTree.SectionBar?, stacks: [[Page]], animated: Bool)
    /// Selects tab `index` of layer `layer`'s bar; `pages` is the visible
    /// stack after it (the pages below the bar, then the tab's stack as
    /// the host kept it). By default, `setPages(pages)`.
    func selectSection(_ index: Int, onLayer layer: Int, showing pages: [Page], animated: Bool)
    /// Replaces the stack of tab `section`, which is not selected, of
    /// layer `layer`'s bar. By default nothing: a host without tabs does
    /// not show it.
    func setSectionPages(_ pages: [Page], section: Int, onLayer layer: Int, animated: Bool)
}

extension PresentationHost {
    /// The visible stack, as a plain one.
    package func setLayer(
        _ layer: Int, below: [Page], bar: PresentationTree.SectionBar?, stacks: [[Page]], animated: Bool
    ) {
        setPages(below + (bar.map { stacks[$0.selected] } ?? []), onLayer: layer, animated: animated)
    }

    /// The visible stack after the selection, as a plain one.
    public func selectSection(_ index: Int, onLayer layer: Int, showing pages: [Page], animated: Bool) {
        setPages(pages, onLayer: layer, animated: animated)
    }

    /// Nothing: a hidden tab is not shown.
    package func setSectionPages(_ pages: [Page], section: Int, onLayer layer: Int, animated: Bool) {}
}

/// Drives a ``PresentationHost`` from the engine's renders: keeps what is
/// shown, and performs on the host the batched update from it to each new
/// tree. On the main actor, as a toolkit is; ``MainActorNavigator`` hops
/// there from the coordinator's queue.
///
/// ```swift
/// let driver = PresentationDriver(host: host)
/// let navigator = MainActorNavigator { tree in driver.show(tree) }
/// let coordinator = Coordinator(queue: .main, navigator: navigator)
/// ```
@MainActor
public final class PresentationDriver<Host: PresentationHost> {
    /// The host it drives.
    public let host: Host
    /// What the host shows now.
    public private(set) var tree = PresentationTree(layers: [])
    /// Each shown screen's page, by screen instance.
    private var pages: [ScreenInstanceID: Host.Page] = [:]

    /// A driver of `host`, which shows nothing yet.
    public init(host: Host) {
        self.host = host
    }

    /// Shows `tree`: performs the batched update from what is shown on the
    /// host, and returns it.
    @discardableResult
    public func show(_ new: PresentationTree) -> PresentationUpdate {
        let update = PresentationUpdate(from: tree, to: new)
        for operation in update.operations {
            switch operation {
            case .setStack(let layer, let screens, let animated):
                host.setPages(screens.map(page), onLayer: layer, animated: animated)
            case .push(let layer, let screen, let animated):
                host.pushPage(page(for: screen), onLayer: layer, animated: animated)
            case .popTo(let layer, let id, let animated):
                guard let screen = tree.layers[layer].screens.first(where: { $0.id == id }) else { continue }
                host.popToPage(page(for: screen), onLayer: layer, animated: animated)
            case .present(let layer, let animated):
                host.presentLayer(layer.screens.map(page), animated: animated)
            case .dismiss(let keeping, let animated):
                host.dismissLayers(keeping: keeping, animated: animated)
            case .setLayer(let layer, let content, let animated):
                let bar = content.sections.first
                let below = bar.map { Array(content.screens.prefix($0.base)) } ?? content.screens
                host.setLayer(
                    layer, below: below.map(page), bar: bar, stacks: bar?.tabs.map { $0.screens.map(page) } ?? [],
                    animated: animated)
            case .selectSection(let layer, let index, let animated):
                guard tree.layers.indices.contains(layer), let shown = tree.layers[layer].selecting(index) else {
                    continue
                }
                host.selectSection(index, onLayer: layer, showing: shown.screens.map(page), animated: animated)
            case .setSectionStack(let layer, let section, let screens, let animated):
                host.setSectionPages(screens.map(page), section: section, onLayer: layer, animated: animated)
            }
        }
        if update.tree.busy != tree.busy { host.showBusy(update.tree.busy) }
        tree = new
        let shown = Set(new.layers.flatMap { $0.screens.map(\.id) })
        pages = pages.filter { shown.contains($0.key) }
        return update
    }

    /// The UI moved itself (`move` already happened on screen): what is
    /// shown follows, and `coordinator` is told. The engine's next render
    /// then takes the host on from there.
    ///
    /// - Returns: Whether the move fits what is shown.
    @discardableResult
    public func userMoved(_ move: UserMove, coordinator: Coordinator) -> Bool {
        guard let after = tree.after(move) else { return false }
        coordinator.handle(move, in: tree)
        if case .selected(let section, let owner) = move, let layer = after.layers.indices.last,
            let bar = after.layers[layer].sections.first(where: { $0.owner == owner }),
            let index = bar.tabs.firstIndex(where: { $0.name == section })
        {
            // The tab bar switched itself; the host's own record follows
            // (selecting the selected tab again is nothing to a toolkit).
            host.selectSection(
                index, onLayer: layer, showing: after.layers[layer].screens.map(page), animated: false)
        }
        tree = after
        return true
    }

    /// The toolkit's top stack shrank to `count` pages by the person's own
    /// gesture (UIKit's `navigationController(_:didShow:animated:)` after
    /// a back swipe; a `NavigationStack` path set shorter): reported as
    /// ``UserMove/popped(to:)``. A cancelled swipe shrinks nothing.
    ///
    /// `count` counts the top layer's screens as the tree lists them: the
    /// screens below a section bar, then the selected tab's stack. A tab's
    /// own navigation controller holds the tab's stack only, so add the
    /// bar's ``PresentationTree/SectionBar/base``:
    /// `driver.userPopped(toCount: bar.base + tabController.viewControllers.count, …)`.
    ///
    /// - Returns: Whether it was a pop of what is shown.
    @discardableResult
    public func userPopped(toCount count: Int, coordinator: Coordinator) -> Bool {
        guard let layer = tree.layers.last, count >= 1, count < layer.screens.count else { return false }
        return userMoved(.popped(to: layer.screens[count - 1].id), coordinator: coordinator)
    }

    /// The top modal layer was dismissed by the person (a sheet dragged
    /// away): reported as ``UserMove/dismissed(root:)``.
    ///
    /// - Returns: Whether a modal layer is shown.
    @discardableResult
    public func userDismissedTopLayer(coordinator: Coordinator) -> Bool {
        guard tree.layers.count > 1, let root = tree.layers.last?.root else { return false }
        return userMoved(.dismissed(root: root.id), coordinator: coordinator)
    }

    /// The page of `screen`: the one made for it, or a new one.
    private func page(for screen: PresentationTree.Screen) -> Host.Page {
        if let page = pages[screen.id] { return page }
        let page = host.makePage(for: screen)
        pages[screen.id] = page
        return page
    }
}

/// A `Navigator` that hands each render's ``PresentationTree`` to the
/// main actor, in render order: one per navigation, and one each time a
/// question opens or closes (the tree's ``PresentationTree/busy``).
///
/// The coordinator's queue may be `.main` (an app's usual choice): the
/// tree is then delivered on the next turn of the main queue, never
/// inside the render.
public final class MainActorNavigator: Navigator, Sendable {
    private let deliver: @MainActor @Sendable (PresentationTree) -> Void

    /// A navigator that calls `deliver` on the main actor with each tree.
    public init(deliver: @escaping @MainActor @Sendable (PresentationTree) -> Void) {
        self.deliver = deliver
    }

    /// Makes the tree on the coordinator's queue, and delivers it on the
    /// main actor.
    public func render(_ state: NavigationState, changes: [NavigationChange], questions: [WaitingAnswer]) {
        let tree = PresentationTree(state, questions: questions)
        let deliver = self.deliver
        DispatchQueue.main.async { MainActor.assumeIsolated { deliver(tree) } }
    }

    /// Makes the tree of `state`, no question open, and delivers it (the
    /// coordinator calls ``render(_:changes:questions:)`` instead).
    public func render(_ state: NavigationState, changes: [NavigationChange]) {
        render(state, changes: changes, questions: [])
    }
}
