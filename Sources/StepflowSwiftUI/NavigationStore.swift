public import Observation
public import Stepflow
public import StepflowPresentation

/// The engine's presentation as observable state a SwiftUI view binds to:
/// a `NavigationStack`'s root and path, the sheets above it, the busy
/// state. It compiles everywhere Observation does (Linux too); only the
/// few lines of view below need SwiftUI.
///
/// Setting ``path`` shorter (the person swiped back) or calling
/// ``sheetDismissedByPerson()`` (a sheet dragged away) tells the
/// coordinator, as ``UserMove``s; the engine's next render follows.
///
/// ```swift
/// let store = NavigationStore()
/// let navigator = MainActorNavigator { tree in store.show(tree) }
/// let coordinator = Coordinator(queue: .main, navigator: navigator)
/// store.coordinator = coordinator
/// ```
@MainActor
@Observable
public final class NavigationStore {
    /// What is shown.
    public private(set) var tree = PresentationTree(layers: [])
    /// The coordinator told of the person's own moves.
    @ObservationIgnored public weak var coordinator: Coordinator?

    /// A store that shows nothing yet.
    public init() {}

    /// Shows `tree` (what ``MainActorNavigator`` delivers).
    public func show(_ tree: PresentationTree) { self.tree = tree }

    /// The root stack's first screen: a `NavigationStack`'s root view.
    public var root: PresentationTree.Screen? { tree.layers.first?.root }

    /// The root stack above its first screen: bind a `NavigationStack`'s
    /// path to it. Set shorter by a back swipe while no sheet is up, the
    /// coordinator is told; any other set is ignored (the engine decides
    /// what comes).
    public var path: [PresentationTree.Screen] {
        get { Array(tree.layers.first?.screens.dropFirst() ?? []) }
        set { personPopped(layer: 0, toCount: newValue.count + 1) }
    }

    /// The modal layers above the root stack, in order: each a sheet, its
    /// first screen the sheet's root.
    package var sheets: [PresentationTree.Layer] { Array(tree.layers.dropFirst()) }

    /// The question the app waits for, if any: show it, and offer no action.
    public var busy: PresentationTree.Busy? { tree.busy }

    /// The path inside sheet `index` (0: the first above the root): bind
    /// the sheet's own `NavigationStack` to it.
    package func sheetPath(_ index: Int) -> [PresentationTree.Screen] {
        let layers = sheets
        return layers.indices.contains(index) ? Array(layers[index].screens.dropFirst()) : []
    }

    /// Sets sheet `index`'s path: shorter after the person swiped back.
    package func setSheetPath(_ index: Int, _ path: [PresentationTree.Screen]) {
        personPopped(layer: index + 1, toCount: path.count + 1)
    }

    /// The section bar of the root stack, if a flow shows sections there:
    /// draw a `TabView` of its tabs, each with its own `NavigationStack`.
    package var sectionBar: PresentationTree.SectionBar? { tree.layers.first?.sections.first }

    /// The selected section's name: bind a `TabView`'s selection to it.
    /// Set by the person's tap, the coordinator is told (``UserMove/selected(section:of:)``)
    /// and the tab shows at once; a set the bar does not allow now (a
    /// sheet over it, a question open) is ignored.
    public var selectedSection: String? {
        get { sectionBar?.selectedTab.name }
        set {
            guard let newValue, let bar = sectionBar, newValue != bar.selectedTab.name else { return }
            move(.selected(section: newValue, of: bar.owner))
        }
    }

    /// The stack of tab `index` above its first screen: bind that tab's
    /// `NavigationStack` to it (``setSectionPath(_:_:)`` when it is set).
    public func sectionPath(_ index: Int) -> [PresentationTree.Screen] {
        guard let bar = sectionBar, bar.tabs.indices.contains(index) else { return [] }
        return Array(bar.tabs[index].screens.dropFirst())
    }

    /// Sets the selected tab's path: shorter after the person swiped back.
    package func setSectionPath(_ index: Int, _ path: [PresentationTree.Screen]) {
        guard let bar = sectionBar, index == bar.selected, tree.layers.count == 1 else { return }
        personPopped(layer: 0, toCount: bar.base + path.count + 1)
    }

    /// The person dragged the top sheet away.
    public func sheetDismissedByPerson() {
        guard tree.layers.count > 1, let root = tree.layers.last?.root else { return }
        move(.dismissed(root: root.id))
    }

    private func personPopped(layer: Int, toCount count: Int) {
        guard layer == tree.layers.count - 1, count >= 1, count < tree.layers[layer].screens.count else { return }
        move(.popped(to: tree.layers[layer].screens[count - 1].id))
    }

    private func move(_ move: UserMove) {
        guard let after = tree.after(move) else { return }
        coordinator?.handle(move, in: tree)
        tree = after
    }
}

#if canImport(SwiftUI)
import SwiftUI

/// The store as a `NavigationStack` with its sheets: `page` draws each
/// screen (the app's view factory, keyed by module instance and screen id).
public struct NavigationStoreView<Page: View>: View {
    @Bindable var store: NavigationStore
    let page: (PresentationTree.Screen) -> Page

    /// The store's stack, drawing each screen with `page`.
    public init(store: NavigationStore, page: @escaping (PresentationTree.Screen) -> Page) {
        self.store = store
        self.page = page
    }

    public var body: some View {
        Group {
            if let bar = store.sectionBar {
                TabView(selection: Binding(get: { store.selectedSection ?? "" }, set: { store.selectedSection = $0 })) {
                    ForEach(Array(bar.tabs.enumerated()), id: \.element.name) { index, tab in
                        NavigationStack(
                            path: Binding(get: { store.sectionPath(index) }, set: { store.setSectionPath(index, $0) })
                        ) {
                            Group { if let first = tab.screens.first { page(first) } }
                                .navigationDestination(for: PresentationTree.Screen.self) { page($0) }
                        }
                        .tabItem { Text(tab.label) }.tag(tab.name)
                    }
                }
            } else {
                NavigationStack(path: $store.path) {
                    Group { if let root = store.root { page(root) } }
                        .navigationDestination(for: PresentationTree.Screen.self) { page($0) }
                }
            }
        }
        // The first sheet's root; deeper sheets and a sheet's own path are
        // in the store (`sheets`, `sheetPath(_:)`) for an app's own view.
        .sheet(
            isPresented: Binding(get: { !store.sheets.isEmpty }, set: { if !$0 { store.sheetDismissedByPerson() } })
        ) {
            if let sheet = store.sheets.first?.root { page(sheet) }
        }
    }
}
#endif
