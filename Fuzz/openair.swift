// libFuzzer target: an OpenAir airspace file (tolerant reader, then an infringement search in what it read).
// Built and run by scripts/fuzz.sh (make fuzz); the pipeline is OpenAirFuzzPipeline in Tests/FlightLogCoreTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let outcome = OpenAirFuzzPipeline.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = outcome.violation { fatalError(violation) }
    return 0
}
