import Raster
import RenderModel

/// A contact sheet: frames as thumbnails in a grid, each labelled under it
/// with ``BitmapFont``, under a title line.
///
/// Layout (pixels): a margin of ``margin`` round the sheet; the title; then
/// rows of cells ``gap`` apart. A cell is the thumbnail inside a 1-pixel
/// ``borderColour`` frame, then ``labelGap``, then one line of text per
/// label line. Every thumbnail has the same scale, chosen from the first
/// frame's size (``thumbnailScale(width:height:)``); cells are as wide as
/// the widest of a bordered thumbnail and a label line, so labels are never
/// cut. The sheet is opaque.
package enum ContactSheet {
    /// What `frames sheet` selects and how it lays out.
    package struct Options: Equatable {
        package var from: FrameBound?
        package var to: FrameBound?
        package var every = 1
        package var columns: Int?

        package init() {}
    }

    /// One thumbnail: the frame and the lines under it.
    package struct Item {
        package var image: Bitmap
        package var label: [String]
    }

    package static let margin = 8
    package static let gap = 8
    package static let labelGap = 3
    /// From one label line to the next: the font's cell and one more row.
    package static let lineHeight = BitmapFont.cellHeight + 1
    /// The box a thumbnail fits in.
    package static let box = (width: 160, height: 120)
    /// The width the default column count aims for.
    package static let targetWidth = 1000
    package static let background = RGBA8(r: 32, g: 32, b: 32)
    package static let borderColour = RGBA8(r: 128, g: 128, b: 128)
    package static let textColour = RGBA8(r: 230, g: 230, b: 230)

    /// The scale that fits a `width` × `height` frame in ``box``: the
    /// largest whole enlargement when it fits already, else the smallest
    /// whole reduction that makes it fit.
    package static func thumbnailScale(width: Int, height: Int) -> ImageScale {
        guard width > 0, height > 0 else { return .identity }
        if width <= box.width && height <= box.height {
            return .up(max(1, min(box.width / width, box.height / height, ImageScale.maxFactor)))
        }
        let n = max((width + box.width - 1) / box.width, (height + box.height - 1) / box.height)
        return .down(n)
    }

    /// The cell size and the sheet size for `items` at `scale` in `columns`
    /// columns (nil for the column count that fits ``targetWidth``), and
    /// the column count used.
    package static func layout(_ items: [Item], scale: ImageScale, title: String, columns: Int?)
        -> (cell: (width: Int, height: Int), thumb: (width: Int, height: Int), columns: Int, sheet: (width: Int, height: Int)) {
        var thumb = (width: 0, height: 0)
        var lines = 0, labelWidth = 0
        for item in items {
            let size = scale.size(width: item.image.width, height: item.image.height)
            thumb = (max(thumb.width, size.width), max(thumb.height, size.height))
            lines = max(lines, item.label.count)
            for line in item.label { labelWidth = max(labelWidth, BitmapFont.width(of: line)) }
        }
        let cellWidth = max(thumb.width + 2, labelWidth)
        let cellHeight = thumb.height + 2 + (lines > 0 ? labelGap + lines * lineHeight - 2 : 0)
        let fit = max(1, (targetWidth - 2 * margin + gap) / (cellWidth + gap))
        let count = max(1, items.count)
        let used = min(count, columns ?? fit)
        let rows = (count + used - 1) / used
        let titleHeight = title.isEmpty ? 0 : BitmapFont.glyphHeight + gap
        let width = max(2 * margin + used * cellWidth + (used - 1) * gap, 2 * margin + BitmapFont.width(of: title))
        let height = 2 * margin + titleHeight + rows * cellHeight + (rows - 1) * gap
        return ((cellWidth, cellHeight), thumb, used, (width, height))
    }

    /// Draws the sheet. `layout` must be ``layout(_:scale:title:columns:)``
    /// of the same arguments.
    package static func render(_ items: [Item], scale: ImageScale, title: String, columns: Int?) -> Bitmap {
        let l = layout(items, scale: scale, title: title, columns: columns)
        var sheet = Bitmap(width: l.sheet.width, height: l.sheet.height, fill: background)
        var top = margin
        if !title.isEmpty {
            BitmapFont.draw(title, into: &sheet, x: margin, y: top, color: textColour)
            top += BitmapFont.glyphHeight + gap
        }
        for (n, item) in items.enumerated() {
            let x = margin + (n % l.columns) * (l.cell.width + gap)
            let y = top + (n / l.columns) * (l.cell.height + gap)
            let image = scale.apply(item.image)
            sheet.fill(x: x, y: y, width: image.width + 2, height: image.height + 2, with: borderColour)
            sheet.copy(image, toX: x + 1, y: y + 1)
            var lineY = y + l.thumb.height + 2 + labelGap
            for line in item.label {
                BitmapFont.draw(line, into: &sheet, x: x, y: lineY, color: textColour)
                lineY += lineHeight
            }
        }
        return sheet
    }
}
