/// What went wrong in `flightlog serve`, and what to do about it.
package struct ServerError: Error, CustomStringConvertible, Equatable {
    package var description: String
    package init(_ description: String) { self.description = description }
}
