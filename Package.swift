// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]
/// The run loop is single-threaded by design and its hot path touches class
/// state on every pass; dynamic exclusivity checks cost more than the pass
/// itself (docs/benchmarks.md). Debug builds, and so `swift test`, keep them.
let hotPath: [SwiftSetting] = strict + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "LoopSim",
    products: [
        .executable(name: "loopsim", targets: ["loopsim"]),
        .executable(name: "loopsim-render", targets: ["loopsim-render"]),
        .library(name: "RunLoopKit", targets: ["RunLoopKit"]),
        .library(name: "Scenario", targets: ["Scenario"]),
    ],
    targets: [
        .target(name: "LoopSimTrace", swiftSettings: strict),
        .target(name: "RunLoopKit", dependencies: ["LoopSimTrace"], swiftSettings: hotPath),
        .target(name: "RenderModel", swiftSettings: strict),
        .target(name: "RenderWire", dependencies: ["RenderModel"], swiftSettings: strict),
        .target(name: "RenderServer", dependencies: ["RenderWire", "RenderModel", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "LayerKit", dependencies: ["RunLoopKit", "RenderModel", "RenderWire", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "Simulation", dependencies: ["RunLoopKit", "LayerKit", "RenderModel", "RenderWire", "RenderServer", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "Scenario", dependencies: ["Simulation", "RunLoopKit", "LoopSimTrace"], swiftSettings: strict),
        .executableTarget(name: "loopsim-render", dependencies: ["RenderServer", "RenderWire"], swiftSettings: strict),
        .executableTarget(name: "loopsim", dependencies: ["loopsim-render", "RenderServer", "Scenario", "Simulation", "RunLoopKit", "LayerKit", "RenderModel", "RenderWire", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "LoopSimTestSupport", path: "Tests/LoopSimTestSupport", swiftSettings: strict),
        .testTarget(name: "LoopSimTraceTests", dependencies: ["LoopSimTestSupport", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "RunLoopKitTests", dependencies: ["RunLoopKit", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "RenderModelTests", dependencies: ["LoopSimTestSupport", "RenderModel"], swiftSettings: strict),
        .testTarget(name: "RenderWireTests", dependencies: ["LoopSimTestSupport", "RenderWire", "RenderModel"], swiftSettings: strict),
        .testTarget(name: "RenderServerTests", dependencies: ["RenderServer", "RenderWire", "RenderModel"], swiftSettings: strict),
        .testTarget(name: "LayerKitTests", dependencies: ["LayerKit", "RunLoopKit", "RenderModel", "RenderWire", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation", "RunLoopKit", "LoopSimTrace", "RenderWire", "RenderModel"], swiftSettings: strict),
        .testTarget(name: "ScenarioTests", dependencies: ["LoopSimTestSupport", "Scenario", "Simulation", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "LoopSimCLITests", dependencies: ["loopsim", "loopsim-render", "RenderWire", "RenderModel"], swiftSettings: strict),
    ]
)
