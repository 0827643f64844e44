// libFuzzer target: a pilot's SeeYou CUP file (tolerant reader, merge into the airfield index, place lookup).
// Built and run by scripts/fuzz.sh (make fuzz); the pipeline is CUPFuzzPipeline in Tests/FlightLogCoreTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let outcome = CUPFuzzPipeline.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = outcome.violation { fatalError(violation) }
    return 0
}
