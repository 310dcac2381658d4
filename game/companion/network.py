"""Where the companion server listens: the local network only, never every interface or a public address."""
from __future__ import annotations

import ipaddress
import socket


class NetworkError(ValueError):
    """The configured address is not one the phones' server may listen on; the message says what to use."""


def lan_address() -> str:
    """This computer's address on its local network (the one its route to a private network leaves by), or the
    loopback address when it has none. Opening a UDP socket sends nothing."""
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                ip = s.getsockname()[0]
        except OSError:
            continue
        if allowed(ip):
            return ip
    return "127.0.0.1"


def allowed(host: str) -> bool:
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return (ip.is_private or ip.is_loopback) and not ip.is_unspecified and not ip.is_multicast


def bind_address(host: str) -> str:
    """The address to listen on for the setting ``host`` ("auto": the local network's; "localhost"; or an IP)."""
    if host in ("", "auto"):
        return lan_address()
    if host == "localhost":
        return "127.0.0.1"
    if not allowed(host):
        raise NetworkError(f"phones: {host!r} is not a local network address; use \"auto\", \"localhost\" or a "
                           f"private address such as 192.168.1.20 (listening on every interface or a public "
                           f"address would let the internet reach the table)")
    return host


def check_port(port) -> int:
    if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
        raise NetworkError(f"phones: port {port!r} is not a port number; use 1024-65535 (0: any free port)")
    return port
