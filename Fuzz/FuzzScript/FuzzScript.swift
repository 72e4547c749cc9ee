import FuzzDriver
import StepflowScripts

// libFuzzer target: any bytes as an acceptance script.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? Script.parse(text, file: "fuzz.txt")
    return 0
}

/// The target's entry point, as SwiftPM links it: libFuzzer's driver.
@_cdecl("FuzzScript_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzScript)
}
