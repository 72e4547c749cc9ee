import BundledModules
import StepflowManifest

// libFuzzer target: any bytes as a manifest. Loading must report, never
// crash, whatever the bytes (JSON reader, shapes, every validator).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ManifestLoader(registry: BundledModules.registry).decode(bytes, file: "fuzz.json")
    return 0
}

// SwiftPM links an executable's entry point as `FuzzManifest_main`; hand the
// process to libFuzzer's driver with this target's callback.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

@_cdecl("FuzzManifest_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzManifest)
}
