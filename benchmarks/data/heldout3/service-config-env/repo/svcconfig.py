"""Settings of a small web service: defaults, a settings file, and environment overrides."""

DEFAULTS = {"port": 8080, "debug": False, "workers": 2, "log_level": "info"}


def _coerce(raw, default):
    """The string ``raw`` turned into the type of ``default`` (bool, int or str)."""
    if isinstance(default, bool):
        return raw.strip().lower() in {"1", "true", "yes", "on"}
    if isinstance(default, int):
        return int(raw)
    return raw


class Settings:
    """Setting lookup: APP_<NAME> in the environment wins over the file, the file over DEFAULTS."""

    def __init__(self, file_values, environ):
        unknown = set(file_values) - set(DEFAULTS)
        if unknown:
            raise KeyError(f"unknown settings: {', '.join(sorted(unknown))}")
        self._file = dict(file_values)
        self._environ = environ

    def get(self, name):
        """The value of setting ``name``, typed like its default; KeyError for an unknown name."""
        default = DEFAULTS[name]
        env_name = "APP_" + name.upper()
        if env_name in self._environ:
            value = _coerce(self._environ[env_name], default)
        if name in self._file:
            return self._file[name]
        return default

    def as_dict(self):
        """Every setting's current value."""
        return {name: self.get(name) for name in DEFAULTS}
