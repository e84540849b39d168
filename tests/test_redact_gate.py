"""The run gate in deja.text.redact: a record without a long enough run of token characters
skips the provider patterns, so each threshold must be at most the shortest value that pattern
takes. Each case is the shortest secret of its kind, alone in text whose other runs are short,
with multi-byte characters around it (the gate reads UTF-8)."""

import pytest

from deja.text import redact as R
from deja.text.redact import redact

SHORTEST = {
    # xox?- and 10: a run of exactly 15, the strict threshold
    "slack-token": "xoxb-0123456789",
    "aws-access-key": "AKIA0123456789ABCDEF",
    "openai-key": "sk-abcdefghij0123456789",
    "anthropic-key": "sk-ant-ab-abcdefghij0123456789",
    "github-token": "ghp_abcdefghij0123456789abcdefghij",
    "gitlab-token": "glpat-abcdefghij0123456789",
    "npm-token": "npm_abcdefghij0123456789abcdefghij012345",
    "google-api-key": "AIza" + "a1b2c3d4e5" * 3 + "f6g7h",
    "google-oauth-secret": "GOCSPX-abcdefghij0123456789",
    "google-oauth-token": "ya29.abcdefghij0123456789",
    "stripe-key": "sk_live_abcdefgh01234567",
    "docker-token": "dckr_pat_abcdefghij0123456789",
    "huggingface-token": "hf_abcdefghij0123456789abcdefghij",
    "service-token": "gsk_" + "aB3dE6gH9j" * 5,
    "sendgrid-key": "SG.abcdefgh01234567.abcdefgh01234567",
    "pypi-token": "pypi-AgEIcHlwaS5vcmc" + "aB3dE6gH9j" * 4,
    # a Vault token: `hvs.` and 24, the shortest of today's other providers (session 12)
    "provider-token": "hvs." + "aB3dE6gH9j" * 2 + "aB3d",
    # the wide class: whsec_ and 24 base64 characters, a run of 30 with `+` and `/` in it
    "stripe-webhook-secret": "whsec_ab+cd/ef0123456789ABCDEF",
}


@pytest.mark.parametrize("kind", sorted(SHORTEST))
def test_the_shortest_secret_of_each_gated_kind_is_redacted(kind):
    secret = SHORTEST[kind]
    for text in (f"配置 {secret} 完了 ✓", secret, f"ключ: {secret}"):
        out, n = redact(text)
        assert secret not in out, (kind, text)
        assert f"[redacted:{kind}]" in out
        assert n == 1


def test_the_shortest_high_entropy_and_aws_values_are_redacted():
    value = "Zq8Lw2Xe9Rt4Yu7Io1Pa6Sd3Fg5Hj0Kl"  # 32: the wide threshold for a high-entropy value
    out, n = redact(f"签名 SIGNING = {value} 的")
    assert value not in out and n == 1
    aws = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEK"[:36] + "EYab"  # 40 with `/`: the AWS secret's run
    out, n = redact(f"設定 aws_secret_access_key = {aws}")
    assert aws not in out and n == 1


def test_gated_kinds_are_kinds_redact_knows():
    kinds = {p[0] for p in R._PATTERNS}
    assert R._STRICT_KINDS <= kinds and set(R._WIDE_RUN) <= kinds
    assert set(SHORTEST) | {"high-entropy", "aws-secret"} == R._STRICT_KINDS | set(R._WIDE_RUN)


@pytest.mark.parametrize("kind", sorted({p[0] for p in R._PATTERNS}))
def test_a_marker_is_never_redacted_again(kind):
    """What the gate's soundness after a replacement rests on: a marker's kind name is matched
    by no pattern."""
    text = f"a [redacted:{kind}] b [redacted:{kind}]"
    assert redact(text) == (text, 0)
