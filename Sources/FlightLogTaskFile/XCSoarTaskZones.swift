import FlightLogCore

extension XCSoarTaskReader {
    /// The zone of an `<ObservationZone>` as XCSoar builds it (`DeserialiseOZ`), placed for `role`: XCSoar's
    /// symmetric zones lie behind the start, beyond the finish and outside a turn (``TaskZone/Orientation``'s
    /// `toNext`, `toPrevious`, `symmetric`). Sizes in metres, angles in degrees (the whole sector's angle).
    static func zone(_ element: TaskXML?, role: Role, line: Int, warnings: inout [String]) -> TaskZone {
        let around: TaskZone.Orientation = role == .start ? .toNext : role == .finish ? .toPrevious : .symmetric
        // No zone, or one XCSoar does not know: its defaults (`SectorDefaults`): a 1 km start and finish cylinder, a
        // 500 m turnpoint cylinder.
        let fallback = TaskZone.cylinder(role == .turn ? 500 : 1000)
        guard let element else {
            warnings.append(
                "line \(line): no <ObservationZone>: XCSoar's default, a cylinder of \(Int(fallback.radius!)) m")
            return fallback
        }
        let type = element.attributes["type"] ?? ""
        func size(_ key: String, _ otherwise: Meters) -> Meters {
            guard let text = element.attributes[key] else { return otherwise }
            guard let value = number(text), value > 0, value <= IGCSeeYouZone.maxRadius else {
                warnings.append(
                    "line \(element.line): \(key) \"\(text.prefix(20))\" is not above 0 and up to 1,000 km: "
                        + "XCSoar's \(Int(otherwise)) m kept")
                return otherwise
            }
            return value
        }
        func angle(_ key: String, _ otherwise: Degrees) -> Degrees {
            guard let text = element.attributes[key] else { return otherwise }
            guard let value = number(text), value > 0, value <= 360 else {
                warnings.append(
                    "line \(element.line): \(key) \"\(text.prefix(20))\" is not above 0° and up to 360°: "
                        + "XCSoar's \(Int(otherwise))° kept")
                return otherwise
            }
            return value
        }
        func keyhole(radius: Meters, angle: Degrees, inner: Meters) -> TaskZone {
            TaskZone(radius: radius, halfAngle: angle / 2, innerRadius: inner, innerHalfAngle: 180, orientation: around)
        }
        switch type {
        case "Line":
            let length = size("length", 1000)
            // Across the course at a start or finish; at a turnpoint XCSoar counts the half disc beyond the line.
            return role == .turn
                ? TaskZone(radius: length / 2, halfAngle: 90, orientation: around)
                : .line(length: length, orientation: around)
        case "Cylinder": return .cylinder(size("radius", defaultRadius))
        case "MatCylinder": return .cylinder(matRadius)
        case "Sector": return sector(element, radius: size("radius", defaultRadius), warnings: &warnings)
        case "FAISector":
            // XCSoar's 90° sector is 10 km long at a turnpoint and 1 km at a start or finish (not unbounded).
            return TaskZone(radius: role == .turn ? 10_000 : 1000, halfAngle: 45, orientation: around)
        case "SymmetricQuadrant":
            return TaskZone(
                radius: size("radius", defaultRadius), halfAngle: angle("angle", 90) / 2, orientation: around)
        case "Keyhole": return keyhole(radius: 10_000, angle: 90, inner: 500)
        case "CustomKeyhole":
            return keyhole(
                radius: size("radius", defaultRadius), angle: angle("angle", 90), inner: size("inner_radius", 500))
        case "BGAFixedCourse": return keyhole(radius: 20_000, angle: 90, inner: 500)
        case "BGAEnhancedOption": return keyhole(radius: 10_000, angle: 180, inner: 500)
        case "BGAStartSector": return TaskZone(radius: 5000, halfAngle: 90, orientation: around)
        default:
            warnings.append(
                "line \(element.line): zone type \"\(type.prefix(20))\" is not one XCSoar reads: "
                    + "its default, a cylinder of \(Int(fallback.radius!)) m")
            return fallback
        }
    }

    /// XCSoar's `Sector`: fixed radials, clockwise from `start_radial` to `end_radial` (default the whole circle);
    /// with `inner_radius`, an annular sector, whose hole a ``TaskZone`` cannot leave out (a warning).
    static func sector(_ element: TaskXML, radius: Meters, warnings: inout [String]) -> TaskZone {
        func bearing(_ key: String, _ otherwise: Degrees) -> Degrees {
            guard let text = element.attributes[key] else { return otherwise }
            guard let value = number(text), abs(value) <= 3600 else {
                warnings.append(
                    "line \(element.line): \(key) \"\(text.prefix(20))\" is not an angle: \(Int(otherwise))° kept")
                return otherwise
            }
            return value
        }
        if let text = element.attributes["inner_radius"], let inner = number(text), inner > 0 {
            warnings.append(
                "line \(element.line): the annular sector's inner radius \(Int(inner)) m cannot be left out: "
                    + "scored as the whole sector")
        }
        let start = bearing("start_radial", 0), end = bearing("end_radial", 360)
        var width = (end - start).truncatingRemainder(dividingBy: 360)
        if width < 0 { width += 360 }
        // XCSoar: a sector narrower than 1/512 of a turn between its radials is the whole circle.
        if width <= 360.0 / 512 { return .cylinder(radius) }
        var course = (start + width / 2 + 180).truncatingRemainder(dividingBy: 360)
        if course < 0 { course += 360 }
        return TaskZone(radius: radius, halfAngle: width / 2, orientation: .fixed(course))
    }
}
