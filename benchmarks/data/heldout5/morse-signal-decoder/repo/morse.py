"""Morse code: decoding a keyed signal, and encoding text for practice."""

CODE = {
    ".-": "A", "-...": "B", "-.-.": "C", "-..": "D", ".": "E", "..-.": "F", "--.": "G",
    "....": "H", "..": "I", ".---": "J", "-.-": "K", ".-..": "L", "--": "M", "-.": "N",
    "---": "O", ".--.": "P", "--.-": "Q", ".-.": "R", "...": "S", "-": "T", "..-": "U",
    "...-": "V", ".--": "W", "-..-": "X", "-.--": "Y", "--..": "Z",
}
LETTERS = {letter: code for code, letter in CODE.items()}


class Decoder:
    """Reads signals of dots and dashes; a space ends a letter, '/' ends a word."""

    def __init__(self, unknown="?"):
        self.unknown = unknown

    def codes(self, signal):
        """The letter codes of a signal in order, with '/' kept as a word break."""
        out = []
        current = ""
        for ch in signal:
            if ch in ".-":
                current += ch
            elif ch in " /":
                if current:
                    out.append(current)
                    current = ""
                if ch == "/":
                    out.append("/")
        return out

    def decode(self, signal):
        """The text of a signal; a code that is no letter becomes `self.unknown`."""
        text = ""
        for code in self.codes(signal):
            text += " " if code == "/" else CODE.get(code, self.unknown)
        return text

    def encode(self, text):
        """The signal of a text: letters separated by spaces, words by ' / '."""
        words = [" ".join(LETTERS[c] for c in word) for word in text.upper().split()]
        return " / ".join(words)
