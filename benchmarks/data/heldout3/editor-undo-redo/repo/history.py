"""Undo and redo for a single-buffer text editor."""


class NothingToUndo(LookupError):
    """undo() was called with no edit to take back."""


class NothingToRedo(LookupError):
    """redo() was called with no undone edit to apply again."""


class History:
    """The buffer's text and the edits around it; a new edit forgets what was undone."""

    def __init__(self, text=""):
        self.text = text
        self._done = []
        self._undone = []

    def apply(self, new_text):
        """Replace the buffer with ``new_text``, remembering the old text for undo()."""
        self._done.append(self.text)
        self._undone.clear()
        self.text = new_text

    def undo(self):
        """Restore the text before the last edit and return it; NothingToUndo when none."""
        if not self._done:
            raise NothingToUndo("nothing to undo")
        self._undone.append(self.text)
        self.text = self._done.pop()
        return self.text

    def redo(self):
        """Apply the last undone edit again and return the text; NothingToRedo when none."""
        self._done.append(self.text)
        self.text = self._undone.pop()
        return self.text

    def can_undo(self):
        """True when undo() would succeed."""
        return bool(self._done)
