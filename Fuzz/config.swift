// libFuzzer target: the config file (flightlog.toml).
// Built and run by scripts/fuzz.sh (make fuzz); the pipeline is FuzzPipelines.config in Tests/FlightLogCoreTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let outcome = FuzzPipelines.config(Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = outcome.violation { fatalError(violation) }
    return 0
}
