"""A PEP 517 build backend in the standard library only, so that ``pip wheel``, ``pip install`` and
``python -m build`` work with no download: setuptools without the ``wheel`` package (as Python
distributions ship it) cannot build a wheel, and a build that fetches its backend fails offline.

It writes what the ``[project]`` table of pyproject.toml declares for this pure-Python package:
a wheel of ``src/webdata_api`` with its METADATA, WHEEL and RECORD (PEP 427, core metadata 2.1),
an sdist of the sources (PEP 625 name), and an editable install as a ``.pth`` file (PEP 660)."""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile
from pathlib import Path
from typing import Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "webdata_api"
SDIST_FILES = ("pyproject.toml", "README.md", "build_backend/webdata_build.py")


def _project() -> Dict[str, str]:
    """The string fields of pyproject.toml's ``[project]`` table (tomllib is 3.11+, so read by pattern)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    table = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
    if table is None:
        raise RuntimeError("pyproject.toml has no [project] table")
    fields = dict(re.findall(r'^([a-z-]+)\s*=\s*"([^"]*)"', table.group(1), re.M))
    license_text = re.search(r'^license\s*=\s*\{\s*text\s*=\s*"([^"]*)"', table.group(1), re.M)
    if license_text:
        fields["license"] = license_text.group(1)
    fields["classifiers"] = "\n".join(re.findall(r'^\s*"([^"]+ :: [^"]+)"', table.group(1), re.M))
    return fields


def _names() -> Tuple[str, str]:
    project = _project()
    return re.sub(r"[-_.]+", "_", project["name"]).lower(), project["version"]


def _metadata() -> str:
    project = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project.get('description', '')}",
        f"License: {project.get('license', '')}",
        f"Requires-Python: {project.get('requires-python', '')}",
    ]
    lines += [f"Classifier: {line}" for line in project["classifiers"].splitlines() if line]
    lines += ["Description-Content-Type: text/markdown", "", (ROOT / "README.md").read_text(encoding="utf-8")]
    return "\n".join(lines)


def _wheel_name() -> str:
    name, version = _names()
    return f"{name}-{version}-py3-none-any.whl"


def _dist_info() -> str:
    name, version = _names()
    return f"{name}-{version}.dist-info"


def _package_files() -> List[Path]:
    folder = ROOT / "src" / PACKAGE
    return sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".typed"))


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _write_wheel(directory: str, files: Dict[str, bytes]) -> str:
    dist_info = _dist_info()
    files = {
        **files,
        f"{dist_info}/METADATA": _metadata().encode("utf-8"),
        f"{dist_info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: webdata_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = [_record_line(path, data) for path, data in files.items()] + [f"{dist_info}/RECORD,,"]
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode("utf-8")
    target = Path(directory) / _wheel_name()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in files.items():
            # A fixed date: the same sources make the same wheel.
            info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return target.name


# PEP 517 hooks


def get_requires_for_build_wheel(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[dict] = None) -> List[str]:
    return []


def build_wheel(wheel_directory: str, config_settings: Optional[dict] = None, metadata_directory: Optional[str] = None) -> str:
    src = ROOT / "src"
    files = {p.relative_to(src).as_posix(): p.read_bytes() for p in _package_files()}
    return _write_wheel(wheel_directory, files)


def build_editable(wheel_directory: str, config_settings: Optional[dict] = None, metadata_directory: Optional[str] = None) -> str:
    name, _ = _names()
    return _write_wheel(wheel_directory, {f"_{name}.pth": (str(ROOT / "src") + "\n").encode("utf-8")})


def build_sdist(sdist_directory: str, config_settings: Optional[dict] = None) -> str:
    name, version = _names()
    base = f"{name}-{version}"
    target = Path(sdist_directory) / f"{base}.tar.gz"
    members: Dict[str, bytes] = {f"{base}/PKG-INFO": _metadata().encode("utf-8")}
    for relative in SDIST_FILES:
        members[f"{base}/{relative}"] = (ROOT / relative).read_bytes()
    for path in _package_files():
        members[f"{base}/{path.relative_to(ROOT).as_posix()}"] = path.read_bytes()
    with tarfile.open(target, "w:gz", format=tarfile.PAX_FORMAT) as sdist:
        for path, data in members.items():
            info = tarfile.TarInfo(path)
            info.size, info.mode, info.mtime = len(data), 0o644, 1577836800
            sdist.addfile(info, io.BytesIO(data))
    return target.name


if __name__ == "__main__":  # python3 build_backend/webdata_build.py [dist/]: both artefacts without pip
    out = os.path.abspath(os.sys.argv[1] if len(os.sys.argv) > 1 else "dist")
    os.makedirs(out, exist_ok=True)
    print(os.path.join(out, build_wheel(out)))
    print(os.path.join(out, build_sdist(out)))
