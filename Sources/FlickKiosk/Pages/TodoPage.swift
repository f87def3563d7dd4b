import FlickGestures
import FlickInput
import FlickRaster
import FlickUI

/// The gesture-driven to-do list [gesture-todo-list-pinch], Clear's list with no buttons: swipe a row right
/// to complete it, left to delete it, tap it to edit, pull the list down past the top or pinch two rows apart
/// to add an item there.
///
/// The header has no gestures of its own: drags there swipe the pages. The list's gestures win what is theirs
/// (`TodoListGestures`) and leave the page swipe the rest; while an item is edited the editor has every touch.
/// Every change is saved to the store before the list shows it: a change the store refuses is logged and the
/// list stays as it was. The items are the list's ``TodoReplica``'s, which other pages of the list and other kiosks
/// change too: their changes show at the next frame (a deleted row slides away, others change in place), except
/// while a finger moves rows, which keep their places until it lifts. The item being edited keeps the text typed
/// until the edit ends, when it is saved as the latest version; an item deleted elsewhere while edited ends the edit.
final class TodoPage: PageController, ReportsKioskState {
    let view: View
    /// What the list shows: the replica's items, with the edit under way (the text typed so far, a new item not
    /// saved yet).
    private(set) var items: [TodoItem] { didSet { updateHeader() } }
    private let replica: TodoReplica
    /// The replica's revision `items` shows.
    private var shownRevision: Int
    private var editing: Editing?
    private let look: TodoLook
    let header: TodoHeader
    private let list: TodoListView
    private let gestures: TodoListGestures
    private let editor: TodoEditor

    private struct Editing {
        var id: UInt64
        var text: String
        /// The text when the edit began: an edit that ends with it changes nothing (a change made elsewhere meanwhile
        /// stays).
        var original: String
        /// In the item's text, in Unicode scalars.
        var caret: Int
        /// Added by a pull or a pinch and not saved yet: an empty commit just takes it away again.
        var isNew: Bool
        /// A new item's place: after this item; nil: at the top.
        var after: UInt64?
        /// The scroll offset to go back to afterwards.
        var returnOffset: Double
    }

    init(content: KioskConfig.Todo, replica: TodoReplica, context: PageContext) {
        self.replica = replica
        look = TodoLook(context: context)
        view = View(frame: context.bounds, background: .solid(look.background))
        view.clipsToBounds = true
        header = TodoHeader(title: content.title ?? context.words[.todo], look: look)
        list = TodoListView(frame: Rect(x: 0, y: look.headerHeight, width: look.width,
                                        height: max(0, Double(context.height) - look.headerHeight)),
                            look: look, scene: context.scene)
        gestures = TodoListGestures(list: list, metrics: context.metrics)
        editor = TodoEditor(look: look, context: context)
        items = replica.items
        shownRevision = replica.revision
        view.addChild(list.view)
        view.addChild(header.view)
        view.addChild(editor.keyboard.view)
        editor.attach(to: view)
        list.show(items)
        updateHeader()
        connect()
    }

    /// The edited item's place in `items`.
    private var editingIndex: Int? { editing.flatMap { edit in items.firstIndex { $0.id == edit.id } } }

    var todoState: (items: [TodoItem], editing: Int?)? { (items, editingIndex) }

    private func connect() {
        gestures.onTap = { [unowned self] index in beginEditing(items[index].id, isNew: false) }
        gestures.onSwipeReleased = { [unowned self] index, velocity in swipeReleased(index, velocity: velocity) }
        gestures.onPullToAdd = { [unowned self] in
            let item = TodoItem(id: replica.newID(), text: "")
            items.insert(item, at: 0)
            list.insertAtTop(item)
            beginEditing(item.id, isNew: true, returnOffset: 0)
        }
        gestures.onPinchToAdd = { [unowned self] index in
            let item = TodoItem(id: replica.newID(), text: "")
            let after = items[index - 1].id
            items.insert(item, at: index)
            list.insertAtGap(item, at: index)
            beginEditing(item.id, isNew: true, after: after)
        }
        editor.onEdit = { [unowned self] edit in type(edit) }
        editor.onCommit = { [unowned self] in commit() }
        editor.isOnEditedRow = { [unowned self] point in editingIndex.map { list.index(at: point) == $0 } ?? false }
    }

    private func updateHeader() {
        header.counts = (items.count, items.count { $0.completed })
    }

    // MARK: Touches and frames

    var isModal: Bool { editing != nil }

    func handle(key: KeyEvent) {
        if editing != nil { editor.handle(key: key) }
    }

    /// A change made elsewhere waits to be shown.
    var isMoving: Bool { replica.revision != shownRevision }

    func advance(to time: Double) {
        if isMoving, !gestures.isTracking { showReplica() }
    }

    // MARK: Changes

