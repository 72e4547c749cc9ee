public import StepflowPresentation

/// The calls of a navigation controller the UIKit host makes, named as
/// UIKit's `UINavigationController` spells them: it conforms below, in a
/// few lines only an Apple build compiles; a test double conforms on
/// Linux.
@MainActor
public protocol NavigationControllerLike: AnyObject {
    /// A page: a `UIViewController`.
    associatedtype Page

    /// The stack, bottom first (`viewControllers`).
    var pages: [Page] { get }
    /// `setViewControllers(_:animated:)`.
    func setPages(_ pages: [Page], animated: Bool)
    /// `pushViewController(_:animated:)`.
    func pushPage(_ page: Page, animated: Bool)
    /// `popToViewController(_:animated:)`.
    func popToPage(_ page: Page, animated: Bool)
    /// `present(_:animated:completion:)` of another navigation controller.
    func presentModally(_ other: Self, animated: Bool)
    /// `dismiss(animated:completion:)`: what it presents goes.
    func dismissPresented(animated: Bool)
}

/// What changed about a layer's section bar: the host made a navigation
/// controller per tab, and the app installs them in its tab bar
/// controller (`setViewControllers(_:animated:)`, each `tabBarItem.title`
/// a label), selects one (`selectedIndex`), or takes the bar away.
public enum TabBarChange<Controller> {
    /// Layer `layer` shows a tab bar of `tabs` labelled `labels`, tab
    /// `selected` selected.
    case show(layer: Int, tabs: [Controller], labels: [String], selected: Int)
    /// Tab `index` of layer `layer`'s bar is selected.
    case select(layer: Int, index: Int)
    /// Layer `layer` shows no tab bar any more.
    case remove(layer: Int)
}

/// A ``PresentationHost`` over navigation controllers: the root one, and
/// one presented per modal layer, made by the app (`makeController`).
/// The app gives its view factory (`makePage`, keyed by the screen's
/// module instance and id) and how to show the busy state. Where a flow
/// shows sections, the host makes a navigation controller per tab, keeps
/// each tab's stack in it, and tells the app (`onTabs`) to install them
/// in its `UITabBarController`; pushes, pops and presents then act on the
/// selected tab's controller.
///
/// ```swift
/// let host = NavigationControllerHost(
///     root: rootController, makeController: { UINavigationController() },
///     makePage: { screen in factory.page(for: screen) })
/// let driver = PresentationDriver(host: host)
/// ```
@MainActor
public final class NavigationControllerHost<Controller: NavigationControllerLike>: PresentationHost {
    /// A page of the controllers.
    public typealias Page = Controller.Page

    /// The root navigation controller.
    public let root: Controller
    /// The root controller and each one presented above it, in order.
    public private(set) var controllers: [Controller]
    private let makeController: @MainActor () -> Controller
    private let makePageBody: @MainActor (PresentationTree.Screen) -> Page
    private let showBusyBody: @MainActor (PresentationTree.Busy?) -> Void
    private let onTabs: @MainActor (TabBarChange<Controller>) -> Void
    /// Each layer's tabs, where it shows a section bar: a controller per
    /// tab, and the selected one.
    public private(set) var tabs: [Int: (controllers: [Controller], selected: Int)] = [:]
    /// The controller each presented layer was presented from.
    private var presenters: [Controller] = []

    /// A host over `root`, presenting controllers `makeController` makes,
    /// with pages `makePage` makes, the busy state `showBusy` shows, and
    /// tab bars `onTabs` installs.
    public init(
        root: Controller, makeController: @escaping @MainActor () -> Controller,
        makePage: @escaping @MainActor (PresentationTree.Screen) -> Page,
        showBusy: @escaping @MainActor (PresentationTree.Busy?) -> Void = { _ in },
        onTabs: @escaping @MainActor (TabBarChange<Controller>) -> Void = { _ in }
    ) {
        self.root = root
        self.controllers = [root]
        self.makeController = makeController
        self.makePageBody = makePage
        self.showBusyBody = showBusy
        self.onTabs = onTabs
    }

    /// The controller whose stack layer `layer` shows: its selected tab's,
    /// or the layer's own.
    package func visibleController(onLayer layer: Int) -> Controller {
        tabs[layer].map { $0.controllers[$0.selected] } ?? controllers[layer]
    }

