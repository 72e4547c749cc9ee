import FuzzDriver
import Stepflow
import StepflowManifest

// libFuzzer target: any bytes as a String Catalog, then every translation
// filled in as the engine would.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (catalog, _) = StringCatalog.read(bytes, file: "fuzz.xcstrings")
    for entry in catalog?.entries.values ?? [:].values {
        for localization in entry.localizations.values {
            let template = TextTemplate(other: localization.template.other, one: localization.template.one, count: "n")
            _ = template.filled(["n": "1", "minutes": "15"], locale: "de")
            _ = template.placeholders
        }
    }
    return 0
}

/// The target's entry point, as SwiftPM links it: libFuzzer's driver.
@_cdecl("FuzzCatalog_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzCatalog)
}