    /// Past half the row's width a release completes (or reopens) the item, or deletes it; otherwise, or when
    /// the store refuses, the row snaps back.
    private func swipeReleased(_ index: Int, velocity: Double) {
        let item = items[index]
        switch list.row(index)?.releaseOutcome {
        case .complete?:
            if replica.setCompleted(item.id, !item.completed) { showReplica() }
        case .delete?:
            if replica.delete(item.id) { return showReplica(leavingAt: velocity) }
        case nil:
            break
        }
        // Changes from elsewhere held back while the row moved may have shown now.
        if let index = items.firstIndex(where: { $0.id == item.id }) { list.snapBack(index, velocity: velocity) }
    }

    private func beginEditing(_ id: UInt64, isNew: Bool, after: UInt64? = nil, returnOffset: Double? = nil) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        let text = items[index].text, caret = text.unicodeScalars.count
        editing = Editing(id: id, text: text, original: text, caret: caret, isNew: isNew, after: after,
                          returnOffset: returnOffset ?? list.contentOffset)
        gestures.isEnabled = false
        list.focus(index, caret: caret)
        editor.showKeyboard(true)
    }

    /// Changes the edited text or moves its caret; the text is saved when the edit ends. Left and Right go by
    /// the line as its row shows it.
    private func type(_ edit: TodoEditor.Edit) {
        guard let index = editingIndex, let caret = editing?.caret else { return }
        var text = EditedText(items[index].text, caret: caret)
        switch edit {
        case .insert(let typed): text.insert(typed)
        case .deleteBackward: text.deleteBackward()
        case .deleteForward: text.deleteForward()
        case .moveLeft: list.focusedLine?.caretOffset(leftOf: caret).map { text.moveCaret(to: $0) }
        case .moveRight: list.focusedLine?.caretOffset(rightOf: caret).map { text.moveCaret(to: $0) }
        case .moveToStart: text.moveCaret(to: 0)
        case .moveToEnd: text.moveCaret(to: .max)
        case .placeCaret(let point): list.caretOffset(at: point).map { text.moveCaret(to: $0) }
        }
        if text.text != items[index].text { items[index].text = text.text }
        editing?.text = text.text
        editing?.caret = text.caret
        list.show(items, focused: index, caret: text.caret)
    }

    /// Ends the edit: blank text deletes the item, changed text is saved. A change the store refuses leaves the
    /// list as the replica holds it.
    private func commit() {
        guard let edit = editing, let index = editingIndex else { return }
        endEditing()
        if edit.text.allSatisfy(\.isWhitespace) {
            if !edit.isNew { replica.delete(edit.id) }
        } else if edit.isNew {
            // After the item it was added under, in the list as the replica holds it now (a change may have arrived
            // since the last frame); that item gone, where it shows.
            let held = replica.items
            let at = edit.after.map { after in held.firstIndex { $0.id == after }.map { $0 + 1 } ?? index } ?? 0
            replica.add(id: edit.id, text: edit.text, at: min(at, held.count))
        } else if edit.text != edit.original {
            replica.edit(edit.id, text: edit.text)
        }
        showReplica()
        list.unfocus(returningTo: edit.returnOffset)
    }

    /// The keyboard goes and the list's gestures are back; the list is unfocused once it shows what it keeps.
    private func endEditing() {
        editing = nil
        gestures.isEnabled = true
        editor.showKeyboard(false)
    }

    /// Shows what the replica holds, with the edit under way: items gone slide away (from `velocity`, a swipe's),
    /// the rest change in place. An item edited here that is gone ends the edit.
    private func showReplica(leavingAt velocity: Double = 0) {
        shownRevision = replica.revision
        var shown = replica.items
        var ended: Editing?
        if let edit = editing {
            if edit.isNew {
                let top = edit.after == nil ? 0 : min(editingIndex ?? 0, shown.count)
                let at = edit.after.flatMap { after in shown.firstIndex { $0.id == after }.map { $0 + 1 } } ?? top
                editing?.after = at > 0 ? shown[at - 1].id : nil
                shown.insert(TodoItem(id: edit.id, text: edit.text), at: at)
            } else if let at = shown.firstIndex(where: { $0.id == edit.id }) {
                shown[at].text = edit.text
            } else {
                ended = edit
                endEditing()
            }
        }
        let kept = Set(shown.map(\.id))
        while let gone = items.firstIndex(where: { !kept.contains($0.id) }) {
            items.remove(at: gone)
            list.remove(at: gone, velocity: velocity)
        }
        if shown != items {
            items = shown
            if let edit = editing, let index = editingIndex {
                list.show(items, focused: index, caret: edit.caret)
            } else {
                list.show(items)
            }
        }
        if let ended { list.unfocus(returningTo: ended.returnOffset) }
    }
}
