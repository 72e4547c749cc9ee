#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StepflowManifest
import StepflowTesting

/// The figures of an earlier run's JSON by name: schema 2 as written by
/// ``json(_:_:)``, or schema 1 (before figures had names), read into the
/// same names. An error names the file and what is wrong.
func readBaseline(_ path: String) -> Result<Baseline, BaselineError> {
    guard let text = GoldenFile.read(path) else {
        return .failure(
            BaselineError(
                message:
                    "cannot read \(path): \(String(cString: strerror(errno))). To fix, name the JSON an earlier run "
                    + "wrote with --json FILE."))
    }
    let root: JSONNode
    do throws(JSONSyntaxError) {
        root = try JSONParser.parse(Array(text.utf8))
    } catch {
        return .failure(BaselineError(message: "\(path):\(error.location): \(error.message)"))
    }
    guard case .object = root.value else {
        return .failure(BaselineError(message: "\(path): not a benchmark's JSON (--json writes one)."))
    }
    var figures: [String: Double] = [:]
    if let list = root["figures"]?.arrayValue {
        for entry in list {
            if let name = entry["name"]?.stringValue, let value = entry["value"]?.doubleValue { figures[name] = value }
        }
        let quick: Bool? = if case .bool(let quick) = root["quick"]?.value { quick } else { nil }
        return .success(Baseline(figures: figures, quick: quick))
    }
    // Schema 1: sections of named fields.
    for entry in root["graph"]?.arrayValue ?? [] {
        guard let steps = entry["steps"]?.doubleValue else { continue }
        let prefix = "graph.\(Int(steps))"
        let engine = entry["exploreAndDOTNanoseconds"]?.doubleValue
        let fair = entry["fairFloorNanoseconds"]?.doubleValue
        if let engine { figures["\(prefix).exploreAndDOT"] = engine / 1e6 }
        if let fair { figures["\(prefix).fairFloor"] = fair / 1e6 }
        if let engine, let fair { figures["\(prefix).fairRatio"] = engine / fair }
        if let old = entry["floorNanoseconds"]?.doubleValue { figures["\(prefix).oldFloor"] = old / 1e6 }
        if let peak = entry["peakRSSMiB"]?.doubleValue { figures["\(prefix).peak"] = peak }
    }
    if let small = figures["graph.10000.exploreAndDOT"], let large = figures["graph.100000.exploreAndDOT"] {
        figures["graph.growth"] = large / small
    }
    for entry in root["suites"]?.arrayValue ?? [] {
        if let name = entry["variant"]?.stringValue, let ms = entry["milliseconds"]?.doubleValue {
            figures["suite.\(name)"] = ms
        }
    }
    if let engine = root["engine"] {
        let names = [
            ("crossThreadNanoseconds", "crossThread"), ("queueHopNanoseconds", "hop"),
            ("onQueueNanoseconds", "onQueue"),
            ("directSwitchNanoseconds", "directSwitch"), ("rxChainNanoseconds", "rxChain"),
        ]
        for (field, name) in names {
            if let value = engine[field]?["median"]?.doubleValue { figures["engine.\(name)"] = value }
        }
        if let cross = figures["engine.crossThread"] {
            if let hop = figures["engine.hop"] { figures["engine.hopRatio"] = cross / hop }
            if let rx = figures["engine.rxChain"] { figures["engine.rxRatio"] = cross / rx }
        }
    }
    if let memory = root["memory"] {
        figures["memory.bytesPerFlow"] = memory["bytesPerFlow"]?.doubleValue
        figures["memory.returned"] = memory["returnedPercent"]?.doubleValue
    }
    if let restore = root["restore"] {
        figures["restore.read"] = restore["readNanoseconds"]?["median"]?.doubleValue.map { $0 / 1e6 }
        figures["restore.replay"] = restore["restoreNanoseconds"]?["median"]?.doubleValue.map { $0 / 1e6 }
        figures["restore.live"] = restore["liveNanoseconds"]?["median"]?.doubleValue.map { $0 / 1e6 }
    }
    for entry in root["cliStartupMilliseconds"]?.arrayValue ?? [] {
        if let name = entry["manifest"]?.stringValue, let ms = entry["rootapp"]?.doubleValue {
            figures["startup.trace.\(name)"] = ms
            figures["startup.floor"] = entry["floor"]?.doubleValue
        }
    }
    // A full run of schema 1 drove the engine through 1M steps.
    let steps = root["engine"]?["steps"]?.doubleValue
    return .success(Baseline(figures: figures, quick: steps.map { $0 < 1_000_000 }))
}

/// An earlier run's figures by name, and whether it was a quick run (`nil`:
/// it does not say).
struct Baseline {
    let figures: [String: Double]
    let quick: Bool?
}

struct BaselineError: Error {
    let message: String
}

/// Reading a baseline: members and values, `nil` where absent or of
/// another kind.
extension JSONNode {
    fileprivate subscript(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }
    fileprivate var arrayValue: [JSONNode]? {
        if case .array(let items) = value { items } else { nil }
    }
    fileprivate var stringValue: String? {
        if case .string(let text) = value { text } else { nil }
    }
    fileprivate var doubleValue: Double? {
        if case .number(let number) = value { Double(number.literal) } else { nil }
    }
}
