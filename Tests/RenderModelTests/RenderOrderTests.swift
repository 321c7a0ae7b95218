import Testing
import RenderModel

struct RenderOrderTests {
    @Test("7.27 sibling A (index 0, z 1) draws over B (index 1, z 0); equal z keeps array order, later on top",
          arguments: [
            ([1.0, 0.0], [1, 0]),
            ([0.0, 0.0], [0, 1]),
            ([0.0, -1.0, 0.0, 2.0, -1.0], [1, 4, 0, 2, 3]),
          ])
    func order(z: [Double], expected: [Int]) {
        #expect(RenderOrder.backToFront(z) == expected)
    }
}
