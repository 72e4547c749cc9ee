#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPlatform


enum DiffCommand {
    static let command = RootApp.Command(spec: CommandSpec(
        name: "diff",
        abstract: "What differs between two variants: modules, options, routes and screens first, then the steps.",
        discussion: "Exits 1 when the variants differ, 0 when they reach the same steps and screens by the same edges.",
        arguments: [.init(name: "manifest-a", help: "The first variant."), .init(name: "manifest-b", help: "The second variant.")]
    )) { arguments, console, app throws(ExitCodeError) in
        let a = try app.variant(arguments.positional[0], console)
        let b = try app.variant(arguments.positional[1], console)
        let diff = VariantDiff(a, b)
        let (nameA, nameB) = (a.manifest.app.id, b.manifest.app.id)
        if diff.isEmpty {
            console.print("\(nameA) and \(nameB) have the same modules, routes, screens, steps and edges.")
            return .success
        }
        func section(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            console.print(console.bold("\(title) (\(items.count)):"))
            for item in items { for line in console.wrap(item, indent: "      ", firstIndent: "  ") { console.print(line) } }
            console.print()
        }
        console.print(console.bold("Summary: \(nameA) → \(nameB)"))
        if diff.summaryIsEmpty { console.print("  Same modules, options, routes and screens; the steps below differ.") }
        console.print()
        section("Modules only in \(nameA)", diff.instancesOnlyInA)
        section("Modules only in \(nameB)", diff.instancesOnlyInB)
        section("Options changed", diff.changedOptions)
        section("Routes only in \(nameA)", diff.routesOnlyInA)
        section("Routes only in \(nameB)", diff.routesOnlyInB)
        section("Routes changed", diff.changedRoutes)
        section("Screens only in \(nameA)", diff.screensOnlyInA)
        section("Screens only in \(nameB)", diff.screensOnlyInB)
        let detail = diff.detail
        if !detail.isEmpty {
            console.print(console.bold("Detail, inside the modules (the app's own steps are summed up by the routes):"))
            console.print()
            section("Steps and screens only in \(nameA)", detail.nodesOnlyInA)
            section("Steps and screens only in \(nameB)", detail.nodesOnlyInB)
            section("Edges only in \(nameA)", detail.edgesOnlyInA)
            section("Edges only in \(nameB)", detail.edgesOnlyInB)
        }
        return .findings
    }
}

