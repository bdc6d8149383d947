"""JobDiagnosis objects through the official ``kubernetes`` client: what is written outside
the operator framework's own handlers - the TTL sweep's lists and deletes, and the
watcher's records (agent/bot/sinks/diagnosis.py). ``kubernetes`` is imported here, inside
the functions; its errors become ``ObjectsError`` here and nowhere else.
"""

from __future__ import annotations

import json
from typing import Any

from agent.operator.resource import GROUP, PLURAL, VERSION
from collectors.source import K8sObject

# (connect, read) seconds for every request, as agent/bot/kube.py.
TIMEOUT = (5.0, 20.0)
LIST_PAGE = 500


class ObjectsError(Exception):
    """A request failed. ``status`` is the HTTP status, 0 for a transport failure."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Objects:
    """JobDiagnoses in any namespace, with the caller's API client (and its credentials)."""

    def __init__(self, api_client: Any) -> None:
        from http.client import HTTPException

        from kubernetes import client
        from urllib3.exceptions import HTTPError

        self._errors: tuple[type[Exception], ...] = (client.ApiException, HTTPError, HTTPException, OSError)
        self._custom = client.CustomObjectsApi(api_client)

    def list(self, namespace: str | None) -> list[K8sObject]:
        """Every JobDiagnosis in ``namespace`` (None: all namespaces), all pages."""
        items: list[K8sObject] = []
        token: str | None = None
        while True:
            options: dict[str, Any] = {"limit": LIST_PAGE, **({"_continue": token} if token else {})}
            if namespace:
                page = self._call(
                    self._custom.list_namespaced_custom_object, GROUP, VERSION, namespace, PLURAL, **options
                )
            else:
                page = self._call(self._custom.list_cluster_custom_object, GROUP, VERSION, PLURAL, **options)
            items.extend(page.get("items") or [])
            token = (page.get("metadata") or {}).get("continue") or None
            if not token:
                return items

    def get(self, namespace: str, name: str) -> K8sObject | None:
        try:
            return self._call(self._custom.get_namespaced_custom_object, GROUP, VERSION, namespace, PLURAL, name)
        except ObjectsError as exc:
            if exc.status == 404:
                return None
            raise

    def create(self, namespace: str, body: K8sObject) -> K8sObject:
        """Raises ``ObjectsError`` 409 when an object of that name exists."""
        return self._call(self._custom.create_namespaced_custom_object, GROUP, VERSION, namespace, PLURAL, body)

    def patch_status(self, namespace: str, name: str, status: dict[str, Any]) -> K8sObject:
        """A JSON merge patch of the status subresource (None values delete fields)."""
        return self._call(
            self._custom.patch_namespaced_custom_object_status,
            GROUP,
            VERSION,
            namespace,
            PLURAL,
            name,
            {"status": status},
        )

    def delete(self, namespace: str, name: str, *, uid: str) -> bool:
        """Deletes the object if it is still the one with ``uid`` (not one re-created under
        its name since it was read). False when it is gone or another one."""
        from kubernetes import client

        options = client.V1DeleteOptions(preconditions=client.V1Preconditions(uid=uid))
        try:
            self._call(
                self._custom.delete_namespaced_custom_object, GROUP, VERSION, namespace, PLURAL, name, body=options
            )
        except ObjectsError as exc:
            if exc.status in (404, 409):
                return False
            raise
        return True

    def _call(self, method: Any, *args: Any, **options: Any) -> K8sObject:
        try:
            resp = method(*args, _preload_content=False, _request_timeout=TIMEOUT, **options)
        except self._errors as exc:
            raise _translate(exc) from exc
        try:
            data = json.loads(resp.data)
        except ValueError as exc:
            raise ObjectsError(0, "the API server answered something that is not JSON") from exc
        except self._errors as exc:
            raise _translate(exc) from exc
        finally:
            resp.release_conn()
        if not isinstance(data, dict):
            raise ObjectsError(0, "the API server answered something that is not an object")
        return data


def _translate(exc: Exception) -> ObjectsError:
    from kubernetes.client import ApiException

    if isinstance(exc, ApiException):
        status = int(exc.status or 0)
        try:
            message = str(json.loads(exc.body or b"{}").get("message") or exc.reason)
        except (ValueError, AttributeError):
            message = str(exc.reason)
        return ObjectsError(status, f"{status}: {' '.join(message.split())[:300]}")
    return ObjectsError(0, f"cannot talk to the API server: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}")
