import FlickJSON

// A new config, or a new language, applied to the pages on screen.
extension PagesScene {
    /// The context pages are made with: the config's theme and fonts, its scale, and `live`.
    func makeContext(live: LiveData) -> PageContext {
        scene.tree.clearColor = config.theme.background
        // The config checked its theme fonts when it was read; one that fails now (removed since) leaves DejaVu.
        do { try fonts.useTheme(config.theme.fonts, fallbacks: config.theme.fallbackFonts) } catch { log("theme fonts: \(error)") }
        let language = config.languages.language(languageTag) ?? config.languages.defaultLanguage
        let context = PageContext(scene: scene, theme: config.theme, fonts: fonts, metrics: metrics, width: width, height: height,
                                  scale: config.display?.scale ?? 1, stateDirectory: stateDirectory, live: live,
                                  wallClock: wallClock, words: config.languages.words(for: language), todoLists: todoLists,
                                  log: log)
        context.performer = { [unowned self] action, value in
            switch action {
            case .page(let id): show(page: id)
            case .start: show(page: config.start)
            case .back: back()
            case .language(let tag):
                // Told first, so the scene around can keep what is on screen before the words change.
                perform(action, value)
                speak(tag)
            default: perform(action, value)
            }
        }
        return context
    }

    /// Shows `new` in place of the config shown, without a black frame: the pages whose content is the same keep
    /// their state (an open detail, a list's scroll, a to-do being edited); the others are made anew. The page on
    /// screen stays when `new` still has it, else the latest page shown before that it has, else its start. With
    /// another theme, scale or sources every page is made anew; `live` replaces the values pages draw (nil: kept).
    /// Returns whether what is on screen changed.
    @discardableResult
    public func apply(_ new: KioskConfig, live: LiveData? = nil) -> Bool {
        let old = config
        let sameLook = new.theme == old.theme && new.display?.scale == old.display?.scale && new.sources == old.sources
            && new.languages == old.languages
        let shown = currentPage
        history.removeAll { new.page($0) == nil }
        let current = new.page(shown) != nil ? shown : history.popLast() ?? new.start
        config = new
        todoLists.update(for: new)
        graph = PageGraph(new, hidden: graph.hidden.filter { new.page($0)?.shown.isEmpty == false })
        if new.languages.language(languageTag) == nil { languageTag = new.languages.defaultLanguage.tag }
        let kept = remake(startingOn: current, newContext: !sameLook || live != nil, live: live) { id in
            !sameLook || new.page(id)?.content != old.page(id)?.content || new.page(id)?.language != old.page(id)?.language
        }
        return current != shown || !kept.contains(current)
    }

    /// Makes again, when next shown, the pages that show a picture in `files` (changed on disk); every page when
    /// `fontsChanged`.
    func remake(showing files: Set<String>, fontsChanged: Bool) {
        remake(newContext: fontsChanged) { [config] id in
            fontsChanged || (config.page(id)?.content.kind.imageFiles.contains { files.contains($0.file) } ?? false)
        }
    }

    /// Lets go of the pages `remade` says (made again when next shown), at rest on `current`; with `newContext`, the
    /// context pages are made with is made again (the theme, words or `live` changed). Returns the pages kept.
    @discardableResult
    private func remake(startingOn current: String? = nil, newContext: Bool = true, live: LiveData? = nil,
                        _ remade: (String) -> Bool) -> Set<String> {
        scene.animator.stop(animationTarget, key: Self.offsetKey)
        var kept: [String: any PageController] = [:]
        for (id, controller) in controllers {
            if remade(id) {
                controller.view.removeFromParent()
                controller.view.discardCaches()
            } else {
                kept[id] = controller
            }
        }
        strip = PageStrip(graph: graph, width: Double(width), height: Double(height), peek: config.swipe.peek,
                          current: current ?? currentPage)
        let rasterized = layers.restsRasterized.filter { kept[$0] != nil }
        layers = PageLayerPolicy(unprepared: strip.neighbours)
        layers.restsRasterized = rasterized
        controllers = kept
        if newContext { context = makeContext(live: live ?? context.live) }
        dragStart = 0
        layout()
        endSlide()
        scene.root.setNeedsDisplay()
        return Set(kept.keys)
    }

    /// Passes over `pages` (outside their `shown` times) from now: the swipe skips them and buttons do not show them.
    /// A hidden page on screen gives way to the page shown before it, else the start page; while a finger is on the
    /// pages nothing changes (call again when it lifts).
    public func hide(_ pages: Set<String>) {
        guard pages != graph.hidden, !isTracking else { return }
        graph = PageGraph(config, hidden: pages)
        history.removeAll { pages.contains($0) }
        let current = pages.contains(currentPage) ? history.popLast() ?? config.start : currentPage
        remake(startingOn: current, newContext: false) { _ in false }
    }

    /// Shows the pages in the language `tag` (one of the config's): the pages without a language of their own are
    /// made again in it, on the page shown.
    public func speak(_ tag: String) {
        guard tag != languageTag, config.languages.language(tag) != nil else { return }
        languageTag = tag
        remake { [config] in config.page($0)?.language == nil }
    }
}
