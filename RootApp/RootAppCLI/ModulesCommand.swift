import Stepflow
import StepflowGraph
import StepflowManifest

enum ModulesCommand {
    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "modules",
            abstract: "List the modules manifests may name: options, entry fields, services, exits, links and screens.",
            discussion:
                """
                Exits and screens are found by exploring each module's flow with its default options, then with \
                each other value of each choice or boolean option (the others at their defaults); one found only \
                under some of these settings says which.
                """
        )
    ) { _, console, app in
        for module in app.registry.all {
            console.print(console.bold(module.id))
            for line in console.wrap(module.summary, indent: "  ", firstIndent: "  ") { console.print(line) }
            console.print("  options:")
            if module.options.isEmpty { console.print("    (none)") }
            for option in module.options {
                let given =
                    option.defaultValue.map { "default \($0)" }
                    ?? "required\(option.requiredWhenDescription), e.g. \(option.example)"
                let words = option.isTranslatable ? "; translatable, may be given per locale" : ""
                for line in console.wrap(
                    "\(option.name): \(option.kind), \(given)\(words)", indent: "      ", firstIndent: "    ")
                { console.print(line) }
                for line in console.wrap(option.summary, indent: "      ", firstIndent: "      ") {
                    console.print(console.dim(line))
                }
            }
            if !module.entryFields.isEmpty {
                console.print("  entry needs:")
                for field in module.entryFields {
                    for line in console.wrap(
                        "\(field.name): \(field.kind)\(field.isRequired ? "" : " (optional)")", indent: "      ",
                        firstIndent: "    ")
                    { console.print(line) }
                }
            }
            if !module.services.isEmpty {
                console.print("  services:")
                for service in module.services {
                    let given = app.services.provides(service) ? "" : " (not provided by \(app.name))"
                    for line in console.wrap("\(service)\(given)", indent: "      ", firstIndent: "    ") {
                        console.print(line)
                    }
                }
            }
            let survey = ModuleSurvey(module, services: app.services)
            guard survey.missingServices.isEmpty else {
                let names = survey.missingServices.map(\.name).joined(separator: ", ")
                for line in console.wrap(
                    """
                    exits and screens: not explored, as \(app.name) does not provide \(names); manifests naming \
                    this module are refused.
                    """,
                    indent: "    ", firstIndent: "  ")
                { console.print(line) }
                console.print()
                continue
            }
            console.print("  exits:")
            for exit in survey.exits {
                let fields = exit.fields.isEmpty ? "" : " (hands on \(exit.fields.joined(separator: ", ")))"
                let when = exit.availability == .always ? "" : " (\(exit.availability))"
                for line in console.wrap(
                    "\(exit.name)\(fields)\(when): \(exit.summary).", indent: "      ", firstIndent: "    ")
                { console.print(line) }
            }
            if !survey.links.isEmpty {
                console.print("  links (a manifest's links route an address to '<instance>.<link>'):")
                for link in survey.links {
                    let parameters = link.parameters.map { spec in
                        "{\(spec.name)}: \(spec.kind)\(spec.isRequired ? "" : ", optional")"
                            + (spec.classes.isEmpty
                                ? "" : " (" + spec.classes.map(\.summary).joined(separator: "; ") + ")")
                    }
                    let carries = parameters.isEmpty ? "" : " " + parameters.joined(separator: ", ")
                    let when = link.availability == .always ? "" : " (\(link.availability))"
                    for line in console.wrap(
                        "\(link.name)\(carries)\(when): \(link.summary).", indent: "      ", firstIndent: "    ")
                    { console.print(line) }
                }
            }
            console.print("  screens (a rule names one as '<instance>/<screen>'):")
            for screen in survey.screens {
                let when = screen.availability == .always ? "" : " (\(screen.availability))"
                for line in console.wrap("\(screen.id): \(screen.title)\(when)", indent: "      ", firstIndent: "    ")
                { console.print(line) }
            }
            console.print()
        }
        return .success
    }
}
