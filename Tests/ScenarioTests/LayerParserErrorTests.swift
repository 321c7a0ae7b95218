import LoopSimTestSupport
import Testing
@testable import Scenario

/// `text` as the only action of an `at 1s:` block (line 2, from column 5).
private func action(_ text: String) -> String { "at 1s:\n    " + text }

/// `text` as the only line of a `draw a:` block (line 2, from column 5).
private func drawing(_ text: String) -> String { "draw a:\n    " + text + "\nlayer a" }

/// `fill path="DATA" color=red` in a draw block: the data starts at column 16.
private func path(_ data: String) -> String { drawing("fill path=\"\(data)\" color=red") }

/// `set a.PROPERTY = VALUE` in an `at` block: the value starts at column 14 + the property's length.
private func set(_ property: String, _ value: String) -> String { action("set a.\(property) = \(value)") + "\nlayer a" }

private let layerOptions = "parent=, frame=, bounds=, position=, anchor=, transform=, background=, opacity=, hidden=, "
    + "corner=, border=, borderColor=, clips=, z=, contents=, gravity=, contentsScale=, speed=, timeOffset=, beginTime="
private let properties = "frame, bounds, position, anchor, transform, background, opacity, hidden, corner, border, "
    + "borderColor, clips, z, contents, gravity, contentsScale, speed, timeOffset, beginTime"
private let gravities = "center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight, resize, "
    + "resizeAspect, resizeAspectFill"
private let transformNeeds = "transform needs rotate(…), scale(…), translate(…) or identity"
private let colourNeeds = "a colour (#RRGGBB, #RRGGBBAA or a name like red) or none"
private let shapeNeeds = "`fill` needs a shape: rect=(x, y, w, h), roundedRect=(x, y, w, h) radius=R, ellipse=(x, y, w, h) or path=\"…\""
private let hugeNumber = "1" + String(repeating: "0", count: 400)

