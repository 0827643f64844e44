// libFuzzer target: tzdata: TZif files and zone1970.tab.
// Built and run by scripts/fuzz.sh (make fuzz); the pipeline is FuzzPipelines.timeZone in Tests/FlightLogCoreTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let outcome = FuzzPipelines.timeZone(Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = outcome.violation { fatalError(violation) }
    return 0
}
