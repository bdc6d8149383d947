"""jobdoctor's own webhook signature, for the generic endpoint and the generic sink.

Slack's scheme with our names: ``X-Jobdoctor-Timestamp: UNIX_SECONDS`` and
``X-Jobdoctor-Signature: v1=HEX(HMAC-SHA256(secret, "v1:" + timestamp + ":" + body))``; a
receiver recomputes it and refuses timestamps more than 5 minutes off.
"""

from __future__ import annotations

import hashlib
import hmac

TIMESTAMP_HEADER = "X-Jobdoctor-Timestamp"
SIGNATURE_HEADER = "X-Jobdoctor-Signature"
MAX_SKEW_SECONDS = 5 * 60


def sign(secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret.encode(), b"v1:" + timestamp.encode() + b":" + body, hashlib.sha256)
    return "v1=" + mac.hexdigest()


def signed_headers(secret: str, timestamp: int, body: bytes) -> dict[str, str]:
    return {TIMESTAMP_HEADER: str(timestamp), SIGNATURE_HEADER: sign(secret, str(timestamp), body)}


def check(secret: str, timestamp: str | None, signature: str | None, body: bytes, *, now: float) -> str | None:
    """None when the signature holds; else why not: ``bad_signature`` or ``stale``."""
    if not timestamp or not signature or not timestamp.isdigit():
        return "bad_signature"
    if abs(now - int(timestamp)) > MAX_SKEW_SECONDS:
        return "stale"
    return None if hmac.compare_digest(sign(secret, timestamp, body), signature) else "bad_signature"
