extension AirfieldDataSet {
    /// The data set kept in memory for many reads of small regions (`flightlog serve`'s maps, one per page): its
    /// bytes, and per field only its position and where its line is. A region's read then measures the distance
    /// to each position and parses only the lines inside (``parse(_:region:runways:)``, the one reader of the
    /// format), instead of splitting every line of the file again. Costs the file's size (~3 MB) plus 32 bytes
    /// per field (~1.5 MB).
    package struct Regions: Sendable {
        private let bytes: [UInt8]
        /// The header line and the zone lines: every region's parse starts with them (the zone numbers stay).
        private let preamble: [UInt8]
        private let latitudes: [Double]
        private let longitudes: [Double]
        /// Each field's line, without its newline.
        private let lines: [Range<Int>]

        package var count: Int { lines.count }

        /// - Throws: ``FormatError`` when the header or a field's position cannot be read (a damaged install);
        ///   the other columns are checked when a region holding the field is read.
        package init(_ bytes: [UInt8]) throws(FormatError) {
            var preamble: [UInt8] = []
            var latitudes: [Double] = [], longitudes: [Double] = [], lines: [Range<Int>] = []
            try bytes.withUnsafeBufferPointer { buffer throws(FormatError) in
                var text = ByteLines(buffer)
                var columns: [Range<Int>] = []
                var lineNumber = 0
                while let line = text.next() {
                    lineNumber += 1
                    if lineNumber == 1 || (!line.isEmpty && buffer[line.lowerBound] == UInt8(ascii: "@")) {
                        preamble += buffer[line]
                        preamble.append(UInt8(ascii: "\n"))
                    } else if !line.isEmpty {
                        text.cells(of: line, into: &columns)
                        guard columns.count >= 5,
                            let latitude = Double(text.text(columns[2])), let longitude = Double(text.text(columns[3]))
                        else { throw FormatError(line: lineNumber, message: "expected a latitude and a longitude") }
                        latitudes.append(latitude)
                        longitudes.append(longitude)
                        lines.append(line)
                    }
                }
            }
            _ = try parse(preamble)  // the header is checked
            self.bytes = bytes
            self.preamble = preamble
            self.latitudes = latitudes
            self.longitudes = longitudes
            self.lines = lines
        }

        /// The fields in `region`, as ``parse(_:region:runways:)`` gives them from the whole file.
        package func fields(in region: Region, runways: Bool) throws(FormatError) -> [Airfield] {
            var selected = preamble
            for i in lines.indices
            where region.contains(Coordinate(latitude: latitudes[i], longitude: longitudes[i])) {
                selected += bytes[lines[i]]
                selected.append(UInt8(ascii: "\n"))
            }
            return try parse(selected, region: region, runways: runways)
        }
    }
}
