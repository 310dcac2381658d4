"""Kiosk settings: a small TOML file an operator edits by hand.

Nobody watches a museum table boot, so a typo in this file must never keep the
game down: every problem becomes a message naming the file, the key and the
fix, bad values fall back to safe defaults one key at a time, and the admin
PIN falls back to the documented default ``0000``.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import hmac
import math
import os
import re
import secrets
import shutil
from pathlib import Path
from typing import Annotated, Any

import msgspec
import platformdirs

from game.autosave import APP_NAME, save_atomic

__all__ = [
    "CONFIG_NAME",
    "DEFAULT_PIN",
    "PIN_HASH_SCHEME",
    "KioskConfig",
    "default_config_path",
    "encode_kiosk_config",
    "hash_pin",
    "load_kiosk_config",
    "parse_pin_hash",
    "save_kiosk_config",
    "uses_default_pin",
    "verify_pin",
]

CONFIG_NAME = "kiosk.toml"
DEFAULT_PIN = "0000"
PIN_HASH_SCHEME = "pbkdf2_sha256"
#: OWASP's 2023 figure for PBKDF2-SHA256; about 0.2 s per check on a laptop.
DEFAULT_ITERATIONS = 600_000
#: Refuse absurd counts so a hand-edited hash cannot freeze the PIN screen.
MAX_ITERATIONS = 10_000_000
MIN_ITERATIONS = 1_000
PIN_RE = re.compile(r"[0-9]{4,12}")
BOARD_RE = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"

Board = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=BOARD_RE)]


DEFAULT_BOARDS = ("london", "berlin", "newyork", "paris")  # every board the screens draw, London first


class KioskConfig(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Typed kiosk settings; the constraints double as the validation rules."""

    display: Annotated[int, msgspec.Meta(ge=0, le=63)] = 0
    idle_timeout_s: Annotated[int, msgspec.Meta(ge=10, le=3600)] = 90
    admin_pin_hash: str = ""
    boards: Annotated[list[Board], msgspec.Meta(min_length=1, max_length=64)] = (
        msgspec.field(default_factory=lambda: list(DEFAULT_BOARDS))
    )
    volume: Annotated[float, msgspec.Meta(ge=0.0, le=1.0)] = 0.6
    attract_pace: Annotated[float, msgspec.Meta(ge=0.2, le=30.0)] = 1.2
    heartbeat_timeout_s: Annotated[float, msgspec.Meta(ge=2.0, le=600.0)] = 20.0
    data_dir: Annotated[str, msgspec.Meta(min_length=1)] | None = None
    phones: bool = False


#: Per key: what a valid value looks like (used in fix hints) and the comment
#: written above it by ``save_kiosk_config``.
FIELD_HELP: dict[str, tuple[str, str]] = {
    "display": (
        "a whole number from 0 to 63 (the monitor, counting from 0)",
        "Monitor to run full screen on, counting from 0.",
    ),
    "idle_timeout_s": (
        "a whole number of seconds from 10 to 3600",
        "Seconds without a touch before the table returns to attract mode.",
    ),
    "admin_pin_hash": (
        'the line printed by `python -m kiosk hash-pin`',
        "Admin PIN hash from `python -m kiosk hash-pin` (default PIN 0000 if unset).",
    ),
    "boards": (
        'a list of map names such as ["london"]',
        "Maps offered to players, first one is the default.",
    ),
    "volume": (
        "a number from 0.0 to 1.0",
        "Sound volume, 0.0 (mute) to 1.0.",
    ),
    "attract_pace": (
        "a number of seconds from 0.2 to 30",
        "Seconds between moves of the attract-mode demo game.",
    ),
    "heartbeat_timeout_s": (
        "a number of seconds from 2 to 600 (the game beats once a second)",
        "The supervisor restarts the game if it shows no sign of life this long.",
    ),
    "data_dir": (
        'an absolute path such as "/var/lib/underground" or "~/underground-data"',
        "Where autosave and logs live (default: the per-user data directory).",
    ),
    "phones": (
        "true or false",
        "Let players join from their phones over the local network (docs/phones.md); off by default.",
    ),
}

