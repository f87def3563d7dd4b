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
/// list stays as it was.
final class TodoPage: PageController, ReportsKioskState {
    let view: View
    private(set) var items: [TodoItem] { didSet { updateHeader() } }
    /// What the store holds: what a refused change falls back to.
    private var saved: [TodoItem]
    private var editing: Editing?
    private let store: TodoStore?
    private let look: TodoLook
    let header: TodoHeader
    private let list: TodoListView
    private let gestures: TodoListGestures
    private let editor: TodoEditor

    private struct Editing {
        var index: Int
        /// In the item's text, in Unicode scalars.
        var caret: Int
        /// Added by a pull or a pinch and not saved yet: an empty commit just takes it away again.
        var isNew: Bool
        /// The scroll offset to go back to afterwards.
        var returnOffset: Double
    }

    /// `store` keeps the list (its log gets one line per change it refuses); nil keeps it in memory only.
    init(content: KioskConfig.Todo, store: TodoStore?, context: PageContext) {
        self.store = store
        look = TodoLook(context: context)
        view = View(frame: context.bounds, background: .solid(look.background))
        view.clipsToBounds = true
        header = TodoHeader(title: content.title ?? context.words[.todo], look: look)
        list = TodoListView(frame: Rect(x: 0, y: look.headerHeight, width: look.width,
                                        height: max(0, Double(context.height) - look.headerHeight)),
                            look: look, scene: context.scene)
        gestures = TodoListGestures(list: list, metrics: context.metrics)
        editor = TodoEditor(look: look, context: context)
        items = store?.load() ?? []
        saved = items
        view.addChild(list.view)
        view.addChild(header.view)
        view.addChild(editor.keyboard.view)
        editor.attach(to: view)
        list.show(items)
        updateHeader()
        connect()
    }

    var todoState: (items: [TodoItem], editing: Int?)? { (items, editing?.index) }

    private func connect() {
        gestures.onTap = { [unowned self] index in beginEditing(index, isNew: false) }
        gestures.onSwipeReleased = { [unowned self] index, velocity in swipeReleased(index, velocity: velocity) }
        gestures.onPullToAdd = { [unowned self] in
            let item = newItem()
            items.insert(item, at: 0)
            list.insertAtTop(item)
            beginEditing(0, isNew: true, returnOffset: 0)
        }
        gestures.onPinchToAdd = { [unowned self] index in
            let item = newItem()
            items.insert(item, at: index)
            list.insertAtGap(item, at: index)
            beginEditing(index, isNew: true)
        }
        editor.onEdit = { [unowned self] edit in type(edit) }
        editor.onCommit = { [unowned self] in commit() }
        editor.isOnEditedRow = { [unowned self] point in editing.map { list.index(at: point) == $0.index } ?? false }
    }

    private func updateHeader() {
        header.counts = (items.count, items.count { $0.completed })
    }

    // MARK: Touches

    var isModal: Bool { editing != nil }

    func handle(key: KeyEvent) {
        if editing != nil { editor.handle(key: key) }
    }

    // MARK: Changes

    /// Past half the row's width a release completes (or reopens) the item, or deletes it; otherwise, or when
    /// the store refuses, the row snaps back.
    private func swipeReleased(_ index: Int, velocity: Double) {
        var changed = items
        switch list.row(index)?.releaseOutcome {
        case .complete?:
            changed[index].completed.toggle()
            if save(changed) {
                items = changed
                list.show(items)
            }
        case .delete?:
            changed.remove(at: index)
            if save(changed) {
                items = changed
                return list.remove(at: index, velocity: velocity)
            }
        case nil:
            break
        }
        list.snapBack(index, velocity: velocity)
    }

    private func beginEditing(_ index: Int, isNew: Bool, returnOffset: Double? = nil) {
        let caret = items[index].text.unicodeScalars.count
        editing = Editing(index: index, caret: caret, isNew: isNew, returnOffset: returnOffset ?? list.contentOffset)
        gestures.isEnabled = false
        list.focus(index, caret: caret)
        editor.showKeyboard(true)
    }

    /// Changes the edited text or moves its caret; the text is saved when the edit ends. Left and Right go by
    /// the line as its row shows it.
    private func type(_ edit: TodoEditor.Edit) {
        guard let index = editing?.index, let caret = editing?.caret else { return }
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
        editing?.caret = text.caret
        list.show(items, caret: text.caret)
    }

    /// Ends the edit: blank text deletes the item, anything else is saved.
    private func commit() {
        guard let edit = editing else { return }
        editing = nil
        gestures.isEnabled = true
        editor.showKeyboard(false)
        let index = edit.index
        if items[index].text.allSatisfy(\.isWhitespace) {
            var changed = items
            changed.remove(at: index)
            if edit.isNew || save(changed) {
                items = changed
                list.remove(at: index)
            } else {
                revert(edit)
            }
        } else if !save(items) {
            revert(edit)
        }
        list.unfocus(returningTo: edit.returnOffset)
    }

    /// The store refused the edit: the list goes back to what it holds.
    private func revert(_ edit: Editing) {
        if edit.isNew {
            list.remove(at: edit.index)
        }
        items = saved
        list.show(items)
    }

    /// Writes `changed` durably; false (and one line in the log) when the store refuses it.
    private func save(_ changed: [TodoItem]) -> Bool {
        do {
            try store?.save(changed)
            saved = changed
            return true
        } catch {
            store?.log("to-do change not saved, the list stays as it was: \(error)")
            return false
        }
    }

    private func newItem() -> TodoItem {
        TodoItem(id: (items.map(\.id).max() ?? 0) + 1, text: "")
    }
}