@Suite(.quiescent) struct LayerParserErrorTests {
    @Test func rendersAPathErrorInsideTheString() {
        #expect(parseError(path("M 0 0 L 1 Q 1 2 3 4"))?.description == """
        t.loop:2:26: error: `L` takes 2 numbers (x y), found 1
            fill path="M 0 0 L 1 Q 1 2 3 4" color=red
                                 ^
        """)
    }

    @Test func rendersAWrongKindOfValue() {
        #expect(parseError("layer card frame=red")?.description == """
        t.loop:1:18: error: frame needs (x, y, width, height), found 'red'
        layer card frame=red
                         ^
        """)
    }

    static let cases: [ErrorCase] = [
        // Where statements belong
        ErrorCase("set a.z = 1", 1, 1,
                  "`set` is an action and belongs inside a block (the body of a timer, source, port, observer, `at`, `layout` or `constraints`)"),
        ErrorCase("begin", 1, 1,
                  "`begin` is an action and belongs inside a block (the body of a timer, source, port, observer, `at`, `layout` or `constraints`)"),
        ErrorCase(action("layer x"), 2, 5, "`layer` declares a layer and must be at the top level, not inside a block"),
        ErrorCase(action("view x"), 2, 5, "`view` declares a layer and must be at the top level, not inside a block"),
        ErrorCase(action("image i file=\"x\""), 2, 5, "`image` declares an image and must be at the top level, not inside a block"),
        ErrorCase(action("draw a:\n        fill rect=(0,0,1,1) color=red"), 2, 5,
                  "`draw` defines a layer's behaviour and must be at the top level, not inside a block"),
        ErrorCase(action("layout a:\n        wake"), 2, 5,
                  "`layout` defines a layer's behaviour and must be at the top level, not inside a block"),
        ErrorCase("fill rect=(0,0,1,1) color=red", 1, 1, "`fill` is a drawing command and belongs in a `draw` block"),
        ErrorCase("line from=(0,0) to=(1,1) color=red", 1, 1, "`line` is a drawing command and belongs in a `draw` block"),
        ErrorCase(action("text \"x\""), 2, 5, "`text` is a drawing command and belongs in a `draw` block"),
        ErrorCase(action("stroke rect=(0,0,1,1) color=red"), 2, 5, "`stroke` is a drawing command and belongs in a `draw` block"),
        ErrorCase(drawing("log \"x\""), 2, 5, "`log` is not allowed in a `draw` block (it holds only fill, stroke, line and text)"),
        ErrorCase(drawing("set a.z = 1"), 2, 5, "`set` is not allowed in a `draw` block (it holds only fill, stroke, line and text)"),
        ErrorCase(drawing("layer x"), 2, 5, "`layer` is not allowed in a `draw` block (it holds only fill, stroke, line and text)"),
        ErrorCase(drawing("animate x"), 2, 5, "`animate` is not allowed in a `draw` block (it holds only fill, stroke, line and text)"),
        ErrorCase(drawing("fil rect=(0,0,1,1) color=red"), 2, 5,
                  "unknown drawing command 'fil'; did you mean `fill`? (a draw block holds fill, stroke, line and text)"),
        ErrorCase(drawing("frobnicate"), 2, 5, "unknown drawing command 'frobnicate' (a draw block holds fill, stroke, line and text)"),
        ErrorCase(drawing("5"), 2, 5, "expected a statement, found '5'"),
        ErrorCase("lyer a", 1, 1, "unknown statement 'lyer'; did you mean `layer`?"),
        ErrorCase(action("comit"), 2, 5, "unknown statement 'comit'; did you mean `commit`?"),
        ErrorCase(action("neddsLayout a"), 2, 5, "unknown statement 'neddsLayout'; did you mean `needsLayout`?"),
        // Blocks
        ErrorCase("draw a\nlayer a", 1, 7, "`draw` needs a block: end the line with ':' and indent the drawing commands below it"),
        ErrorCase("layout a\nlayer a", 1, 9, "`layout` needs a block: end the line with ':' and indent the body below it"),
        ErrorCase("constraints v\nview v", 1, 14, "`constraints` needs a block: end the line with ':' and indent the body below it"),
        ErrorCase(action("completion"), 2, 15, "`completion` needs a block: end the line with ':' and indent the body below it"),
        ErrorCase(drawing("fill rect=(0,0,1,1) color=red:\n        wake"), 2, 34, "`fill` does not take a block"),
        ErrorCase("layer a:\n    wake", 1, 8, "`layer` does not take a block"),
        ErrorCase("image i file=\"x\":\n    wake", 1, 17, "`image` does not take a block"),
        ErrorCase(action("commit:\n        wake"), 2, 11, "`commit` does not take a block"),
        ErrorCase(action("set a.z = 1:\n        wake"), 2, 16, "`set` does not take a block"),
        ErrorCase(action("remove a:\n        wake"), 2, 13, "`remove` does not take a block"),
        ErrorCase("expect commits == 1:\n    wake", 1, 20, "`expect` does not take a block"),
        ErrorCase("layout a extra:\n    wake", 1, 10, "unknown option 'extra' for `layout` (allowed: cost=)"),
        ErrorCase("layout:\n    wake", 1, 7, "expected a layer name after `layout`"),
        ErrorCase("constraints frame=1:\n    wake", 1, 13, "expected a view name after `constraints`, found 'frame'"),
        ErrorCase(action("begin now"), 2, 11, "unexpected 'now': `begin` takes no options"),
        ErrorCase(action("flush 1"), 2, 11, "unexpected '1': `flush` takes no options"),
        ErrorCase(action("completion now:\n        wake"), 2, 16, "unexpected 'now': `completion` takes no options"),
        // layer and view
        ErrorCase("layer", 1, 6, "expected a layer name after `layer`"),
        ErrorCase("view frame=(0,0,1,1)", 1, 6, "expected a view name after `view`, found 'frame'"),
        ErrorCase("layer a backgrund=red", 1, 9,
                  "unknown option 'backgrund' for `layer`; did you mean 'background'? (allowed: \(layerOptions))"),
        ErrorCase("view a bogus=1", 1, 8, "unknown option 'bogus' for `view` (allowed: \(layerOptions))"),
        ErrorCase("layer a bogus", 1, 9, "unknown option 'bogus' for `layer` (allowed: \(layerOptions))"),
        ErrorCase("layer a frame=(0,0,1,1) frame=(0,0,2,2)", 1, 25, "option 'frame=' is given twice"),
        // Core Animation's keys name the same properties, with the same checks and suggestions.
        ErrorCase("layer a corner=1 cornerRadius=2", 1, 18, "option 'cornerRadius=' (as corner=) is given twice"),
        ErrorCase("layer a backgroundColour=red", 1, 9,
                  "unknown option 'backgroundColour' for `layer`; did you mean 'backgroundColor'? (allowed: \(layerOptions))"),
        ErrorCase("layer a cornerRadius=-1", 1, 22, "corner cannot be negative"),
        ErrorCase("layer a masksToBounds=maybe", 1, 23, "clips needs true or false, found 'maybe'"),
        ErrorCase("layer a contentsScale=0", 1, 23, "contentsScale must be greater than 0"),
        ErrorCase("layer a contentsScale=-2", 1, 23, "contentsScale must be greater than 0"),
        ErrorCase("layer a contentsScale=red", 1, 23, "contentsScale needs a number greater than 0, found 'red'"),
        ErrorCase(set("cornerRadios", "1"), 2, 11, "unknown layer property 'cornerRadios'; did you mean 'cornerRadius'? (properties: \(properties))"),
        ErrorCase(set("borderWidth", "-1"), 2, 25, "border cannot be negative"),
        ErrorCase("layer a parent=b parent=b", 1, 18, "option 'parent=' is given twice"),
        ErrorCase("layer a frame", 1, 9, "option 'frame' needs a value: frame=…"),
        ErrorCase("layer a 5", 1, 9, "expected an option (key=value), found '5'"),
        ErrorCase("layer a parent=5", 1, 16, "expected a layer name for 'parent=', found '5'"),
        ErrorCase("layer a parent=(b)", 1, 16, "expected a layer name for 'parent=', found a tuple"),
        ErrorCase("layer a parent=b,c", 1, 18, "'parent=' takes a single value, not a list"),
        ErrorCase("layer a frame=", 1, 15, "expected a value after 'frame='"),
        ErrorCase("view a hidden=yes", 1, 15, "hidden needs true or false, found 'yes'"),
        ErrorCase("layer a transform=rotate(30deg) frame", 1, 33, "option 'frame' needs a value: frame=…"),
        // Property values
        ErrorCase(set("frame", "red"), 2, 19, "frame needs (x, y, width, height), found 'red'"),
        ErrorCase(set("frame", "(1,2,3)"), 2, 19, "frame needs (x, y, width, height), found a tuple of 3"),
        ErrorCase(set("frame", "(0,0,-1,5)"), 2, 24, "the width cannot be negative"),
        ErrorCase(set("bounds", "(0,0,1,-2)"), 2, 27, "the height cannot be negative"),
        ErrorCase(set("frame", "(0,0,1,1), (2,2,2,2)"), 2, 30, "frame needs (x, y, width, height), found a list"),
        ErrorCase(set("frame", "(0,0,a,1)"), 2, 24, "expected a number for the width, found 'a'"),
        ErrorCase(set("frame", "(0,0,10px,1)"), 2, 24, "the width is a plain number, without a unit"),
        ErrorCase(set("frame", "(0,0,(1),1)"), 2, 24, "expected a number for the width, found a tuple"),
        ErrorCase(set("frame", "(\(hugeNumber),0,1,1)"), 2, 20, "'\(hugeNumber)' is too large"),
        ErrorCase(set("position", "(1)"), 2, 22, "position needs (x, y), found a tuple of 1"),
        ErrorCase(set("anchor", "0.5"), 2, 20, "anchor needs (x, y), found '0.5'"),
        ErrorCase(set("transform", "spin"), 2, 23, "\(transformNeeds), found 'spin'"),
        ErrorCase(set("transform", "(1,2)"), 2, 23, "\(transformNeeds), found a tuple"),
        ErrorCase(set("transform", "5"), 2, 23, "\(transformNeeds), found '5'"),
        ErrorCase(set("transform", "rotat(30deg)"), 2, 23,
                  "unknown transform 'rotat'; did you mean 'rotate'? (rotate(…), scale(…), translate(…) or identity)"),
        ErrorCase(set("transform", "rotate(30deg) bogus(1)"), 2, 37,
                  "unknown transform 'bogus' (rotate(…), scale(…), translate(…) or identity)"),
        ErrorCase(set("transform", "rotate 30deg"), 2, 30, "expected '(' after 'rotate', like rotate(30deg) or rotate(0.5rad)"),
        ErrorCase(set("transform", "scale"), 2, 28, "expected '(' after 'scale', like scale(2) or scale(2,1)"),
        ErrorCase(set("transform", "rotate(30)"), 2, 30, "'30' needs a unit: deg or rad"),
        ErrorCase(set("transform", "rotate(30degs)"), 2, 32, "unknown angle unit 'degs'; did you mean 'deg'? (units: deg, rad)"),
        ErrorCase(set("transform", "rotate(30s)"), 2, 32, "unknown angle unit 's' (units: deg, rad)"),
        ErrorCase(set("transform", "rotate(abc)"), 2, 30, "expected an angle like 30deg or 0.5rad, found 'abc'"),
        ErrorCase(set("transform", "rotate((1))"), 2, 30, "expected an angle like 30deg or 0.5rad, found a tuple of 1"),
        ErrorCase(set("transform", "rotate(1deg, 2deg)"), 2, 29, "rotate takes one angle, like rotate(30deg) or rotate(0.5rad)"),
        ErrorCase(set("transform", "scale(1,2,3)"), 2, 28, "scale takes one or two factors, like scale(2) or scale(2,1)"),
        ErrorCase(set("transform", "translate(1)"), 2, 32, "translate takes (x, y), like translate(10,0)"),
        ErrorCase(set("transform", "scale(2x)"), 2, 29, "a scale factor is a plain number, without a unit"),
        ErrorCase(set("transform", "translate(1, y)"), 2, 36, "expected a number for the y, found 'y'"),
        ErrorCase(set("transform", "scale()"), 2, 29, "expected a value after '(', found ')'"),
        ErrorCase(set("transform", "rotate(30deg), scale(2)"), 2, 36, "transform steps are separated by spaces, not commas"),
        ErrorCase(set("transform", "identity scale(2)"), 2, 23,
                  "`identity` stands alone (it is the transform with no steps); leave it out"),
        ErrorCase(set("transform", "identity identity"), 2, 32, "unexpected 'identity' after the value of 'a.transform'"),
        ErrorCase(action("set a.transform =") + "\nlayer a", 2, 22, "expected a value after '='"),
        ErrorCase(action("set a.frame =") + "\nlayer a", 2, 18, "expected a value after '='"),
        ErrorCase(set("background", "5"), 2, 24, "background needs \(colourNeeds), found '5'"),
        ErrorCase(set("background", "\"red\""), 2, 24, "background needs \(colourNeeds), found '\"red\"'"),
        ErrorCase(set("background", "purpl"), 2, 24,
                  "unknown colour 'purpl'; did you mean 'purple'? (use #RRGGBB, #RRGGBBAA or a UIKit colour name)"),
        ErrorCase(set("background", "#FF00"), 2, 24, "a colour is written #RRGGBB or #RRGGBBAA (hex digits)"),
        ErrorCase(set("borderColor", "(1,2,3)"), 2, 25, "borderColor needs \(colourNeeds), found a tuple of 3"),
        ErrorCase(set("opacity", "half"), 2, 21, "opacity needs a number, found 'half'"),
        ErrorCase(set("opacity", "(1)"), 2, 21, "opacity needs a number, found a tuple of 1"),
        ErrorCase(set("opacity", "1s"), 2, 21, "opacity is a plain number, without a unit"),
        ErrorCase(set("opacity", "50%"), 2, 23, "unexpected '%' after the value of 'a.opacity'"),
        ErrorCase(set("z", hugeNumber), 2, 15, "'\(hugeNumber)' is too large"),
        ErrorCase(set("corner", "-1"), 2, 20, "corner cannot be negative"),
        ErrorCase(set("border", "-0.5"), 2, 20, "border cannot be negative"),
        ErrorCase(set("corner", "big"), 2, 20, "corner needs a number, 0 or more, found 'big'"),
        ErrorCase(set("hidden", "1"), 2, 20, "hidden needs true or false, found '1'"),
        ErrorCase(set("clips", "True"), 2, 19, "clips needs true or false, found 'True'"),
        ErrorCase(set("contents", "\"logo\""), 2, 22, "contents needs an image name or none, found '\"logo\"'"),
        ErrorCase(set("gravity", "centre"), 2, 21,
                  "unknown gravity 'centre'; did you mean 'center'? (gravities: \(gravities))"),
        ErrorCase(set("gravity", "5"), 2, 21, "gravity needs one of \(gravities), found '5'"),
        // set
        ErrorCase(action("set"), 2, 8, "expected a layer property after `set`, like set button.background = red"),
        ErrorCase(action("set 5"), 2, 9, "expected a layer property after `set`, found '5'"),
        ErrorCase(action("set a"), 2, 10, "expected '.' and a property after 'a', like set button.background = red"),
        ErrorCase(action("set a = 1"), 2, 11, "expected '.' and a property after 'a', found '='"),
        ErrorCase(action("set a."), 2, 11, "expected a property after 'a.' (\(properties))"),
        ErrorCase(action("set a.(1)"), 2, 11, "expected a property after 'a.', found '('"),
        ErrorCase(action("set a .z = 1"), 2, 11, "write the property right after the layer's name, without spaces: a.z"),
        ErrorCase(action("set a. z = 1"), 2, 10, "write the property right after the layer's name, without spaces: a.z"),
        ErrorCase(action("set a.backgroud = red"), 2, 11,
                  "unknown layer property 'backgroud'; did you mean 'background'? (properties: \(properties))"),
        ErrorCase(action("set a.parent = b"), 2, 11, "unknown layer property 'parent' (properties: \(properties))"),
        ErrorCase(action("set a.z"), 2, 12, "expected '=' and a value after 'a.z'"),
        ErrorCase(action("set a.z 1"), 2, 13, "expected '=' or '+=' and a value after 'a.z', found '1'"),
        ErrorCase(action("set a.z = 1 2"), 2, 17, "unexpected '2' after the value of 'a.z'"),
        // Transactions
        ErrorCase(action("transaction"), 2, 5, "`transaction` needs at least one of duration=, timing= and disableActions="),
        ErrorCase(action("transaction duration=1"), 2, 26, "'1' needs a unit: ns, us, ms, s, min or frames"),
        ErrorCase(action("transaction duration=-1s"), 2, 26, "a duration cannot be negative"),
        ErrorCase(action("transaction timing=linar"), 2, 24,
                  "unknown timing 'linar'; did you mean 'linear'? (timings: default, linear, easeIn, easeOut, easeInEaseOut)"),
        ErrorCase(action("transaction timing=fast"), 2, 24,
                  "unknown timing 'fast' (timings: default, linear, easeIn, easeOut, easeInEaseOut)"),
        ErrorCase(action("transaction timing=5"), 2, 24,
                  "expected a timing name, found '5' (timings: default, linear, easeIn, easeOut, easeInEaseOut)"),
        ErrorCase(action("transaction disableActions=yes"), 2, 32, "disableActions needs true or false, found 'yes'"),
        ErrorCase(action("transaction speed=2"), 2, 17,
                  "unknown option 'speed' for `transaction` (allowed: duration=, timing=, disableActions=)"),
        ErrorCase(action("transaction disableActions"), 2, 17, "option 'disableActions' needs a value: disableActions=…"),
        // Tree actions
        ErrorCase(action("add"), 2, 8, "expected a layer name after `add`"),
        ErrorCase(action("add a"), 2, 10, "expected `to` and the new parent after 'a', like add a to root"),
        ErrorCase(action("add a into b"), 2, 11, "expected `to` and the new parent after 'a', found 'into'"),
        ErrorCase(action("add a to"), 2, 13, "expected the new parent's name after `to`"),
        ErrorCase(action("add a to at=1"), 2, 14, "expected the new parent's name after `to`, found 'at'"),
        ErrorCase(action("add a to b at=-1"), 2, 19, "the index must be between 0 and 2147483647"),
        ErrorCase(action("add a to b at=1.5"), 2, 19, "the index must be a whole number"),
        ErrorCase(action("add a to b at=first"), 2, 19, "expected a whole number for the index, found 'first'"),
        ErrorCase(action("add a to b index=1"), 2, 16, "unknown option 'index' for `add` (allowed: at=)"),
        ErrorCase(action("remove"), 2, 11, "expected a layer name after `remove`"),
        ErrorCase(action("remove a b"), 2, 14, "unexpected 'b': `remove` takes no options"),
        ErrorCase(action("needsLayout"), 2, 16, "expected a layer name after `needsLayout`"),
        ErrorCase(action("needsDisplay 5"), 2, 18, "expected a layer name after `needsDisplay`, found '5'"),
        ErrorCase(action("layoutIfNeeded"), 2, 19, "expected a layer name after `layoutIfNeeded`"),
        // image
        ErrorCase("image", 1, 6, "expected an image name after `image`"),
        ErrorCase("image i", 1, 1, "`image` needs file= with the image's path, like file=\"logo.ppm\""),
        ErrorCase("image i file=logo", 1, 14, "expected the image's path in quotes for 'file=', found 'logo'"),
        ErrorCase("image i file=(\"a\")", 1, 14, "expected a path in quotes for 'file=', found a tuple"),
        ErrorCase("image i file=\"\"", 1, 14, "the image's path is empty"),
        ErrorCase("image none file=\"x\"", 1, 7, "'none' cannot name an image (contents=none removes the contents)"),
        ErrorCase("image i file=\"a\" size=2", 1, 18, "unknown option 'size' for `image` (allowed: file=)"),
        // Drawing commands
        ErrorCase(drawing("fill color=red"), 2, 5, shapeNeeds),
        ErrorCase(drawing("fill rect=(0,0,1,1) ellipse=(0,0,1,1) color=red"), 2, 25,
                  "give only one shape (rect=, roundedRect=, ellipse= or path=)"),
        ErrorCase(drawing("fill rect=(0,0,1,1)"), 2, 5, "`fill` needs color=, like color=red"),
        ErrorCase(drawing("fill rect=(0,0,1,1) radius=2 color=red"), 2, 25, "radius= only applies to roundedRect="),
        ErrorCase(drawing("fill roundedRect=(0,0,1,1) color=red"), 2, 10, "roundedRect= needs radius=R, the corner radius"),
        ErrorCase(drawing("fill roundedRect=(0,0,1,1) radius=-1 color=red"), 2, 39, "radius cannot be negative"),
        ErrorCase(drawing("fill roundedRect=(0,0,1,1) radius=r color=red"), 2, 39, "expected a number for radius, found 'r'"),
        ErrorCase(drawing("fill rect=(0,0,1) color=red"), 2, 15, "rect= needs (x, y, width, height), found a tuple of 3"),
        ErrorCase(drawing("fill rect=(0,0,1,1),(1,1,1,1) color=red"), 2, 25, "'rect=' takes a single value, not a list"),
        ErrorCase(drawing("fill ellipse=(0,0,-1,1) color=red"), 2, 23, "the width cannot be negative"),
        ErrorCase(drawing("fill roundedRect=5 radius=1 color=red"), 2, 22,
                  "roundedRect= needs (x, y, width, height), found '5'"),
        ErrorCase(drawing("fill path=5 color=red"), 2, 15,
                  "path= needs path data in quotes, like path=\"M 0 0 L 10 0 Z\", found '5'"),
        ErrorCase(drawing("fill rect=(0,0,1,1) color=none"), 2, 31,
                  "unknown colour 'none' (use #RRGGBB, #RRGGBBAA or a UIKit colour name)"),
        ErrorCase(drawing("fill rect=(0,0,1,1) colour=red"), 2, 25,
                  "unknown option 'colour' for `fill`; did you mean 'color'? (allowed: rect=, roundedRect=, ellipse=, path=, radius=, color=)"),
        ErrorCase(drawing("fill rect=(0,0,1,1) color=red width=2"), 2, 35,
                  "unknown option 'width' for `fill` (allowed: rect=, roundedRect=, ellipse=, path=, radius=, color=)"),
        ErrorCase(drawing("stroke rect=(0,0,1,1) color=red width=0"), 2, 43, "width must be greater than 0"),
        ErrorCase(drawing("stroke rect=(0,0,1,1) color=red width=-2"), 2, 43, "width must be greater than 0"),
        ErrorCase(drawing("stroke rect=(0,0,1,1) color=red width=1px"), 2, 43, "width is a plain number, without a unit"),
        ErrorCase(drawing("stroke color=red"), 2, 5,
                  "`stroke` needs a shape: rect=(x, y, w, h), roundedRect=(x, y, w, h) radius=R, ellipse=(x, y, w, h) or path=\"…\""),
        ErrorCase(drawing("line to=(1,1) color=red"), 2, 5, "`line` needs from=(x, y) and to=(x, y)"),
        ErrorCase(drawing("line from=(0,0) to=(1,1,1) color=red"), 2, 24, "to= needs (x, y), found a tuple of 3"),
        ErrorCase(drawing("line from=0 to=(1,1) color=red"), 2, 15, "from= needs (x, y), found '0'"),
        ErrorCase(drawing("line from=(0,0) to=(1,1)"), 2, 5, "`line` needs color=, like color=red"),
        ErrorCase(drawing("line from=(0,0) to=(1,1) color=red width=0"), 2, 46, "width must be greater than 0"),
        ErrorCase(drawing("text"), 2, 9, "expected the text in quotes after `text`, like text \"Hi\" at=(4,4) color=black"),
        ErrorCase(drawing("text Hi at=(0,0) color=red"), 2, 10, "expected the text in quotes after `text`, found 'Hi'"),
        ErrorCase(drawing("text \"Hi\" color=red"), 2, 5, "`text` needs at=(x, y) with the text's top left corner"),
        ErrorCase(drawing("text \"Hi\" at=(0,0)"), 2, 5, "`text` needs color=, like color=red"),
        ErrorCase(drawing("text \"Hi\" at=(0,0) color=red size=0"), 2, 39, "size must be greater than 0"),
        ErrorCase(drawing("text \"Hi\" at=0 color=red"), 2, 18, "at= needs (x, y), found '0'"),
        ErrorCase(drawing("text \"Hi\" \"there\" at=(0,0) color=red"), 2, 15, "expected an option (key=value), found '\"there\"'"),
        // Path data (the data starts at column 16)
        ErrorCase(path(""), 2, 15, "the path is empty; it needs at least a move, like path=\"M 0 0 L 10 0\""),
        ErrorCase(path("   "), 2, 15, "the path is empty; it needs at least a move, like path=\"M 0 0 L 10 0\""),
        ErrorCase(path("L 0 0"), 2, 16, "a path must start with M (move to)"),
        ErrorCase(path("  0 0"), 2, 18, "a path must start with M (move to)"),
        ErrorCase(path("M 0"), 2, 19, "`M` takes 2 numbers (x y), found 1"),
        ErrorCase(path("M 0 0 L 1 2 3"), 2, 28, "too many numbers for `L` (it takes 2: x y)"),
        ErrorCase(path("M 0 0 Q 1 2 3 Z"), 2, 30, "`Q` takes 4 numbers (cx cy x y), found 3"),
        ErrorCase(path("M 0 0 C 1 2 3 4"), 2, 31, "`C` takes 6 numbers (c1x c1y c2x c2y x y), found 4"),
        ErrorCase(path("M 0 0 Z 5"), 2, 24, "`Z` takes no numbers"),
        ErrorCase(path("M 0 0 H 5"), 2, 22, "unknown path command 'H' (commands: M, L, Q, C, Z)"),
        ErrorCase(path("M 0 0 l 5 5"), 2, 22, "relative path commands are not supported; use 'L' with absolute coordinates"),
        ErrorCase(path("m 0 0"), 2, 16, "relative path commands are not supported; use 'M' with absolute coordinates"),
        ErrorCase(path("M 0 0 L 1.x 2"), 2, 25, "expected digits after the decimal point"),
        ErrorCase(path("M . 0"), 2, 18, "expected a number"),
        ErrorCase(path("M 1. 0"), 2, 19, "expected digits after the decimal point"),
        ErrorCase(path("M 1e 0"), 2, 19, "expected digits after the exponent's 'e'"),
        ErrorCase(path("M - 0"), 2, 18, "expected a number"),
        ErrorCase(path("M 0,,0"), 2, 20, "expected a number after ','"),
        ErrorCase(path("M 0, "), 2, 21, "expected a number after ','"),
        ErrorCase(path("M ,0 0"), 2, 18, "a ',' goes between two numbers"),
        ErrorCase(path("M 0 0 L 10-5"), 2, 26, "expected a space or ',' after a number, found '-'"),
        ErrorCase(path("M 0 0 L 1 1 ;"), 2, 28, "unexpected ';' in a path (commands: M, L, Q, C, Z)"),
        ErrorCase(path("M 0 0 é"), 2, 22, "unexpected 'é' in a path (commands: M, L, Q, C, Z)"),
        ErrorCase(path("M 0 0 \\\""), 2, 22, "unexpected '\"' in a path (commands: M, L, Q, C, Z)"),
        ErrorCase(path("M \(hugeNumber) 0"), 2, 18, "the number is too large"),
        // expect commits
        ErrorCase("expect commits", 1, 15, "expected '==' and a number after `expect commits`, like expect commits == 2"),
        ErrorCase("expect commits 2", 1, 16,
                  "expected '==' and a number after `expect commits`, like expect commits == 2, found '2'"),
        ErrorCase("expect commits >= 2", 1, 16,
                  "expected '==' and a number after `expect commits`, like expect commits == 2, found '>'"),
        ErrorCase("expect commits = 2", 1, 16, "expected '==' after `expect commits`, found a single '='"),
        ErrorCase("expect commits = = 2", 1, 16, "expected '==' after `expect commits`, found a single '='"),
        ErrorCase("expect commits ==", 1, 18, "expected the number of commits after '=='"),
        ErrorCase("expect commits == -1", 1, 19, "the number of commits must be between 0 and 2147483647"),
        ErrorCase("expect commits == 2147483648", 1, 19, "the number of commits must be between 0 and 2147483647"),
        ErrorCase("expect commits == 1.5", 1, 19, "the number of commits must be a whole number"),
        ErrorCase("expect commits == two", 1, 19, "expected a whole number for the number of commits, found 'two'"),
        ErrorCase("expect commits == 2 at=1s", 1, 21, "unexpected 'at': `expect commits` takes no options"),
        // Names
        ErrorCase("layer a\nlayer a", 2, 7, "'a' is already declared (as a layer on line 1)"),
        ErrorCase("timer a every=1s:\n    wake\nview a", 3, 6, "'a' is already declared (as a timer on line 1)"),
        ErrorCase("image a file=\"x\"\nlayer a", 2, 7, "'a' is already declared (as an image on line 1)"),
        ErrorCase("view a\nsource a:\n    wake", 2, 8, "'a' is already declared (as a view on line 1)"),
        ErrorCase("layer a parent=nope", 1, 16, "unknown layer 'nope'"),
        ErrorCase("layer root\nlayer a parent=rot", 2, 16, "unknown layer 'rot'; did you mean 'root'?"),
        ErrorCase("source s:\n    wake\nlayer a parent=s", 3, 16, "'s' is a source, but `parent=` needs a layer or a view"),
        ErrorCase(action("set nope.z = 1"), 2, 9, "unknown layer 'nope'"),
        ErrorCase("image logo file=\"x\"\n" + action("set logo.z = 1"), 3, 9,
                  "'logo' is an image, but `set` needs a layer or a view"),
        ErrorCase("layer a contents=pic", 1, 18, "unknown image 'pic'"),
        ErrorCase("image pic file=\"x\"\nlayer a contents=pc", 2, 18, "unknown image 'pc'; did you mean 'pic'?"),
        ErrorCase("layer a\nlayer b contents=a", 2, 18, "'a' is a layer, but `contents=` needs an image"),
        ErrorCase("layer a\n" + action("set a.contents = nope"), 3, 22, "unknown image 'nope'"),
        ErrorCase(action("set nope.contents = nope2"), 2, 9, "unknown layer 'nope'"),
        ErrorCase("layer a\n" + action("add a to nope"), 3, 14, "unknown layer 'nope'"),
        ErrorCase("layer a\n" + action("add nope to a"), 3, 9, "unknown layer 'nope'"),
        ErrorCase("layer a\n" + action("add a to a"), 3, 14, "'a' cannot be added to itself"),
        ErrorCase(action("add x to x"), 2, 9, "unknown layer 'x'"),
        ErrorCase("port p:\n    wake\n" + action("add p to p"), 4, 9, "'p' is a port, but `add` needs a layer or a view"),
        ErrorCase(action("remove x"), 2, 12, "unknown layer 'x'"),
        ErrorCase(action("needsLayout x"), 2, 17, "unknown layer 'x'"),
        ErrorCase(action("needsDisplay x"), 2, 18, "unknown layer 'x'"),
        ErrorCase(action("layoutIfNeeded x"), 2, 20, "unknown layer 'x'"),
        ErrorCase("timer t after=1s:\n    wake\n" + action("layoutIfNeeded t"), 4, 20,
                  "'t' is a timer, but `layoutIfNeeded` needs a layer or a view"),
        ErrorCase("layout x:\n    wake", 1, 8, "unknown layer 'x'"),
        ErrorCase("draw x:\n    fill rect=(0,0,1,1) color=red", 1, 6, "unknown layer 'x'"),
        ErrorCase("constraints x:\n    wake", 1, 13, "unknown view 'x'"),
        ErrorCase("view card\nconstraints crd:\n    wake", 2, 13, "unknown view 'crd'; did you mean 'card'?"),
        ErrorCase("layer a\nconstraints a:\n    wake", 2, 13, "'a' is a layer, but `constraints` needs a view"),
        ErrorCase("layer a\nlayout a:\n    wake\nlayout a:\n    stop", 4, 8, "'a' already has a `layout` block (on line 2)"),
        ErrorCase("view v\ndraw v:\n    fill rect=(0,0,1,1) color=red\nlayout v:\n    wake\ndraw v:\n    text \"x\" at=(0,0) color=red",
                  6, 6, "'v' already has a `draw` block (on line 2)"),
        ErrorCase("view v\nconstraints v:\n    wake\nconstraints v:\n    wake", 4, 13,
                  "'v' already has a `constraints` block (on line 2)"),
        ErrorCase("at 1s:\n    signal a\nlayer a", 2, 12, "'a' is a layer, but `signal` needs a source"),
        ErrorCase("at 1s:\n    invalidate v\nview v", 2, 16,
                  "'v' is a view, but `invalidate` needs a timer or a source or a port or an observer or a display link"),
        ErrorCase("layer a\nat 1s send a", 2, 12, "'a' is a layer, but `send` needs a port"),
        // Parent cycles (after every other name error)
        ErrorCase("layer a parent=a", 1, 16, "'a' cannot be its own parent"),
        ErrorCase("layer a parent=b\nlayer b parent=a", 1, 16, "'a' would be its own ancestor: a → b → a"),
        ErrorCase("layer x\nlayer c parent=a\nview b parent=c\nlayer a parent=b", 2, 16,
                  "'c' would be its own ancestor: c → a → b → c"),
        ErrorCase("layer d parent=a\nlayer a parent=b\nview b parent=a", 2, 16, "'a' would be its own ancestor: a → b → a"),
        ErrorCase("layer a parent=b\nlayer b parent=a\nlayer c parent=c", 1, 16, "'a' would be its own ancestor: a → b → a"),
        ErrorCase((0..<10).map { "layer l\($0) parent=l\(($0 + 1) % 10)" }.joined(separator: "\n"), 1, 17,
                  "'l0' would be its own ancestor: l0 → l1 → l2 → l3 → l4 → l5 → l6 → … → l0"),
        ErrorCase("layer a parent=a\n" + action("remove zz"), 3, 12, "unknown layer 'zz'"),
    ]

    @Test(arguments: cases)
    func reportsError(_ errorCase: ErrorCase) throws {
        let diagnostic = try #require(parseError(errorCase.source))
        #expect(diagnostic.message == errorCase.message)
        #expect(diagnostic.location == loc(errorCase.line, errorCase.column))
        let lines = Lexer.physicalLines(errorCase.source)
        #expect(diagnostic.sourceLine == lines[errorCase.line - 1])
    }

    @Test func oneBlockOfEachKindPerLayerIsFine() throws {
        let file = try parseScenario("""
        view v
        layout v:
            wake
        draw v:
            fill rect=(0,0,1,1) color=red
        constraints v:
            wake
        layer a
        layout a:
            wake
        draw a:
            stroke rect=(0,0,1,1) color=red
        """)
        #expect(file.statements.count == 7)
    }

    @Test func syntaxErrorsComeBeforeNameErrors() {
        // The unknown layer on line 1 waits until the file is read; the bad
        // value on line 2 is reported first.
        #expect(parseError("layer a parent=nope\nlayer b frame=red")?.location == loc(2, 15))
        // A path error is a value error, reported in file order.
        #expect(parseError("draw nope:\n    fill path=\"L\" color=red")?.location == loc(2, 16))
    }
}
