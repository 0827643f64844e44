// libFuzzer target: any bytes as one of WeGlide's answers (the upload's list of flights, a refusal's detail, the
// aircraft list and the glider type match). Built and run by scripts/fuzz.sh; the pipeline is WeGlideFuzzPipeline
// in Tests/FlightLogWeGlideTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if let violation = WeGlideFuzzPipeline.run(Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError(violation)
    }
    return 0
}
