import RenderModel

/// The targets of `expect visible`, `expect never visible`, `expect
/// presentation` and `expect pixel`.
extension Parser {
    /// `L.prop == VALUE` after `expect visible` / `expect never visible`.
    mutating func parseVisibleTarget(_ cursor: inout Cursor, after keyword: Token) throws(Diagnostic)
        -> (String, LayerPropertyName, LayerValue) {
        let line = cursor.line
        let example = "like expect visible button.background == green at=4s"
        guard let layer = cursor.next(), layer.word != nil else {
            throw error("expected a layer property after \(keyword.quoted), \(example)", line, column: cursor.endColumn)
        }
        guard let dot = cursor.next(), dot.isSymbol("."), dot.column == layer.endColumn else {
            throw error("expected '.' and a property right after '\(layer.text)', \(example)", at: layer, in: line)
        }
        let names = LayerPropertyName.names
        guard let propertyToken = cursor.next(), let name = propertyToken.word, propertyToken.column == dot.endColumn else {
            throw error("expected a property right after '\(layer.text).' (\(names.joined(separator: ", ")))", at: dot, in: line)
        }
        guard let property = LayerPropertyName(spelled: name) else {
            var message = "unknown layer property '\(name)'"
            if let suggestion = suggest(name, from: LayerPropertyName.spellings) { message += "; did you mean '\(suggestion)'?" }
            throw error(message, at: propertyToken, in: line)
        }
        if property.isTiming {
            throw error("\(name) is a model value that does not reach the render server yet, so it cannot be expected on screen (docs/guide/animations-language.md)",
                        at: propertyToken, in: line)
        }
        guard let first = cursor.next(), first.isSymbol("="), let second = cursor.next(), second.isSymbol("="),
              second.column == first.endColumn else {
            throw error("expected '==' and a value after '\(layer.text).\(name)'", line, column: cursor.endColumn)
        }
        use(layer, .expect, line)
        let value = try layerValue(property, &cursor, after: "'=='")
        return (layer.text, property, value)
    }

    /// `(x, y) == COLOR at=T [tolerance=N]` after `expect pixel`.
    mutating func parsePixel(_ cursor: inout Cursor, after keyword: Token) throws(Diagnostic) -> ExpectationKind {
        let line = cursor.line
        let value = try parseValue(&cursor, after: "`expect pixel`")
        let p = try numberTuple(value[0], ["x", "y"], needs: "`expect pixel` needs a pixel (x, y)", line)
        guard p[0] >= 0, p[1] >= 0, p[0] == p[0].rounded(), p[1] == p[1].rounded(), p[0] < 65536, p[1] < 65536 else {
            throw error("a pixel is a pair of whole numbers from 0, like (100, 50)", at: value[0].token, in: line)
        }
        guard let first = cursor.next(), first.isSymbol("="), let second = cursor.next(), second.isSymbol("="),
              second.column == first.endColumn else {
            throw error("expected '==' and a colour after the pixel, like expect pixel (100,50) == yellow at=1s",
                        line, column: cursor.endColumn)
        }
        guard let colorToken = cursor.next() else {
            throw error("expected a colour after '=='", line, column: cursor.endColumn)
        }
        let rgba = try color(colorToken, line)
        let options = try parseOptions(&cursor, OptionSpec(statement: "expect pixel", keys: ["at", "tolerance"]))
        try noBody(cursor, "expect")
        guard let (atKey, atValue) = options.value("at") else {
            throw error("`expect pixel` needs at=T, the time of the frame on screen to check", at: keyword, in: line)
        }
        let at = try duration(atom(atValue, atKey, line, expected: "a time"), line, what: "time")
        var tolerance = 0
        if let (key, v) = options.value("tolerance") {
            tolerance = try wholeNumber(atom(v, key, line, expected: "a whole number"), line, "the tolerance", in: 0...255)
        }
        return .pixel(x: Int(p[0]), y: Int(p[1]), color: rgba, at: at, tolerance: tolerance)
    }
}
