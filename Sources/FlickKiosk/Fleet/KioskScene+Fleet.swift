import FlickFiles
import FlickJSON
import FlickRaster

/// What a fleet's commands do to the kiosk: through the paths its own buttons and its reload take.
extension KioskScene {
    /// A pushed config, valid and written over the config file, to apply once its answer is sent.
    struct PushedConfig {
        let config: KioskConfig
        let bytes: [UInt8]
        let file: String
        var hash: String { ConfigHash.of(bytes) }
    }

    /// The page shown and the language it is in, as `state/page` says them.
    var pageState: JSONValue {
        let page = pages.currentPage
        return .object([("page", .string(page)), ("language", .string(config.page(page)?.language ?? pages.languageTag))])
    }

    /// Carries out `command` as the kiosk's own actions do (a button's `page`, `backlight`, `wake` and `blank`, SIGHUP's
    /// reload); nil when done, else why not, in one line. Screenshots and configs are ``screenshot()``'s and
    /// ``receive(config:)``'s.
    func carryOut(_ command: FleetCommand) -> String? {
        switch command {
        case .page(let id):
            guard config.page(id) != nil else {
                let ids = config.pages.prefix(8).map { JSONValue.string($0.id).shortDescription }.joined(separator: ", ")
                return "no page \(quoted(id)) (pages: \(ids)\(config.pages.count > 8 ? ", …" : ""))"
            }
            guard !pages.graph.hidden.contains(id) else { return "the page \(quoted(id)) is outside its \"shown\" times now" }
            guard !pages.isTracking else { return "a finger is on the screen: the page \(quoted(id)) is not shown" }
            pages.context.perform(.page(id))
        case .backlight(let percent):
            pages.context.perform(.backlight(percent))
        case .wake:
            pages.context.perform(.wake)
        case .blank:
            pages.context.perform(.blank)
        case .reload:
            guard file != nil else { return "this kiosk runs without a config file: there is nothing to read again" }
            reload()
        case .screenshot, .config:
            preconditionFailure("\(command) has an answer of its own")
        }
        return nil
    }

    /// The frame on screen as a PNG: the latest presented (the one it showed last, while the screen is blanked).
    func screenshot() -> Result<[UInt8], FleetCommandProblem> {
        guard let surface = status?.shownSurface else { return .failure(.refused("no frame on screen yet")) }
        do throws(ImageError) { return .success(try surface.pngData()) } catch { return .failure(.refused(error.reason)) }
    }

    /// `bytes`, a whole config, checked as a reload checks the file (relative paths against the config file's
    /// directory, pictures of changed pages decoded) and written durably over the config file; apply it with
    /// ``apply(_:)-(PushedConfig)``. A refused one (invalid, unwritable, or a kiosk without a file) changes nothing.
    func receive(config bytes: [UInt8]) -> Result<PushedConfig, FleetCommandProblem> {
        guard let file else {
            return .failure(.refused("this kiosk runs without a config file (an app, or a config its program made): there is none to replace"))
        }
        let new: KioskConfig
        do throws(KioskConfigError) {
            new = try KioskConfig.readForReload(bytes, path: file, kinds: kinds, replacing: config)
        } catch {
            return .failure(.refused("not applied: \(Self.line(error))"))
        }
        do throws(FileError) { try DurableFile.write(bytes, to: file) } catch {
            return .failure(.refused("not applied: \(error)"))
        }
        return .success(PushedConfig(config: new, bytes: bytes, file: file))
    }

    /// Applies a pushed config as a reload applies a valid file; while a finger is on the screen, once it lifts (the
    /// file on disk is already the new one).
    func apply(_ pushed: PushedConfig) {
        if pages.isTracking {
            reload()
        } else {
            accept(pushed.config, bytes: pushed.bytes, file: pushed.file)
        }
    }

    private func quoted(_ id: String) -> String {
        id.utf8.count <= FleetCommand.quotedLimit ? JSONValue.string(id).shortDescription : "of \(id.utf8.count) bytes"
    }
}
