import AsyncHTTPClient
import FlightLogCore
import Foundation
import NIOCore
import NIOPosix

/// WeGlide's public API, the calls flightlog makes (docs/WEGLIDE.md): `POST /v1/igcfile`, `GET /v1/aircraft` and
/// `GET /v1/flight`. The only importer of AsyncHTTPClient; TLS checks against the system's trust store.
package struct WeGlideAPI: Sendable {
    /// The API root without `/v1`, e.g. `https://api.weglide.org`.
    package var baseURL: String
    /// Longest wait for the connection; the whole upload may take `requestTimeout`.
    package var connectTimeout: TimeAmount = .seconds(10)
    package var requestTimeout: TimeAmount = .seconds(120)

    package init(baseURL: String) { self.baseURL = baseURL }

    /// What came back from an upload.
    package enum UploadAnswer: Sendable, Equatable {
        /// `201`: the ids of the flights WeGlide made of the file (one for a file of one flight).
        case created([Int64])
        /// `400`, `422` (or another `4xx`): WeGlide's words, the file was not taken.
        case refused(status: Int, detail: String)
    }

    /// Sends one IGC file for the pilot. The form's fields are the ones WeGlide's OpenAPI document names:
    /// `file` (with a file name), `user_id`, `date_of_birth`, `aircraft_id`.
    /// - Throws: ``WeGlideTransportError``: `.notSent` when the request never left this machine, `.uncertain`
    ///   when it may have reached WeGlide (the answer was lost), `.server` for a `5xx`.
    package func upload(
        igc: [UInt8], fileName: String, userId: Int, dateOfBirth: String, aircraftId: Int
    ) async throws(WeGlideTransportError) -> UploadAnswer {
        let form = MultipartForm(
            fields: [("user_id", String(userId)), ("date_of_birth", dateOfBirth), ("aircraft_id", String(aircraftId))],
            file: (name: "file", fileName: fileName, bytes: igc))
        var request = HTTPClientRequest(url: baseURL + "/v1/igcfile")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: form.contentType)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "flightlog")
        request.body = .bytes(ByteBuffer(bytes: form.body))
        let (status, body) = try await send(request, sending: true)
        switch status {
        case 201:
            guard let ids = WeGlideAnswers.createdFlightIds(body), !ids.isEmpty else {
                throw .uncertain("WeGlide answered 201 without flight ids: \(WeGlideAnswers.excerpt(body))")
            }
            return .created(ids)
        case 400..<500: return .refused(status: status, detail: WeGlideAnswers.detail(body) ?? "HTTP \(status)")
        default: throw .server(status: status, detail: WeGlideAnswers.detail(body) ?? WeGlideAnswers.excerpt(body))
        }
    }

    /// `GET /v1/aircraft`: the aircraft catalogue as JSON bytes (``AircraftCatalogue`` reads them).
    package func aircraftCatalogue() async throws(WeGlideTransportError) -> [UInt8] {
        try await getJSON("/v1/aircraft", what: "the aircraft list")
    }

    /// `GET /v1/flight`: the pilot's flights scored from `firstDate` to `lastDate` (`YYYY-MM-DD`), at most 100, as
    /// JSON bytes (``WeGlideAnswers/listedFlights(_:)`` reads them). Public: no login.
    package func flights(userId: Int, from firstDate: String, to lastDate: String) async throws(WeGlideTransportError)
        -> [UInt8]
    {
        let query = "user_id_in=\(userId)&scoring_date_start=\(firstDate)&scoring_date_end=\(lastDate)&limit=100"
        return try await getJSON("/v1/flight?" + query, what: "the flight list")
    }

    /// `GET path` for JSON (no login): the body of a 200 answer; any other is `.server` with WeGlide's detail, else
    /// "`what` answered HTTP N".
    private func getJSON(_ path: String, what: String) async throws(WeGlideTransportError) -> [UInt8] {
        var request = HTTPClientRequest(url: baseURL + path)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "flightlog")
        let (status, body) = try await send(request, sending: false)
        guard status == 200 else {
            throw .server(status: status, detail: WeGlideAnswers.detail(body) ?? "\(what) answered HTTP \(status)")
        }
        return body
    }

    /// Runs `request`; `sending`: a failure after connecting may have delivered it (`.uncertain`), else `.notSent`.
    private func send(_ request: HTTPClientRequest, sending: Bool) async throws(WeGlideTransportError)
        -> (Int, [UInt8])
    {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: connectTimeout, read: requestTimeout)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let response = try await client.execute(request, timeout: requestTimeout + connectTimeout)
            let body = try await response.body.collect(upTo: 16 << 20)
            try? await client.shutdown()
            return (Int(response.status.code), Array(body.readableBytesView))
        } catch {
            try? await client.shutdown()
            let words = Self.describe(error)
            if !sending || Self.failedBeforeSending(error) { throw .notSent(words) }
            throw .uncertain(words)
        }
    }

    /// Errors of the connection phase: nothing of the request reached the server.
    static func failedBeforeSending(_ error: any Error) -> Bool {
        if let error = error as? HTTPClientError {
            return error == .connectTimeout || error == .invalidURL || error == .emptyHost
        }
        if error is NIOConnectionError || error is SocketAddressError { return true }
        // A failed TLS handshake (NIOSSL's errors) happens before the request is written.
        if String(reflecting: type(of: error)).hasPrefix("NIOSSL.") { return true }
        if let error = error as? IOError {
            return [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, ECONNABORTED].contains(error.errnoCode)
        }
        if let error = error as? ChannelError, case .connectTimeout = error { return true }
        return false
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            return "cannot connect to \(error.host):\(error.port)"
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return "no connection within the time limit"
            case .deadlineExceeded, .readTimeout: return "no answer within the time limit"
            case .remoteConnectionClosed: return "the connection was closed before the answer"
            default: break
            }
        }
        return String(describing: error)
    }
}

/// A failure to talk to WeGlide (not a refusal: WeGlide's refusals are ``WeGlideAPI/UploadAnswer/refused``).
package enum WeGlideTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing reached WeGlide (no network, no connection, name not found).
    case notSent(String)
    /// The request may have reached WeGlide but no complete answer came back.
    case uncertain(String)
    /// WeGlide answered `5xx`: try later.
    case server(status: Int, detail: String)

    package var description: String {
        switch self {
        case .notSent(let why): "WeGlide cannot be reached: \(why)"
        case .uncertain(let why): "no answer from WeGlide: \(why)"
        case .server(let status, let detail): "WeGlide answered \(status): \(detail)"
        }
    }
}