    /// The page `makePage` makes for `screen`.
    public func makePage(for screen: PresentationTree.Screen) -> Page { makePageBody(screen) }

    /// Sets the stack of layer `layer`'s controller (its selected tab's).
    public func setPages(_ pages: [Page], onLayer layer: Int, animated: Bool) {
        guard let bar = tabs[layer] else { return controllers[layer].setPages(pages, animated: animated) }
        // The pages below the bar stay in the layer's own controller.
        let below = controllers[layer].pages.count
        bar.controllers[bar.selected].setPages(Array(pages.dropFirst(below)), animated: animated)
    }

    /// Pushes onto layer `layer`'s controller (its selected tab's).
    public func pushPage(_ page: Page, onLayer layer: Int, animated: Bool) {
        visibleController(onLayer: layer).pushPage(page, animated: animated)
    }

    /// Pops layer `layer`'s controller (its selected tab's) back to `page`.
    public func popToPage(_ page: Page, onLayer layer: Int, animated: Bool) {
        visibleController(onLayer: layer).popToPage(page, animated: animated)
    }

    /// Presents a new controller of `pages` over the top one.
    public func presentLayer(_ pages: [Page], animated: Bool) {
        let controller = makeController()
        controller.setPages(pages, animated: false)
        let presenter = visibleController(onLayer: controllers.count - 1)
        presenter.presentModally(controller, animated: animated)
        presenters.append(presenter)
        controllers.append(controller)
    }

    /// Dismisses the controllers above the first `count`.
    public func dismissLayers(keeping count: Int, animated: Bool) {
        guard count >= 1, count < controllers.count else { return }
        presenters[count - 1].dismissPresented(animated: animated)
        presenters.removeSubrange((count - 1)...)
        controllers.removeSubrange(count...)
        for layer in tabs.keys where layer >= count { tabs[layer] = nil }
    }

    /// Replaces layer `layer`: `below` in its controller, and a tab bar
    /// of a new controller per tab (each holding its stack), or none.
    public func setLayer(
        _ layer: Int, below: [Page], bar: PresentationTree.SectionBar?, stacks: [[Page]], animated: Bool
    ) {
        controllers[layer].setPages(below, animated: animated && bar == nil)
        guard let bar else {
            if tabs.removeValue(forKey: layer) != nil { onTabs(.remove(layer: layer)) }
            return
        }
        let made = stacks.map { stack in
            let controller = makeController()
            controller.setPages(stack, animated: false)
            return controller
        }
        tabs[layer] = (made, bar.selected)
        onTabs(.show(layer: layer, tabs: made, labels: bar.tabs.map(\.label), selected: bar.selected))
    }

    /// Selects tab `index` of layer `layer`: its controller kept its stack.
    public func selectSection(_ index: Int, onLayer layer: Int, showing pages: [Page], animated: Bool) {
        guard let bar = tabs[layer], bar.controllers.indices.contains(index) else {
            return controllers[layer].setPages(pages, animated: animated)
        }
        tabs[layer] = (bar.controllers, index)
        onTabs(.select(layer: layer, index: index))
    }

    /// Sets the stack of tab `section` of layer `layer`, not selected.
    public func setSectionPages(_ pages: [Page], section: Int, onLayer layer: Int, animated: Bool) {
        guard let bar = tabs[layer], bar.controllers.indices.contains(section) else { return }
        bar.controllers[section].setPages(pages, animated: false)
    }

    /// Shows the busy state as the app said.
    public func showBusy(_ busy: PresentationTree.Busy?) { showBusyBody(busy) }
}

#if canImport(UIKit)
import UIKit

extension UINavigationController: NavigationControllerLike {
    public var pages: [UIViewController] { viewControllers }
    public func setPages(_ pages: [UIViewController], animated: Bool) { setViewControllers(pages, animated: animated) }
    public func pushPage(_ page: UIViewController, animated: Bool) { pushViewController(page, animated: animated) }
    public func popToPage(_ page: UIViewController, animated: Bool) { popToViewController(page, animated: animated) }
    public func presentModally(_ other: UINavigationController, animated: Bool) { present(other, animated: animated) }
    public func dismissPresented(animated: Bool) { dismiss(animated: animated) }
}
#endif
