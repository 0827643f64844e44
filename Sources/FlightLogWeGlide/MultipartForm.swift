import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields, then one file, each part with its `Content-Disposition`.
struct MultipartForm {
    let boundary: String
    let body: [UInt8]

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    init(
        fields: [(name: String, value: String)], file: (name: String, fileName: String, bytes: [UInt8]),
        boundary: String = "flightlog-" + UUID().uuidString
    ) {
        self.boundary = boundary
        var body: [UInt8] = []
        func line(_ text: String) { body += Array((text + "\r\n").utf8) }
        for field in fields {
            line("--\(boundary)")
            line("Content-Disposition: form-data; name=\"\(field.name)\"")
            line("")
            line(field.value)
        }
        line("--\(boundary)")
        let fileName = file.fileName.filter { $0 != "\"" && $0 != "\r" && $0 != "\n" && $0 != "\\" }
        line("Content-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(fileName)\"")
        line("Content-Type: application/octet-stream")
        line("")
        body += file.bytes
        line("")
        line("--\(boundary)--")
        self.body = body
    }
}
