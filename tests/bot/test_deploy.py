"""deploy/: the RBAC is what the README promises, and the manifests hang together."""

from __future__ import annotations

from typing import Any

import yaml

from tests.conftest import ROOT

BASE = ROOT / "deploy" / "base"


def docs(name: str) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all((BASE / name).read_text()) if d]


def test_the_cluster_role_only_reads_and_never_secrets_or_exec() -> None:
    [role, binding] = docs("clusterrole.yaml")
    # Workloads and what a diagnosis reads: read only. jobdoctor's own JobDiagnoses: created
    # (the watcher's records) and deleted (their TTL), written through their status only.
    ours = [rule for rule in role["rules"] if rule["apiGroups"] == ["jobdoctor.io"]]
    verbs = {v for rule in role["rules"] if rule not in ours for v in rule["verbs"]}
    resources = {r for rule in role["rules"] for r in rule["resources"]}
    assert verbs == {"get", "list", "watch"}
    assert {(r, v) for rule in ours for r in rule["resources"] for v in rule["verbs"]} == {
        ("jobdiagnoses", v) for v in ("get", "list", "watch", "create", "delete")
    } | {("jobdiagnoses/status", v) for v in ("update", "patch")}
    assert not resources & {"secrets", "pods/exec", "pods/attach", "pods/portforward", "*"}
    assert {
        "pods",
        "pods/log",
        "events",
        "nodes",
        "workloads",
        "pytorchjobs",
        "jobs",
        "rayjobs",
        "trainjobs",
    } <= resources
    assert binding["subjects"][0]["name"] == "jobdoctor"


def test_the_namespaced_role_covers_the_state_the_prompts_and_the_lease() -> None:
    [role, _] = docs("role.yaml")
    granted = {
        (r, v, n)
        for rule in role["rules"]
        for r in rule["resources"]
        for v in rule["verbs"]
        for n in rule.get("resourceNames", ["*"])
    }
    assert {
        ("configmaps", "update", "jobdoctor-notified"),
        ("configmaps", "get", "jobdoctor-prompts"),
        ("leases", "update", "jobdoctor-watcher"),
        ("leases", "create", "*"),
        ("leases", "update", "jobdoctor-operator"),
    } <= granted
    assert all(r in ("configmaps", "leases") for r, _, _ in granted)


def test_the_kustomization_lists_every_manifest_and_the_deployment_mounts_the_config() -> None:
    kustomization = yaml.safe_load((BASE / "kustomization.yaml").read_text())
    assert {p.name for p in BASE.glob("*.yaml")} - {"kustomization.yaml", "bot.yaml"} == set(kustomization["resources"])
    [deployment] = docs("deployment.yaml")
    spec = deployment["spec"]["template"]["spec"]
    [container] = spec["containers"]
    assert container["args"] == ["bot", "--config", "/etc/jobdoctor/bot.yaml"]
    assert spec["volumes"][0]["configMap"]["name"] == kustomization["configMapGenerator"][0]["name"]
    secrets = {
        e["valueFrom"]["secretKeyRef"]["key"] for e in container["env"] if "secretKeyRef" in e.get("valueFrom", {})
    }
    assert {"SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN", "OPENAI_API_KEY"} <= secrets
    assert {p["path"] for p in (container["readinessProbe"]["httpGet"], container["livenessProbe"]["httpGet"])} == {
        "/readyz",
        "/healthz",
    }
