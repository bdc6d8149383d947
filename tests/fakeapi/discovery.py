"""API discovery for the fake API server: what ``kubectl api-resources`` and operator
frameworks (kopf scans it at start-up) read to learn which resources exist.

    GET /version                  the server's version
    GET /api                      APIVersions: ["v1"]
    GET /api/v1                   APIResourceList of the core group
    GET /apis                     APIGroupList: every group in resources.py, one version preferred
    GET /apis/GROUP/VERSION       APIResourceList, with subresources (``pods/log``,
                                  ``jobdiagnoses/status``) as their own entries

Built from ``RESOURCES``, so a resource added there is discovered too.
"""

from __future__ import annotations

import re
from typing import Any

from tests.fakeapi.resources import RESOURCES, Resource

VERSION = {"major": "1", "minor": "31", "gitVersion": "v1.31.0-fake", "platform": "linux/amd64"}
_VERBS = ["create", "delete", "get", "list", "patch", "update", "watch"]
_GROUP_VERSION = re.compile(r"^/apis/(?P<group>[^/]+)/(?P<version>[^/]+)/?$")


def answer(path: str) -> dict[str, Any] | None:
    """The discovery document at ``path``, or None when the path is not a discovery path."""
    path = path.rstrip("/") or "/"
    if path == "/version":
        return VERSION
    if path == "/api":
        return {"kind": "APIVersions", "versions": ["v1"], "serverAddressByClientCIDRs": []}
    if path == "/api/v1":
        return _resource_list("", "v1")
    if path == "/apis":
        return {"kind": "APIGroupList", "apiVersion": "v1", "groups": _groups()}
    m = _GROUP_VERSION.match(path)
    if m and any(r.group == m["group"] and r.version == m["version"] for r in RESOURCES):
        return _resource_list(m["group"], m["version"])
    return None


def _groups() -> list[dict[str, Any]]:
    versions: dict[str, list[str]] = {}
    for r in RESOURCES:
        if r.group and r.version not in versions.setdefault(r.group, []):
            versions[r.group].append(r.version)
    out = []
    for group, names in versions.items():
        listed = [{"groupVersion": f"{group}/{v}", "version": v} for v in names]
        out.append({"name": group, "versions": listed, "preferredVersion": listed[0]})
    return out


def _resource_list(group: str, version: str) -> dict[str, Any]:
    resources: list[dict[str, Any]] = []
    for r in RESOURCES:
        if (r.group, r.version) != (group, version):
            continue
        resources.append(_entry(r, r.plural, _VERBS))
        for sub in (*r.subresources, *(("log",) if r.plural == "pods" else ())):
            resources.append(_entry(r, f"{r.plural}/{sub}", ["get"] if sub == "log" else ["get", "patch", "update"]))
    return {
        "kind": "APIResourceList",
        "apiVersion": "v1",
        "groupVersion": f"{group}/{version}" if group else version,
        "resources": resources,
    }


def _entry(r: Resource, name: str, verbs: list[str]) -> dict[str, Any]:
    return {
        "name": name,
        "singularName": "" if "/" in name else r.kind.lower(),
        "namespaced": r.namespaced,
        "kind": r.kind,
        "verbs": verbs,
    }
