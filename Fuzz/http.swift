// libFuzzer target: one HTTP request to `flightlog serve` (path, query, form, cookies, list filters, edit form,
// login token). Built and run by scripts/fuzz.sh (make fuzz); the pipeline is HTTPFuzzPipeline in
// Tests/FlightLogWebTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let outcome = HTTPFuzzPipeline.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = outcome.violation { fatalError(violation) }
    return 0
}
