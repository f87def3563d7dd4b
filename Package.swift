// swift-tools-version: 6.0
import PackageDescription


let package = Package(
    name: "Flick",
    products: [
        .executable(name: "flick", targets: ["flick"]),
        // Points, vectors, sizes, rectangles and time: the vocabulary every module shares (re-exported by the rest).
        .library(name: "FlickCore", targets: ["FlickCore"]),
        .library(name: "FlickRaster", targets: ["FlickRaster"]),
        .library(name: "FlickText", targets: ["FlickText"]),
        .library(name: "FlickDisplay", targets: ["FlickDisplay"]),
        .library(name: "FlickMotion", targets: ["FlickMotion"]),
        .library(name: "FlickGestures", targets: ["FlickGestures"]),
        .library(name: "FlickInput", targets: ["FlickInput"]),
        // JSON values as a kiosk config holds them, for kinds of page that read fields of their own.
        .library(name: "FlickJSON", targets: ["FlickJSON"]),
        // The UI stack: views, widgets, gestures through one dispatcher, the frame loop, screen power.
        .library(name: "FlickUI", targets: ["FlickUI"]),
        // The kiosk's pages, config and to-do list, to run a JSON kiosk or build on its pages.
        .library(name: "FlickKiosk", targets: ["FlickKiosk"]),
        // The one way onto a board: DRM or fbdev, libinput, the text console, screen power, hot-plug.
        .library(name: "FlickBoard", targets: ["FlickBoard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // FileDescriptor and Errno for the board's plumbing (poll, signals, the console). 1.3 is what Debian's Swift 6.0.3
        // (the aarch64 build, scripts/build-arm64) was built with; this machine resolves the newest.
        .package(url: "https://github.com/apple/swift-system", from: "1.3.0"),
    ],
    targets: [
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CLibInput", pkgConfig: "libinput", providers: [.apt(["libinput-dev", "libudev-dev", "libxkbcommon-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // Text for every script: shaping, bidi, line breaking (UAX #14), system fonts.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Phone photos: JPEG through libjpeg-turbo with the EXIF orientation read by libexif, and WebP.
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // YAML for `libinput record` captures: libyaml's event parser, which FlickInput builds its own tree from.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // MQTT through the client Debian ships: live data, actions and the fleet talk to a broker with it.
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        // sd_notify: a board's kiosk tells systemd it is ready and pings its watchdog from the frame loop.
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),

        // Line breaking (UAX #14) through ICU (libicu-dev), behind a C shim: ICU's C names carry its version.
        .target(name: "CICULineBreak", linkerSettings: [.linkedLibrary("icuuc")]),
        // Languages through ICU: BCP 47 tags, right-to-left scripts, plural rules, digits, dates and numbers as a
        // language writes them (icui18n for all but the first two).
        .target(name: "CICULocale", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),
        // The bundled DejaVu faces inside the binary (.incbin from Fonts/): text wherever a program is copied.
        .target(name: "CBundledFonts", cSettings: [.headerSearchPath("../../Fonts")]),
        // SIMD kernels wider than the x86-64 baseline, picked at run time.
        .target(name: "CRasterKernels"),
        // libjpeg's steps under setjmp, with an error manager that returns instead of exiting the process.
        .target(name: "CJPEGGuard", dependencies: ["CJPEG"]),
        // Reading what people give Flick and replacing files durably: the one place for both.
        // FlickCore for LoopSource: a FileWatcher is one.
        .target(name: "FlickFiles", dependencies: ["FlickCore", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "FlickCore"),
        .target(name: "FlickRaster", dependencies: ["CPNG", "CJPEG", "CJPEGGuard", "CExif", "CWebP", "CRasterKernels", "FlickFiles", "FlickCore"]),
        .target(name: "FlickText", dependencies: ["FlickRaster", "CBundledFonts", "CFreeType", "CHarfBuzz", "CFriBidi", "CICULineBreak", "CICULocale", "CFontconfig", "FlickFiles",
                                               .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "FlickMotion", dependencies: ["FlickCore"]),
        .target(name: "FlickJSON"),
        .target(name: "FlickGestures", dependencies: ["FlickCore"]),
        // The kiosk's connection to an MQTT broker (libmosquitto), serviced by the frame loop as a LoopSource.
        .target(name: "FlickMQTT", dependencies: ["CMosquitto", "FlickCore", "FlickFiles", "FlickJSON"]),
        // What a display is (the protocol, the headless one, the vblank grid), apart from the C that drives a panel,
        // as swift-nio keeps Channel in NIOCore and its POSIX implementation in NIOPosix.
        .target(name: "FlickDisplay", dependencies: ["FlickCore", "FlickRaster", "FlickFiles", .product(name: "SystemPackage", package: "swift-system")]),
        // DRM/KMS (libdrm), connector hot-plug (libudev) and fbdev: the displays of a board.
        .target(name: "FlickDRM", dependencies: ["FlickDisplay", "FlickRaster", "FlickFiles", "CDRM", "CUdev", "CLinux", "CRasterKernels",
                                              .product(name: "SystemPackage", package: "swift-system")]),
        // Input events, input sources, the screen mapping, touch scripts and libinput recordings; libinput and
        // xkbcommon are FlickLibInput's.
        .target(name: "FlickInput", dependencies: [
            "FlickGestures", "FlickRaster", "FlickJSON", "FlickFiles", "CYAML",
        ]),
        .target(name: "FlickLibInput", dependencies: ["FlickInput", "FlickGestures", "FlickRaster", "CLibInput"]),
        .target(name: "FlickUI", dependencies: ["FlickRaster", "FlickText", "FlickMotion", "FlickGestures", "FlickDisplay", "FlickInput"]),
        // The kiosk: its JSON config and page graph, the pages that swipe, list → detail, paged text, photos, the
        // to-do list, and panels of widgets bound to live data.
        .target(name: "FlickKiosk", dependencies: ["FlickUI", "FlickRaster", "FlickText", "FlickMotion", "FlickGestures", "FlickInput", "FlickDisplay", "FlickJSON", "FlickFiles", "CICULocale", "FlickMQTT",
                                                .product(name: "SystemPackage", package: "swift-system")]),
        // The showcase picture, its live scene and the motion guide's plots (`flick render`, `flick run --showcase`).
        .target(name: "FlickShowcase", dependencies: ["FlickUI", "FlickRaster", "FlickText", "FlickMotion", "FlickGestures", "FlickInput"]),
        // A board's plumbing: poll, signals, the text console, systemd's readiness and watchdog, and what puts a scene on
        // the panel.
        .target(name: "FlickBoard", dependencies: [
            "FlickUI", "FlickKiosk", "FlickDRM", "FlickLibInput", "FlickDisplay", "FlickInput", "FlickJSON", "FlickRaster", "FlickFiles", "CLinux",
            "CSystemd", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .target(name: "FlickBench", dependencies: ["FlickRaster", "FlickText"]),
        .executableTarget(name: "flick", dependencies: [
            "FlickCore", "FlickKiosk", "FlickShowcase", "FlickBoard", "FlickDRM", "FlickDisplay", "FlickInput", "FlickLibInput", "FlickBench", "FlickJSON", "FlickFiles", "CLinux",
            // `flick remote`: the fleet seen and steered from a laptop through its broker.
            "FlickMQTT", "FlickRaster",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Fuzz targets (`scripts/fuzz`): arbitrary bytes into each reader and through the headless kiosk.
        .target(name: "FlickFuzzTargets", dependencies: ["FlickKiosk", "FlickUI", "FlickGestures", "FlickInput", "FlickText", "FlickFiles", "FlickJSON", "FlickRaster"]),
        .executableTarget(name: "flick-fuzz", dependencies: ["FlickFuzzTargets", "FlickFiles"]),
        // The pixman and cairo references live in their own executable so the shipped `flick` never links either.
        .executableTarget(name: "flick-bench-pixman", dependencies: ["FlickBench", "FlickText", "CPixman", "CCairo", "CFreeType"]),

        .testTarget(name: "FlickCoreTests", dependencies: ["FlickCore"]),
        .testTarget(name: "FlickFilesTests", dependencies: ["FlickFiles", "FlickCore", "FlickTestFixtures", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "FlickBenchTests", dependencies: ["FlickBench"]),
        // The pictures the tests decode, written with the libraries' own encoders.
        .target(name: "FlickTestFixtures", dependencies: ["CJPEG", "CExif", "CWebP", "FlickCore"], path: "Tests/FlickTestFixtures"),
        .testTarget(name: "FlickRasterTests", dependencies: ["FlickRaster", "FlickTestFixtures", "CExif"]),
        .testTarget(name: "FlickTextTests", dependencies: ["FlickText", "FlickTestFixtures"]),
        .testTarget(name: "FlickDisplayTests", dependencies: ["FlickDisplay"]),
        .testTarget(name: "FlickDRMTests", dependencies: ["FlickDRM", "FlickDisplay", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "FlickInputTests", dependencies: ["FlickInput", "FlickGestures", "FlickTestFixtures"], exclude: ["Streams"]),
        .testTarget(name: "FlickLibInputTests", dependencies: ["FlickLibInput", "FlickInput"]),
        .testTarget(name: "FlickBoardTests", dependencies: ["FlickBoard", "FlickKiosk", "FlickDRM", "FlickDisplay", "FlickInput", "FlickText",
                                                     "FlickUI", "FlickRaster", "FlickGestures", "FlickTestFixtures"]),
        // Boots a real kernel in QEMU (deploy/vm) and checks what virtio-gpu scans out.
        .testTarget(name: "FlickVMTests", dependencies: ["FlickKiosk", "FlickShowcase", "FlickUI", "FlickDisplay", "FlickDRM", "FlickGestures", "FlickRaster", "FlickText"]),
        .testTarget(name: "FlickMotionTests", dependencies: ["FlickMotion", "FlickTestFixtures"]),
        .testTarget(name: "FlickGesturesTests", dependencies: ["FlickGestures", "FlickInput", "FlickTestFixtures"], exclude: ["PeerVectors"]),
        .testTarget(name: "FlickJSONTests", dependencies: ["FlickJSON"]),
        // Against a real mosquitto broker each test starts on a free loopback port.
        .testTarget(name: "FlickMQTTTests", dependencies: ["FlickMQTT", "FlickCore", "FlickTestFixtures"]),
        .testTarget(name: "FlickUITests", dependencies: ["FlickUI", "FlickText", "FlickInput", "FlickDisplay", "FlickGestures", "FlickRaster", "FlickMotion"]),
        .testTarget(name: "FlickFuzzTests", dependencies: ["FlickFuzzTargets", "FlickFiles"]),
        .testTarget(name: "FlickKioskTests", dependencies: ["FlickCore", "FlickKiosk", "FlickShowcase", "FlickText", "FlickRaster", "FlickInput", "FlickMotion", "FlickGestures", "FlickUI", "FlickFiles", "FlickDisplay", "FlickJSON", "FlickTestFixtures", "FlickMQTT"],
                    exclude: ["Goldens"]),
    ]
)
