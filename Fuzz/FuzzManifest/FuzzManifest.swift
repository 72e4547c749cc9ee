import FuzzDriver
import BundledModules
import StepflowManifest

// libFuzzer target: any bytes as a manifest. Loading must report, never
// crash, whatever the bytes (JSON reader, shapes, every validator).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
        bytes, file: "fuzz.json")
    return 0
}

/// The target's entry point, as SwiftPM links it: libFuzzer's driver.
@_cdecl("FuzzManifest_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzManifest)
}