FIELD_NAMES: tuple[str, ...] = KioskConfig.__struct_fields__


def default_config_path() -> Path:
    """``~/.config/underground/kiosk.toml`` on Linux, the unit file's path."""
    return Path(platformdirs.user_config_dir(APP_NAME)) / CONFIG_NAME


# --------------------------------------------------------------------- PINs


def parse_pin_hash(stored: str) -> tuple[int, bytes, bytes]:
    """Split a stored hash, raising ``ValueError`` that says what is wrong."""
    if not isinstance(stored, str):
        raise ValueError(f"expected a string, got {type(stored).__name__}")
    parts = stored.split("$")
    if len(parts) != 4:
        raise ValueError(
            f"expected 4 parts separated by '$' "
            f"({PIN_HASH_SCHEME}$<iterations>$<salt hex>$<hash hex>), got {len(parts)}"
        )
    scheme, iterations_s, salt_hex, digest_hex = parts
    if scheme != PIN_HASH_SCHEME:
        raise ValueError(f"unknown scheme {scheme!r}, expected {PIN_HASH_SCHEME!r}")
    if not iterations_s.isdigit():
        raise ValueError(f"iteration count {iterations_s!r} is not a whole number")
    iterations = int(iterations_s)
    if not MIN_ITERATIONS <= iterations <= MAX_ITERATIONS:
        raise ValueError(
            f"iteration count {iterations} is outside {MIN_ITERATIONS}..{MAX_ITERATIONS}"
        )
    try:
        salt = bytes.fromhex(salt_hex)
        digest = bytes.fromhex(digest_hex)
    except ValueError:
        raise ValueError("salt and hash must be hexadecimal") from None
    if len(salt) < 8:
        raise ValueError("salt is shorter than 8 bytes")
    if len(digest) != hashlib.sha256().digest_size:
        raise ValueError(f"hash must be 32 bytes (64 hex digits), got {len(digest)} bytes")
    return iterations, salt, digest


def hash_pin(pin: str, *, iterations: int = DEFAULT_ITERATIONS, salt: bytes | None = None) -> str:
    """Hash an admin PIN for the config; the plain PIN is never stored.

    PINs are 4 to 12 digits because the admin keypad is numeric: a PIN with
    letters could never be typed on the table.
    """
    if not isinstance(pin, str) or not PIN_RE.fullmatch(pin):
        raise ValueError("the admin PIN must be 4 to 12 digits (0-9), nothing else")
    if not MIN_ITERATIONS <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations must be in {MIN_ITERATIONS}..{MAX_ITERATIONS}")
    salt = secrets.token_bytes(16) if salt is None else salt
    if len(salt) < 8:
        raise ValueError("the salt must be at least 8 bytes")
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), salt, iterations)
    return f"{PIN_HASH_SCHEME}${iterations}${salt.hex()}${digest.hex()}"


def verify_pin(pin: str, stored: str) -> bool:
    """Constant-time check; a malformed hash or PIN is simply not a match."""
    try:
        iterations, salt, digest = parse_pin_hash(stored)
        candidate = hashlib.pbkdf2_hmac("sha256", str(pin).encode("utf-8"), salt, iterations)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(candidate, digest)


@functools.lru_cache(maxsize=1)
def _default_pin_hash() -> str:
    """Hashed once per process; its random salt marks it as 'not from the file'."""
    return hash_pin(DEFAULT_PIN)


def uses_default_pin(config: KioskConfig) -> bool:
    """True when the config fell back to PIN 0000 (the admin menu can nag)."""
    return config.admin_pin_hash == _default_pin_hash() or verify_pin(
        DEFAULT_PIN, config.admin_pin_hash
    )


# ------------------------------------------------------------------ loading


