import FlightLogCore
import FlightLogSecurity
import FlightLogStore
import FlightLogWeGlide
import FlightLogWeb
import Foundation

extension WebApp {
    /// The WeGlide account of this glider's config when the phone may upload: the glider's own logbook (not the
    /// club's) with editing on; nil otherwise (no button, and the POST is refused).
    var weglideAccount: (userId: Int, dateOfBirth: String)? {
        guard settings.club == nil, settings.passwordHash != nil, let userId = settings.config.weglide.userId,
            let dateOfBirth = settings.config.weglide.dateOfBirth
        else { return nil }
        return (userId, dateOfBirth)
    }

    /// `POST /flights/ID/weglide` (the flight page's button; login and CSRF token as for an edit): the upload
    /// `flightlog upload ID` makes, through the same ``WeGlideUpload``; the flight page then says what happened
    /// (the link, WeGlide's refusal, or why nothing was sent). `again=1` sends a flight that may be on WeGlide.
    func uploadToWeGlide(id: Int64, _ request: WebRequest, viewer: Viewer, sessionId: String?) async throws
        -> WebResponse
    {
        guard let account = weglideAccount else {
            throw HTTPError(
                status: 403, title: "No WeGlide account",
                message: "Uploads need [weglide] user_id and date_of_birth in the config file, and editing on.")
        }
        try await checkedEditPost(
            request, viewer: viewer, sessionId: sessionId, needsLogin: "Uploading needs the password: log in first.")
        let databasePath = settings.databasePath
        let store = try FlightStore(path: databasePath, mode: .readWrite)
        let flight = try store.flight(id: id)
        let said = Locked<[String]>([])
        let upload = WeGlideUpload(
            store: store, databasePath: databasePath, config: settings.config, account: account,
            signer: { DeviceKey.exportSigner(databasePath: databasePath).signer },
            say: { line in said.update { $0.append(line) } })
        _ = await upload.run([flight], again: request.form["again"] == "1")
        let notice = said.update { $0.joined(separator: " ") }
        return try await flightPage(id: id, notice: notice.isEmpty ? nil : notice, viewer: viewer)
    }
}
