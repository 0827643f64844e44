import FlightLogCore
import FlightLogStore
import Foundation
import PostgresNIO

extension ClubLogbook {
    /// Sets the competition class, declared task and analysis of this device's flights on the server where the
    /// server's copy differs from `flights` (the analysis by ``ClubKept/AnalysisKey``: its version, inputs and
    /// proof, so `flightlog analyse --prove` sends it again), one flight per transaction. Nothing is read back
    /// into the glider's logbook. Nothing when the server lacks the columns.
    /// - Returns: how many flights' values were sent.
    package func push(kept flights: [ClubKeptFlight]) async throws(SyncError) -> Int {
        guard hasKept, !flights.isEmpty else { return 0 }
        let me = UUID(uuidString: device)
        let held = try await run { [self] in
            var held: [UUID: (klass: String?, task: FlightTask?, key: ClubKept.AnalysisKey?, analysis: Bool)] = [:]
            let key = ClubKept.AnalysisKey.fields.map { "'\($0)', analysis->'\($0)'" }.joined(separator: ", ")
            let rows = try await connection.query(
                """
                SELECT uuid, competition_class, declared_task::text,
                    CASE WHEN analysis IS NOT NULL THEN jsonb_build_object(\(unescaped: key))::text END
                FROM flight WHERE device_uuid = \(me)
                """, logger: logger)
            for try await (uuid, klass, task, analysisKey) in rows.decode((UUID, String?, String?, String?).self) {
                held[uuid] = (klass, ClubKept.task(task), ClubKept.AnalysisKey.of(analysisKey), analysisKey != nil)
            }
            return held
        }
        var sent = 0
        for flight in flights {
            guard let uuid = UUID(uuidString: flight.uuid), let there = held[uuid] else { continue }
            // A class no logbook text may be (too long, control characters) stays here.
            let klass = ClubKept.competitionClass(flight.competitionClass)
            let task = flight.declaredTask.flatMap { try? JSONDecoder().decode(FlightTask.self, from: $0) }
            let key = flight.analysis.flatMap { try? JSONDecoder().decode(ClubKept.AnalysisKey.self, from: $0) }
            let sameAnalysis = key == nil ? !there.analysis : key == there.key
            guard there.klass != klass || there.task != task || !sameAnalysis else { continue }
            let taskJSON = flight.declaredTask.map { String(decoding: $0, as: UTF8.self) }
            let analysisJSON = key == nil ? nil : flight.analysis.map { String(decoding: $0, as: UTF8.self) }
            try await run { [self] in
                try await connection.query(
                    """
                    UPDATE flight SET competition_class = \(klass),
                        declared_task = \(taskJSON)::jsonb, analysis = \(analysisJSON)::jsonb
                    WHERE uuid = \(uuid) AND device_uuid = \(me)
                    """, logger: logger)
            }
            sent += 1
        }
        return sent
    }
}
