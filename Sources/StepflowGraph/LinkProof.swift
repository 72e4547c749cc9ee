package import Stepflow

/// Where each routed link lands, opened from every live state of a
/// variant: what `rootapp validate` proves and `report` lists.
///
/// The explorer opens every link (``Stepflow/LinkDelivery``, by its
/// representative addresses) in every state where the app runs; each
/// opening is counted here by how it ended. A link that lands shows a
/// screen of the state graph, so a reviewer has seen it; one the route
/// declines says why; one held waits for its module; one its module
/// declines gives no reason, and is a finding with the walk.
package struct LinkProof: Hashable, Sendable {
    /// How one address ended, over every state it was opened in.
    package struct Tally: Hashable, Sendable {
        /// The address (`result/positive`).
        package let address: String
        /// Openings that showed a screen, by the screen on top after.
        package internal(set) var landed: [String: Int] = [:]
        /// Openings held until the link's module starts.
        package internal(set) var held = 0
        /// Openings the route declined, by its reason.
        package internal(set) var declined: [String: Int] = [:]
        /// Openings that asked a question first (a module's `adapt`).
        package internal(set) var asked = 0
        /// Openings the module declined without a reason: each a finding.
        package internal(set) var declinedByModule = 0

        /// Every opening counted.
        package var openings: Int {
            landed.values.reduce(0, +) + held + declined.values.reduce(0, +) + asked + declinedByModule
        }
    }

    /// An address refused before any flow saw it, for a parameter's value
    /// in a class the link refuses: the same from every state, so opened
    /// once (through the variant's own routing).
    package struct Refused: Hashable, Sendable {
        /// The address (`kept/normal/1024`).
        package let address: String
        /// The parameter, its class and the reason, as the routing gave them.
        package let entry: EntryRefusal
    }

    /// Each address opened in every form the platform may hand the app
    /// (its scheme, its universal-link hosts, a trailing `/`,
    /// percent-encoded, an ignored query, a fragment): how many forms were
    /// routed, over every address.
    package internal(set) var formsOpened = 0
    /// Each form routed to another delivery than its address (or refused),
    /// as `<form> <address>: <what it gave>`: a bug in the routing, and a
    /// finding.
    package internal(set) var formsDiffering: [String] = []

    /// The states the app runs in: where every link was opened.
    package internal(set) var liveStates = 0
    /// Each address, in the order the manifest routes them.
    package internal(set) var tallies: [Tally] = []
    /// Each refusing class of each route's parameters, opened with its
    /// representative and refused.
    package internal(set) var refused: [Refused] = []

    /// No link opened.
    package init() {}

    /// Every opening of every address.
    package var openings: Int { tallies.reduce(0) { $0 + $1.openings } }

    /// Whether every opening landed, waited, asked or was declined with a
    /// reason: none was declined by its module without one.
    package var holds: Bool { tallies.allSatisfy { $0.declinedByModule == 0 } && formsDiffering.isEmpty }

    /// Counts one opening of `address`.
    mutating func count(_ address: String, _ update: (inout Tally) -> Void) {
        if let index = tallies.firstIndex(where: { $0.address == address }) {
            update(&tallies[index])
        } else {
            var tally = Tally(address: address)
            update(&tally)
            tallies.append(tally)
        }
    }

    /// `4 links from each of 37 states: 120 land on 6 screens, 20 held, 8
    /// declined with the route's reason, 0 declined by a module`.
    package var summary: String {
        let landed = tallies.reduce(0) { $0 + $1.landed.values.reduce(0, +) }
        let screens = Set(tallies.flatMap(\.landed.keys)).count
        let held = tallies.reduce(0) { $0 + $1.held }
        let declined = tallies.reduce(0) { $0 + $1.declined.values.reduce(0, +) }
        let asked = tallies.reduce(0) { $0 + $1.asked }
        let byModule = tallies.reduce(0) { $0 + $1.declinedByModule }
        var parts = ["\(landed) land on \(screens) screen\(screens == 1 ? "" : "s")"]
        if held > 0 { parts.append("\(held) held until their module starts") }
        if declined > 0 { parts.append("\(declined) declined with the route's reason") }
        if asked > 0 { parts.append("\(asked) ask a question first") }
        parts.append("\(byModule) declined by a module without a reason")
        var summary =
            "\(tallies.count) link\(tallies.count == 1 ? "" : "s") opened from each of \(liveStates) live "
            + "state\(liveStates == 1 ? "" : "s"): " + parts.joined(separator: ", ")
        if formsOpened > 0 {
            summary +=
                "; each address also opened in the forms a device hands over (\(formsOpened) in all), "
                + "\(formsDiffering.count) routed otherwise"
        }
        if !refused.isEmpty {
            let classes = refused.map { refused -> String in
                if case .refusedClass(_, let valueClass) = refused.entry.reason {
                    return "\(refused.entry.field) \(valueClass.name)"
                }
                return refused.entry.field
            }
            summary +=
                "; \(refused.count) address\(refused.count == 1 ? "" : "es") refused for a parameter's value "
                + "before any flow saw it (\(classes.joined(separator: ", ")))"
        }
        return summary
    }
}
