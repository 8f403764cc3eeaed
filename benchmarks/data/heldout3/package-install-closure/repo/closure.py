"""Work out which packages an installer must fetch for the packages a user asked for."""


class UnknownPackage(LookupError):
    """A requested package, or one of its dependencies, is not in the index."""


def install_closure(index, requested):
    """Every package needed for ``requested``, each once, in depth-first order.

    ``index`` maps a package name to the names it depends on. A package comes before its
    dependencies; the requested packages are visited in the order given. Raises
    UnknownPackage for a name missing from the index.
    """
    seen = set()
    order = []
    stack = list(reversed(requested))
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        if name not in index:
            raise UnknownPackage(name)
        order.append(name)
        stack.extend(reversed(index[name]))
    return order


def download_size(index, sizes, requested):
    """Bytes to download for ``requested``: each needed package's size, counted once."""
    return sum(sizes[name] for name in install_closure(index, requested))


def unused(index, requested):
    """The packages of the index that ``requested`` does not need, sorted."""
    needed = set(install_closure(index, requested))
    return sorted(name for name in index if name not in needed)
