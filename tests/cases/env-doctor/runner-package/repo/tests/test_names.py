from pluggy import hook_names


class Plugin:
    def hook_a(self):
        pass

    def hookwrapper(self):
        pass


def test_hook_names():
    assert hook_names(Plugin()) == ["hook_a"]
