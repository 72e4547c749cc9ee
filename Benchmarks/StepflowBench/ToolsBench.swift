#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 57: the release `rootapp` on the largest bundled variant, each
/// command as a person runs it (a report written to a file writes its
/// prototype beside it), against `validate` on the same variant.
struct ToolsFigures {
    let variant: String
    /// Median nanoseconds by command.
    var times: [String: Double] = [:]
    /// The commands in the order they ran.
    static let commands = ["validate", "suite", "prototype", "report"]
}

/// 11: validate, suite, prototype and report of hba1c-clinic, timed as
/// processes; `nil` when rootapp is not built beside this binary.
func toolsSection(quick: Bool) -> ToolsFigures? {
    guard let rootapp = binaries().rootapp else {
        print("Tools: skipped (build rootapp in release beside this binary and run")
        print("from the repository's root: swift build -c release --product rootapp).")
        print("")
        return nil
    }
    let variant = "hba1c-clinic"
    let manifest = "RootApp/Manifests/\(variant).json"
    let runs = quick ? 1 : 3
    let folder = "/tmp/stepflow-bench-tools-\(getpid())"
    mkdir(folder, 0o755)
    var figures = ToolsFigures(variant: variant)
    var run = 0
    for command in ToolsFigures.commands {
        var times: [Double] = []
        for _ in 0..<runs {
            run += 1
            // Each run writes where nothing is yet (suite refuses a folder
            // that holds scripts; report's prototype one it did not write).
            let output = "\(folder)/\(run)" + (command == "suite" ? "" : ".html")
            let arguments =
                command == "validate" ? [rootapp, command, manifest] : [rootapp, command, manifest, "-o", output]
            if let time = timeProcess(arguments) { times.append(Double(time)) }
        }
        times.sort()
        figures.times[command] = times.isEmpty ? .nan : times[times.count / 2]
    }
    _ = timeProcess(["/bin/rm", "-rf", folder])
    print("Tools (issue 57): rootapp in release on \(variant), as a person runs it")
    print("(report writes its prototype beside it), median of \(runs) run\(runs == 1 ? "" : "s"):")
    let validate = figures.times["validate"] ?? .nan
    for command in ToolsFigures.commands {
        let time = figures.times[command] ?? .nan
        print(
            "  " + command + String(repeating: " ", count: 12 - command.count),
            padded(fixed(time / 1e9, 2), 7) + " s", padded(fixed(time / validate, 1), 7) + "x validate")
    }
    print("")
    return figures
}
