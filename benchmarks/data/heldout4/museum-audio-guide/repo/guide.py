"""A museum audio guide: visitors move between exhibits and can go back."""


class Guide:
    """The exhibit now playing and the way back (most recent last)."""

    def __init__(self, start):
        self.current = start
        self.history = []
        self.played = [start]

    def press(self, button):
        """Handle one button: ``next:<id>``, ``jump:<id>`` (typed number) or ``back``."""
        if button == "back":
            if self.history:
                self.current = self.history.pop()
        elif button.startswith("next:"):
            self.history.append(self.current)
            self.current = button[5:]
        elif button.startswith("jump:"):
            self.current = button[5:].strip()
        else:
            raise ValueError(f"unknown button {button!r}")
        self.played.append(self.current)
        return self.current


def tour(start, buttons):
    """The exhibit playing after each button of ``buttons``."""
    guide = Guide(start)
    return [guide.press(b) for b in buttons]
