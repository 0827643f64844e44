// libFuzzer target: the live journal file (flightlog.sqlite.live) as recovery reads it after a power cut.
// Built and run by scripts/fuzz.sh (make fuzz); the pipeline is JournalFuzzPipeline in Tests/FlightLogCoreTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let outcome = JournalFuzzPipeline.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = outcome.violation { fatalError(violation) }
    return 0
}
