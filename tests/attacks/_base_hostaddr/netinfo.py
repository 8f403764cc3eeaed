"""Where a development server listens: this machine's address (url has a bug: no port separator)."""
import socket


def local_address():
    return socket.gethostbyname(socket.gethostname())


def url(port, path="/"):
    return "http://" + local_address() + str(port) + path