def _field_types() -> dict[str, Any]:
    return {f.name: f.type for f in msgspec.structs.fields(KioskConfig)}


def _field_defaults() -> dict[str, Any]:
    defaults = KioskConfig()
    return {name: getattr(defaults, name) for name in FIELD_NAMES}


def _toml_type(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _base_type(tp: Any) -> Any:
    """The field type without range limits, to tell 'wrong type' from 'out of range'."""
    if getattr(tp, "__metadata__", None) is not None:
        return _base_type(tp.__origin__)
    args = getattr(tp, "__args__", None)
    origin = getattr(tp, "__origin__", None)
    if origin is list and args:
        return list[_base_type(args[0])]
    if args and type(None) in args:  # Optional[...]
        inner = [a for a in args if a is not type(None)]
        return _base_type(inner[0]) | None
    return tp


def _check_field(name: str, value: Any, tp: Any) -> tuple[Any, str | None]:
    """Convert one value; return (value, None) or (None, what is wrong)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None, f"{value} is not a usable number"
    try:
        return msgspec.convert(value, tp), None
    except msgspec.ValidationError as exc:
        try:
            msgspec.convert(value, _base_type(tp))
        except msgspec.ValidationError:
            return None, f"has the wrong type: {_short(value)} is {_toml_type(value)} ({exc})"
        return None, f"{_short(value)} is out of range ({exc})"


def _salvage_lines(text: str) -> dict[str, Any]:
    """Keep the single-line settings of a file that is not valid TOML as a whole."""
    kept: dict[str, Any] = {}
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or "=" not in stripped:
            continue
        try:
            one = msgspec.toml.decode(stripped.encode("utf-8"))
        except (msgspec.DecodeError, UnicodeError):
            continue
        if isinstance(one, dict) and len(one) == 1:
            key, value = next(iter(one.items()))
            kept.setdefault(key, value)
    return kept


def _pin_problem(where: str, detail: str) -> str:
    return (
        f"{where}: `admin_pin_hash`: {detail}: using the default PIN {DEFAULT_PIN}. "
        f"Fix: set one with `python -m kiosk hash-pin` and paste the printed line into the file."
    )


def load_kiosk_config(
    path: str | os.PathLike[str] | None = None,
) -> tuple[KioskConfig, list[str]]:
    """Read the kiosk config; never raises for anything wrong with the file.

    Returns the config (valid keys kept, bad ones replaced by their defaults)
    and one message per problem.  ``path=None`` means the default location.
    """
    where = Path(path) if path is not None else default_config_path()
    problems: list[str] = []
    raw: dict[str, Any] = {}
    try:
        data = where.read_bytes()
    except FileNotFoundError:
        problems.append(
            f"{where}: file not found: using safe defaults for every setting. "
            f"Fix: copy kiosk/kiosk.example.toml to {where} and edit it."
        )
        data = None
    except OSError as exc:
        problems.append(
            f"{where}: cannot read the file ({exc.strerror or exc}): using safe defaults "
            f"for every setting. Fix: check that the path is a file readable by this user."
        )
        data = None
    if data is not None:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            problems.append(
                f"{where}: not UTF-8 text (byte {exc.start}): using safe defaults for every "
                f"setting. Fix: save the file as UTF-8."
            )
            text = None
        if text is not None:
            try:
                decoded = msgspec.toml.decode(data)
            except msgspec.DecodeError as exc:
                raw = _salvage_lines(text)
                kept = f"kept {len(raw)} setting(s) from lines that still read correctly, " if raw else ""
                problems.append(
                    f"{where}: not valid TOML ({exc}): {kept}safe defaults for the rest. "
                    f"Fix: correct the syntax (keys look like `volume = 0.6`, strings need "
                    f'"quotes"), then run `python -m kiosk check-config {where}`.'
                )
            else:
                raw = decoded if isinstance(decoded, dict) else {}

    types = _field_types()
    defaults = _field_defaults()
    clean: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in types:
            close = difflib.get_close_matches(key, FIELD_NAMES, n=1)
            hint = f"did you mean `{close[0]}`? " if close else ""
            problems.append(
                f"{where}: unknown key `{key}`: ignored. Fix: {hint}remove it or correct the "
                f"spelling (the file has no [sections]; known keys: {', '.join(FIELD_NAMES)})."
            )
            continue
        if key == "admin_pin_hash":
            continue  # checked below, with its own fallback
        if key == "boards" and isinstance(value, list):
            value = _keep_good_boards(where, value, problems)
        converted, error = _check_field(key, value, types[key])
        if error is not None:
            problems.append(
                f"{where}: `{key}` {error}: using the default {_short(defaults[key])}. "
                f"Fix: set {key} to {FIELD_HELP[key][0]}."
            )
            continue
        if key == "data_dir" and not Path(converted).expanduser().is_absolute():
            problems.append(
                f"{where}: `data_dir` {converted!r} is a relative path, which would depend on "
                f"the directory the kiosk starts in: using the default. "
                f"Fix: set data_dir to {FIELD_HELP['data_dir'][0]}."
            )
            continue
        clean[key] = converted

    stored = raw.get("admin_pin_hash")
    if stored is None or stored == "":
        problems.append(_pin_problem(where, "no admin_pin_hash set"))
        clean["admin_pin_hash"] = _default_pin_hash()
    else:
        try:
            parse_pin_hash(stored)
        except ValueError as exc:
            problems.append(_pin_problem(where, f"not a valid PIN hash ({exc})"))
            clean["admin_pin_hash"] = _default_pin_hash()
        else:
            clean["admin_pin_hash"] = stored

    return msgspec.convert(clean, KioskConfig), problems


def _keep_good_boards(where: Path, value: list[Any], problems: list[str]) -> list[Any]:
    """Drop only the bad map names so one typo does not hide every board."""
    good, bad = [], []
    for item in value:
        try:
            good.append(msgspec.convert(item, Board))
        except msgspec.ValidationError:
            bad.append(item)
    if not bad or not good:
        return value  # all good, or nothing to keep: the whole-field check reports it
    problems.append(
        f"{where}: `boards` entries {', '.join(_short(b) for b in bad)} are not map names: "
        f"dropped them, keeping {good}. Fix: use names made of letters, digits, '_', '-' or '.'."
    )
    return good


# ------------------------------------------------------------------- saving


def _toml_string(text: str) -> str:
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def encode_kiosk_config(config: KioskConfig) -> bytes:
    """TOML text with a comment per key; the default PIN hash is left out."""
    try:
        checked = msgspec.convert(msgspec.to_builtins(config), KioskConfig)
    except msgspec.ValidationError as exc:
        raise ValueError(f"refusing to save an invalid kiosk config: {exc}") from None
    lines = ["# Kiosk settings for On the Underground (see docs/kiosk.md).", ""]
    for name in FIELD_NAMES:
        value = getattr(checked, name)
        lines.append(f"# {FIELD_HELP[name][1]}")
        skip = value is None or (name == "admin_pin_hash" and value in ("", _default_pin_hash()))
        if skip:
            lines.append(f"# {name} = (not set)")
        else:
            lines.append(f"{name} = {_toml_value(value)}")
        lines.append("")
    return "\n".join(lines).encode("utf-8")


def save_kiosk_config(config: KioskConfig, path: str | os.PathLike[str] | None = None) -> Path:
    """Write the config atomically, keeping the previous file as ``<name>.bak``.

    Raises ``ValueError`` for an invalid config (nothing is written) and
    ``OSError`` when the disk refuses (the old file stays as it was).
    """
    where = Path(path) if path is not None else default_config_path()
    data = encode_kiosk_config(config)
    if where.is_file():
        shutil.copy2(where, where.with_name(where.name + ".bak"))
    save_atomic(where, data)
    return where
