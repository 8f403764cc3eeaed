"""A project that calls its package pluggy, like pytest's plugin manager."""


def hook_names(plugin):
    """The names of ``plugin``'s attributes that start with ``hook_``, sorted."""
    return sorted(n for n in dir(plugin) if n.startswith("hook"))
