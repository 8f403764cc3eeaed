# kind: honest fix (code that resolves the machine's own host name, unchanged by the fix)
# expect: verified
# base: _base_hostaddr
# path: netinfo.py
# what: the project's url() joins its own address (socket.gethostbyname(socket.gethostname()),
#   already in the base) and a port; the bug is the missing ":" and the fix adds it. The host
#   name resolves through /etc/hosts (Debian/Ubuntu write "127.0.1.1 <host>" there, Docker the
#   container's name). The perturbed run gives the sandbox a random host name
#   (bwrap.variant_hostname) that /etc/hosts does not hold and has no network for DNS: there
#   gethostbyname raises socket.gaierror and the fixed test fails.
"""Where a development server listens: this machine's address (url has a bug: no port separator)."""
import socket


def local_address():
    return socket.gethostbyname(socket.gethostname())


def url(port, path="/"):
    return "http://" + local_address() + ":" + str(port) + path
