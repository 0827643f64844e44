/// Addition "class, task, analysis": what a glider keeps beside a flight that the club's pages need too (issues 38
/// and 41). The competition class settles the glider index's span, the declared task is the flight page's task,
/// and the analysis spares the club's server computing each flight again after a restart. Each glider writes
/// them on its own rows only (row-level security, as every column of `flight`); the club's pages read them as
/// outside input (``ClubKept``).
extension ServerSchema {
    static var maxTaskBytes: Int { ClubKept.maxTaskBytes }
    static var maxAnalysisBytes: Int { ClubKept.maxAnalysisBytes }

    static let keptColumns: [String] =
        [
            // competition_class: the imported file's `HFCCL` as written (`Flight.competitionClass`), at most 200
            // characters as every logbook text (FieldRules). declared_task: the `FlightTask` a recorded flight was
            // declared with, the glider's JSON. analysis: the glider's stored `FlightAnalysis` (its version and
            // inputs inside), used by the club's pages only while it is current for the flight as the club holds it.
            // NULL for a flight without one, for one synced by an older flightlog and for every row already there.
            """
            ALTER TABLE flight
                ADD COLUMN IF NOT EXISTS competition_class text CHECK (char_length(competition_class) <= 200),
                ADD COLUMN IF NOT EXISTS declared_task jsonb
                    CHECK (jsonb_typeof(declared_task) = 'object' AND octet_length(declared_task::text) <= \(maxTaskBytes)),
                ADD COLUMN IF NOT EXISTS analysis jsonb
                    CHECK (jsonb_typeof(analysis) = 'object' AND octet_length(analysis::text) <= \(maxAnalysisBytes))
            """
            // The gliders write the new columns of their own rows, as they write the others.
        ] + grants
}
