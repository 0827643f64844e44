// libFuzzer target: gpsd messages as the daemon sees them (libgps unpacking, the reader, fusion, live detection).
// Built and run by scripts/fuzz.sh (make fuzz); the pipeline is GPSDFuzzPipeline in Tests/FlightLogSensorsTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = GPSDFuzzPipeline.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
