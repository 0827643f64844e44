import FlightLogCore
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element as read: its name, attributes, child elements and the line it starts on. Text between elements
/// is not kept (a task file holds none that counts).
package struct TaskXML: Sendable, Equatable {
    package var name: String
    package var attributes: [String: String]
    package var children: [TaskXML] = []
    package var line: Int

    /// The first child element called `name`, as XCSoar's `GetChildNamed`.
    package func child(_ name: String) -> TaskXML? { children.first { $0.name == name } }

    /// Bounds on what is read: a task file is a few kilobytes (101 points of four elements each).
    package static let maxDepth = 16
    package static let maxElements = 10_000

    /// Parses `bytes` with libxml2 (FoundationXML's `XMLParser`): no external entity is loaded, and a document type
    /// declaration (where entities would be declared: "billion laughs") is refused before parsing.
    /// - Throws: ``TaskFileProblem`` naming the line: not well-formed XML, a `<!DOCTYPE`, too deep or too many
    ///   elements.
    package static func parse(_ bytes: [UInt8]) throws(TaskFileProblem) -> TaskXML {
        if let line = notUTF8TextLine(bytes) {
            throw TaskFileProblem(
                line: line, "not UTF-8 text (a NUL byte or a broken character): XCSoar writes task files in UTF-8")
        }
        if let line = declarationLine(bytes) {
            throw TaskFileProblem(
                line: line, "a document type declaration (<!DOCTYPE or <!ENTITY) is not allowed in a task file")
        }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let builder = TreeBuilder()
        parser.delegate = builder
        let parsed = parser.parse()
        if let problem = builder.problem { throw problem }
        guard parsed, let root = builder.root else {
            throw TaskFileProblem(line: max(1, parser.lineNumber), "not well-formed XML")
        }
        return root
    }

    /// The line of the first NUL byte or invalid UTF-8 sequence, `nil` for UTF-8 text. Only such text reaches
    /// libxml2: in another encoding the DOCTYPE check would not see its marks, and libxml2 2.9.14 crashed
    /// (a null pointer in `xmlParseChunk`) on a file starting `00 00 00 3C`, which it takes for UCS-4.
    static func notUTF8TextLine(_ bytes: [UInt8]) -> Int? {
        var line = 1
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 {
                    if encoded.first == 0 { return line }
                    if encoded.first == 0x0A { line += 1 }
                }
            case .error:
                return line
            case .emptyInput:
                return nil
            }
        }
    }

    /// The line of the first `<!DOCTYPE` or `<!ENTITY` (ASCII case ignored), `nil` when there is none.
    static func declarationLine(_ bytes: [UInt8]) -> Int? {
        let marks = ["<!doctype", "<!entity"].map { Array($0.utf8) }
        var line = 1
        for i in bytes.indices {
            if bytes[i] == 0x0A { line += 1 }
            guard bytes[i] == UInt8(ascii: "<") else { continue }
            for mark in marks where i + mark.count <= bytes.count {
                if zip(bytes[i..<i + mark.count], mark).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) { return line }
            }
        }
        return nil
    }
}

/// A task file that cannot be read, with the line it was found on (`nil`: the file as a whole).
package struct TaskFileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    package var line: Int?
    package var message: String
    package init(line: Int?, _ message: String) {
        self.line = line
        self.message = message
    }
    package var description: String { line.map { "line \($0): \(message)" } ?? message }
}

/// Builds the element tree from the parser's events; stops at the first error or bound.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [TaskXML] = []
    var root: TaskXML?
    var problem: TaskFileProblem?
    var elements = 0

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        guard problem == nil else { return }
        elements += 1
        if stack.count >= TaskXML.maxDepth {
            fail(parser, "elements nested more than \(TaskXML.maxDepth) deep")
        } else if elements > TaskXML.maxElements {
            fail(parser, "more than \(TaskXML.maxElements) elements")
        } else {
            stack.append(TaskXML(name: name, attributes: attributes, line: parser.lineNumber))
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard problem == nil, let element = stack.popLast() else { return }
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
        guard problem == nil else { return }
        fail(parser, Self.words((error as NSError).code))
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        problem = TaskFileProblem(line: max(1, parser.lineNumber), message)
        parser.abortParsing()
    }

    /// libxml2's error codes (`xmlParserErrors`) a damaged file gives most, in words.
    static func words(_ code: Int) -> String {
        let known: [Int: String] = [
            3: "not XML: no element where the document starts", 4: "not XML: the file is empty or holds no element",
            5: "text after the last element", 9: "a character XML does not allow",
            26: "an entity (&name;) that is not defined", 38: "'<' inside an attribute value",
            39: "an attribute value without quotes",
            41: "an attribute without a value", 42: "an attribute given twice", 73: "'>' missing",
            76: "a closing tag that does not match the open one", 77: "the file ends inside an element",
            89: "an entity that refers to itself",
        ]
        return "not well-formed XML: " + (known[code] ?? "libxml2 error \(code)")
    }
}
