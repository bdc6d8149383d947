"""A fake Kubernetes API server for tests: real HTTP on 127.0.0.1, the real REST paths.

It is what ``ClusterSource`` talks to in tests, through the official ``kubernetes``
client and a kubeconfig pointing at it - nothing in the client is patched, so what passes
here is what the client sends and parses against a cluster.

What it serves (``Store``, filled from a snapshot directory or object by object)::

    GET /api/v1/namespaces/NS/pods?labelSelector=...&fieldSelector=...&limit=&continue=
    GET /api/v1/namespaces/NS/pods/NAME
    GET /api/v1/namespaces/NS/pods/NAME/log?container=&previous=&tailLines=&limitBytes=
    GET /api/v1/namespaces/NS/events            core/v1 and events.k8s.io/v1, one store
    GET /api/v1/namespaces/NS/configmaps|resourcequotas|secrets|...
    GET /apis/GROUP/VERSION/namespaces/NS/PLURAL[/NAME]   every kind in kinds.yaml, their
                                                          children and queues (resources.py)
    GET /api/v1/PLURAL, /apis/GROUP/VERSION/PLURAL        all namespaces, cluster-scoped

and how it answers, as the API server does:

- lists are in key order, paginated by ``limit`` with an opaque ``continue`` token
  (``expire_continue = True`` answers 410 Expired to continued lists); list items of
  built-in types come without ``kind``/``apiVersion``;
- label selectors (``a=b``, ``a!=b``, ``a in (x,y)``, ``a notin (..)``, ``a``, ``!a``) and
  the field selectors the API server supports for the resource (others: 400);
- errors are ``Status`` bodies: 404 ``pods "x" not found``, 403 ``... is forbidden: User
  "..." cannot get resource "pods/log" in API group "" in the namespace "ns"``, 400;
- logs: 400 ``container "c" in pod "p" is waiting to start: ContainerCreating``; 400
  ``previous terminated container ... not found``; 200 and nothing for an unscheduled pod;
  ``tailLines`` then ``limitBytes``; a stored log is served as stored (a snapshot's logs
  were taken with or without ``--timestamps``, so ``timestamps=true`` changes nothing).

For tests:

- ``server.requests`` / ``server.count(verb=, resource=)``: every request answered;
- ``server.forbid("pods/log")``, ``server.fail("events", 500)``, ``server.delay("pods", 3)``:
  faults matched like RBAC rules (resource, verb, namespace, name; ``times`` to limit,
  ``fail(..., seconds=)`` for a while);
- outages, as a restarting API server gives them: ``server.refuse(2)`` stops listening for
  2 s (open connections and watch streams cut, new ones refused, then the same address
  again), ``server.hang(2)`` holds every request until the 2 s are up and answers it 504,
  ``server.fail("*", 500,
  seconds=2)``, ``server.forbid("*", times=3)`` (an RBAC cache not loaded yet);
- ``server.allowed = {(group, resource, verb), ...}``: a Role; any other request is 403;
- ``server.write_kubeconfig(path, namespace=)``: a kubeconfig whose context points here;
- the ``fake_api`` fixture (fixtures.py): a started server and that kubeconfig.

Extending it: a new kind is a line in resources.py. Watch streams (``?watch=true``) are
routed to ``FakeApiServer.verbs["watch"]``, which answers 405 until ``watching.install(server)``
replaces it with chunked JSON lines ``{"type": "ADDED", "object": ...}`` built on
``Store.subscribe``; the same call adds the write verbs (create, update, patch, delete: POST,
PUT, PATCH, DELETE), which otherwise answer 405. See tests/fakeapi/watching.py.
"""

from tests.fakeapi.resources import RESOURCES, Resource
from tests.fakeapi.server import ApiRequest, FakeApiServer, Fault, Response, Route, status_body
from tests.fakeapi.store import Store

__all__ = ["RESOURCES", "ApiRequest", "FakeApiServer", "Fault", "Resource", "Response", "Route", "Store", "status_body"]
