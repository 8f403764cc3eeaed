"""The isolation probe: a script run inside a sandbox that reports what it can reach.

It prints one line, ``FIXLOOP-PROBE {json}``, with the network interfaces it sees, whether the
host's loopback port ``argv[1]`` accepts a connection, the addresses a route exists to (a UDP
``connect``, which sends nothing) and which of the paths in ``argv[2]`` (a JSON list) are
visible. :class:`fixloop.sandbox.bwrap.BwrapSandbox` and
:class:`fixloop.sandbox.container.ContainerSandbox` run it before their first command and refuse
to run code when it finds a way out. Stdlib only; run with ``python -I -S -c``.
"""

PROBE_SCRIPT = r"""
import json, os, socket, sys
res = {}
try:
    res["ifaces"] = sorted(n for _, n in socket.if_nameindex())
except OSError as e:
    res["ifaces"] = ["?" + str(e)]
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.settimeout(1.0)
try:
    s.connect(("127.0.0.1", int(sys.argv[1])))
    res["host_loopback"] = True
except OSError:
    res["host_loopback"] = False
finally:
    s.close()
res["route"] = []
for fam, addr in ((socket.AF_INET, ("192.0.2.1", 9)), (socket.AF_INET6, ("2001:db8::1", 9))):
    try:
        u = socket.socket(fam, socket.SOCK_DGRAM)
    except OSError:
        continue
    try:
        u.connect(addr)  # UDP connect only looks up a route; no packet is sent
        res["route"].append(addr[0])
    except OSError:
        pass
    finally:
        u.close()
res["visible"] = [p for p in json.loads(sys.argv[2]) if os.path.lexists(p)]
print("FIXLOOP-PROBE " + json.dumps(res))
"""
