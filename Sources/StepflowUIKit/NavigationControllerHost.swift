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

/// A ``PresentationHost`` over navigation controllers: the root one, and
/// one presented per modal layer, made by the app (`makeController`).
/// The app gives its view factory (`makePage`, keyed by the screen's
/// module instance and id) and how to show the busy state.
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

    /// A host over `root`, presenting controllers `makeController` makes,
    /// with pages `makePage` makes and the busy state `showBusy` shows.
    public init(
        root: Controller, makeController: @escaping @MainActor () -> Controller,
        makePage: @escaping @MainActor (PresentationTree.Screen) -> Page,
        showBusy: @escaping @MainActor (PresentationTree.Busy?) -> Void = { _ in }
    ) {
        self.root = root
        self.controllers = [root]
        self.makeController = makeController
        self.makePageBody = makePage
        self.showBusyBody = showBusy
    }

    /// The page `makePage` makes for `screen`.
    public func makePage(for screen: PresentationTree.Screen) -> Page { makePageBody(screen) }

    /// Sets the stack of layer `layer`'s controller.
    public func setPages(_ pages: [Page], onLayer layer: Int, animated: Bool) {
        controllers[layer].setPages(pages, animated: animated)
    }

    /// Pushes onto layer `layer`'s controller.
    public func pushPage(_ page: Page, onLayer layer: Int, animated: Bool) {
        controllers[layer].pushPage(page, animated: animated)
    }

    /// Pops layer `layer`'s controller back to `page`.
    public func popToPage(_ page: Page, onLayer layer: Int, animated: Bool) {
        controllers[layer].popToPage(page, animated: animated)
    }

    /// Presents a new controller of `pages` over the top one.
    public func presentLayer(_ pages: [Page], animated: Bool) {
        let controller = makeController()
        controller.setPages(pages, animated: false)
        controllers[controllers.count - 1].presentModally(controller, animated: animated)
        controllers.append(controller)
    }

    /// Dismisses the controllers above the first `count`.
    public func dismissLayers(keeping count: Int, animated: Bool) {
        guard count >= 1, count < controllers.count else { return }
        controllers[count - 1].dismissPresented(animated: animated)
        controllers.removeSubrange(count...)
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
