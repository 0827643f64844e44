// libFuzzer target: track blobs from a database file, and what reading and exporting them does.
// Built and run by scripts/fuzz.sh (make fuzz); the pipeline is FuzzPipelines.trackCodec in Tests/FlightLogCoreTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let outcome = FuzzPipelines.trackCodec(Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = outcome.violation { fatalError(violation) }
    return 0
}
