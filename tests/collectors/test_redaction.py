"""Redaction: every kind of secret it knows, what it must leave alone, and name masking."""

from __future__ import annotations

import pytest

from collectors.errors import InputError
from collectors.redaction import REDACTED, NameMask, Redactor, secret_env_values

JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
PEM = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\nabc\n-----END RSA PRIVATE KEY-----"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("key sk-proj-Abc123def456ghi789jkl0", f"key {REDACTED}"),
        ("ANTHROPIC_KEY sk-ant-api03-abcdefghijklmnop", f"ANTHROPIC_KEY {REDACTED}"),
        ("hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345 used", f"{REDACTED} used"),
        ("id AKIAIOSFODNN7EXAMPLE", f"id {REDACTED}"),
        ("aws secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", f"aws secret {REDACTED}"),
        ("git clone with ghp_0123456789abcdefghijABCDEFGHIJklmnop", f"git clone with {REDACTED}"),
        ("slack xoxb-1234567890-abcdefghij", f"slack {REDACTED}"),
        ("post to https://hooks.slack.com/services/T000/B000/XXXX", f"post to {REDACTED}"),
        (f"token {JWT}", f"token {REDACTED}"),
        ("Authorization: Bearer abc.def-123456", f"Authorization: Bearer {REDACTED}"),
        ("Authorization: Basic dXNlcjpwYXNzd29yZA==", f"Authorization: Basic {REDACTED}"),
        ("authorization=9f2c41d07be5a8e3", f"authorization={REDACTED}"),
        ("curl -H 'X-Api-Key: 5f2b9c0e7d'", f"curl -H 'X-Api-Key: {REDACTED}'"),
        ("Cookie: session=abcdef; theme=dark", f"Cookie: {REDACTED}"),
        (
            "pip install from https://user:s3cret@pypi.example.com/simple",
            f"pip install from https://user:{REDACTED}@pypi.example.com/simple",
        ),
        ("DB_PASSWORD=hunter2!!", f"DB_PASSWORD={REDACTED}"),
        ('{"api_key": "abcdef123456"}', f'{{"api_key": "{REDACTED}"}}'),
        ("client_secret: s3cr3t-value", f"client_secret: {REDACTED}"),
        ("python train.py --hf-token abcdefgh123 --epochs 3", f"python train.py --hf-token {REDACTED} --epochs 3"),
        ("login --password 'p@ss w0rd' -v", f"login --password {REDACTED} -v"),
        (
            "https://acct.blob.core.windows.net/c/f?sv=2022&sig=AbC%2Bdef&se=1",
            f"https://acct.blob.core.windows.net/c/f?sv=2022&sig={REDACTED}&se=1",
        ),
        ("AccountKey=Zm9vYmFyYmF6cXV4", f"AccountKey={REDACTED}"),
        (f"key:\n{PEM}\nnext", f"key:\n{REDACTED}\nnext"),
        # A key, its separator and its value on lines of their own (found by the property test below).
        ("password\n:\npasswordpassword", f"password\n:\n{REDACTED}"),
        ('api_key\n=\n"abcdef123"\nnext', f'api_key\n=\n"{REDACTED}"\nnext'),
    ],
    ids=lambda v: v[:24] if isinstance(v, str) else v,
)
def test_secrets_are_redacted(text: str, expected: str) -> None:
    assert Redactor().text(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Error: couldn't find key api-key in Secret alignment/wandb-credentials",
        "max_tokens: 4096",
        "password: 1234",
        "the max-token expired",
        "WANDB_API_KEY not set; logging to wandb is off",
        "[rank9]:[E514 09:47:58.402231621 ProcessGroupNCCL.cpp:607] Watchdog caught collective operation timeout",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB.",
        "--password-file /run/secrets/pw",
        "sha256:4b825dc642cb6eb9a060e54bf8d69288fbee4904a1b2c3d4e5f6a7b8c9d0e1f2",
        # containerd's pull error, and a tokenizer's advice: no credential in either
        "may require authorization: authorization failed: no basic auth credentials",
        "Please set `tokenizer.pad_token = tokenizer.eos_token` or add {'pad_token': '[PAD]'}",
        'tokenizer.json: {"eos_token": "<|endoftext|>"}',
    ],
    ids=lambda v: v[:24],
)
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert Redactor().text(text) == text


def test_user_patterns_and_their_errors() -> None:
    assert Redactor([r"corp-\d{4}"]).text("ticket corp-1234 open") == f"ticket {REDACTED} open"
    with pytest.raises(InputError, match=r"redact_patterns: 'corp-\(': not a valid regular expression"):
        Redactor([r"corp-("])


def test_literal_values_are_redacted_anywhere() -> None:
    r = Redactor().with_literals(["Zq9vLmN3xT7w", "true", "Zq9vLmN3xT7wLONGER"])
    assert (
        r.text("logging in with Zq9vLmN3xT7wLONGER and Zq9vLmN3xT7w; enabled=true")
        == f"logging in with {REDACTED} and {REDACTED}; enabled=true"
    )


