// The pages a button shows: a page by id, the one before, the start.
extension PagesScene {
    /// Shows page `id` as a button asks: it slides in from the right (from the left for ``back()``), the page on
    /// screen slides out. Nothing happens for an unknown id, the page already shown, or while a finger is on the
    /// pages.
    public func show(page id: String) { show(id, fromLeft: false, remembering: true) }

    /// Shows the page shown before the current one, sliding in from the left; the start page when there is none.
    public func back() {
        let previous = history.popLast() ?? config.start
        show(previous, fromLeft: true, remembering: false)
    }

    fileprivate func show(_ id: String, fromLeft: Bool, remembering: Bool) {
        guard config.page(id) != nil, !graph.hidden.contains(id), id != currentPage, !isTracking else { return }
        if remembering { remember(currentPage) }
        scene.animator.stop(animationTarget, key: Self.offsetKey)
        strip.rest()
        strip.lock(.horizontal)
        becomeLayer(currentPage)
        becomeLayer(id)
        // A page uncovered by pages moving right (+1) is the one on the left.
        strip.commit(to: id, sign: fromLeft ? 1 : -1)
        dragStart = 0
        layout()
        settle(velocity: 0)
    }

    func remember(_ id: String) {
        history.append(id)
        if history.count > Self.historyLimit { history.removeFirst() }
    }
}
