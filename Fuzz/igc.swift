// libFuzzer target: IGC import (read, detect, launch analysis, storage codec) and IGC/KML/GPX/GeoJSON export of each flight.
// Built and run by scripts/fuzz.sh (make fuzz); the pipeline is FuzzPipelines.igc in Tests/FlightLogCoreTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let outcome = FuzzPipelines.igc(Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = outcome.violation { fatalError(violation) }
    return 0
}