POD = {
    "kind": "Pod",
    "metadata": {"name": "p"},
    "spec": {
        "containers": [
            {
                "name": "main",
                "env": [
                    {"name": "WANDB_API_KEY", "value": "0123456789abcdef"},
                    {"name": "HF_HOME", "value": "/cache/hf"},
                    {"name": "DB_PASS", "value": "short"},
                    {"name": "GITHUB_PAT", "value": "plain-looking-value"},
                    {"name": "NCCL_DEBUG", "value": "INFO"},
                    {"name": "AWS_SECRET_ACCESS_KEY", "valueFrom": {"secretKeyRef": {"name": "aws", "key": "secret"}}},
                ],
                "args": ["--token", "abcdefgh123"],
            }
        ]
    },
}


def test_objects_are_redacted_for_a_capture() -> None:
    env = Redactor().object(POD)["spec"]["containers"][0]["env"]
    assert [e.get("value") for e in env] == [REDACTED, "/cache/hf", REDACTED, REDACTED, "INFO", None]
    assert env[5]["valueFrom"] == POD["spec"]["containers"][0]["env"][5]["valueFrom"]  # a reference is no secret
    assert POD["spec"]["containers"][0]["env"][0]["value"] == "0123456789abcdef"  # the input is not changed


def test_secret_env_values_of_an_object() -> None:
    # "short" is too short to redact wherever it appears; references carry no value.
    assert secret_env_values(POD) == {"0123456789abcdef", "plain-looking-value"}
    assert secret_env_values(None) == set()


def test_name_mask_round_trip() -> None:
    mask = NameMask(
        {
            "namespace": ["team-nlp"],
            "workload": ["llama-ft"],
            "pod": ["llama-ft-worker-2", "llama-ft-master-0"],
            "node": ["gpu-node-1", "ps"],
        }
    )
    text = "pod team-nlp.llama-ft-worker-2 of llama-ft on gpu-node-1.example; llama-ft-master-0 ps aux"
    masked = mask.apply(text)
    assert masked == "pod NAMESPACE-1.POD-1 of WORKLOAD-1 on NODE-1.example; POD-2 ps aux"
    assert mask.reverse(masked) == text
    assert mask.reverse("POD-9 and NODE-1") == "POD-9 and gpu-node-1"  # an unknown placeholder stays as it is
    assert mask.reverse_object({"culprit": {"pod": "POD-1"}, "n": 3}) == {
        "culprit": {"pod": "llama-ft-worker-2"},
        "n": 3,
    }
    assert not NameMask({}) and NameMask({}).apply("x") == "x"


def test_prose_after_a_secret_word_is_not_a_secret() -> None:
    """A registry's error text must survive: it is the evidence of an image-pull failure."""
    text = "failed to fetch anonymous token: unexpected status from GET request to https://r/token: 401 Unauthorized"
    assert Redactor().text(text) == text
    assert Redactor().text("token: ghz8Kq2vX9") == "token: [REDACTED]"


# -- bounded walks and the patterns' prefilter (issue 12) ------------------------------------------


def test_a_shared_node_is_walked_once_and_a_cycle_ends() -> None:
    import time

    layer: list[object] = ["password=hunter2-lol"] * 9
    for _ in range(9):
        layer = [layer] * 9  # 9 ** 10 strings if expanded
    started = time.monotonic()
    out = Redactor().object({"bomb": layer})
    assert time.monotonic() - started < 1 and out["bomb"][0][0][0][0][0][0][0][0][0][0] == f"password={REDACTED}"
    loop: list[object] = ["token=abc123456"]
    loop.append(loop)
    copied = Redactor().object(loop)
    assert copied[0] == f"token={REDACTED}" and copied[1] is copied
    assert secret_env_values(loop) == set()
    deep: dict[str, object] = {"value": "password=x123456"}
    for _ in range(1000):
        deep = {"x": deep}
    assert REDACTED in str(Redactor().object(deep))  # what is nested past the limit is hidden, not walked


FRAGMENTS = [
    "password",
    "PASS",
    "Secret",
    "tOkEn",
    "api_key",
    "x-api-key",
    "Cookie",
    "sig=",
    "Bearer",
    "basic ",
    "authorization",
    "credential",
    "://",
    "user",
    ":",
    "@",
    "=",
    ": ",
    " ",
    '"',
    "'",
    "-",
    "--",
    "_",
    "aws",
    "sk-",
    "hf_",
    "AKIA",
    "ghp_",
    "glpat-",
    "xoxb-",
    "eyJ",
    "AIza",
    "rk_live_",
    "-----BEGIN RSA PRIVATE KEY-----",
    "hooks.slack.com/services/",
    "a",
    "Z9",
    "0123456789",
    "abcdefghijklmnopqrstuvwxyz",
    "é",
    "\u017f",
    "K",
    "\n",  # a key's value may follow on the next line with text
    "\n \n",
]


def _unfiltered(text: str) -> str:
    """What Redactor.text gives with every pattern run on every string: the prefilter's oracle."""
    import collectors.redaction as r

    out = Redactor()._tokens.sub(REDACTED, text)
    out = r._URL_USERINFO.sub(lambda m: f"{m.group(1)}{m.group(2)}:{REDACTED}@", out)
    out = r._PAIR.sub(r._keep_key, out)
    return r._AWS_SECRET.sub(REDACTED, out) if "aws" in out.lower() else out


def test_the_prefilter_never_skips_a_pattern_that_would_match() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=3000, deadline=None)
    @given(st.lists(st.sampled_from(FRAGMENTS), max_size=12).map("".join))
    def check(text: str) -> None:
        assert Redactor().text(text) == _unfiltered(text)

    check()
