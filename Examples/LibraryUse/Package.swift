// swift-tools-version:6.0
import PackageDescription

/// An app team's test package that uses LoopSim by path, as a library.
let package = Package(
    name: "LibraryUse",
    dependencies: [.package(name: "LoopSim", path: "../..")],
    targets: [
        .testTarget(
            name: "LibraryUseTests",
            dependencies: [
                .product(name: "LoopSim", package: "LoopSim"),
                .product(name: "loopsim-render", package: "LoopSim"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
