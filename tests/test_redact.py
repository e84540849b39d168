import pytest

from deja.text.redact import redact

SECRETS = {
    "aws-access-key": ("key AKIAIOSFODNN7EXAMPLE in use", "AKIAIOSFODNN7EXAMPLE"),
    "aws-secret": ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    "github-token": ("use ghp_0123456789abcdefghijABCDEFGHIJ012345 now", "ghp_0123456789abcdefghijABCDEFGHIJ012345"),
    "gitlab-token": ("glpat-abcdefghij0123456789", "glpat-abcdefghij0123456789"),
    "openai-key": ("OPENAI sk-proj-abcdefghijklmnopqrstuvwxyz012345", "sk-proj-abcdefghijklmnopqrstuvwxyz012345"),
    "anthropic-key": ("sk-ant-api03-abcdefghijklmnopqrstuvwxyz_0123", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz_0123"),
    "npm-token": ("npm_abcdefghijklmnopqrstuvwxyz0123456789", "npm_abcdefghijklmnopqrstuvwxyz0123456789"),
    "slack-token": ("xoxb-1234567890-abcdefghij", "xoxb-1234567890-abcdefghij"),
    "google-api-key": ("AIzaSyA1234567890abcdefghijklmnopqrstuv", "AIzaSyA1234567890abcdefghijklmnopqrstuv"),
    "stripe-key": ("sk_live_abcdefghijklmnop1234", "sk_live_abcdefghijklmnop1234"),
    "huggingface-token": ("hf_abcdefghijklmnopqrstuvwxyz012345", "hf_abcdefghijklmnopqrstuvwxyz012345"),
    "jwt": ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLXZhbHVl", "eyJzdWIiOiIxMjM0In0"),
    "bearer-token": ("Authorization: Bearer abcdef0123456789ghijkl", "abcdef0123456789ghijkl"),
    "url-password": ("postgres://app:Sup3rS3cret@db.internal:5432/main", "Sup3rS3cret"),
    "secret-assignment": ('password="correct horse battery"', "correct horse battery"),
    "high-entropy": ("SIGNING = Zq8Lw2Xe9Rt4Yu7Io1Pa6Sd3Fg5Hj0KlMnBvCx", "Zq8Lw2Xe9Rt4Yu7Io1Pa6Sd3Fg5Hj0KlMnBvCx"),
}


@pytest.mark.parametrize("kind", sorted(SECRETS))
def test_each_kind_is_redacted_and_only_the_value(kind):
    text, secret = SECRETS[kind]
    out, n = redact(text)
    assert secret not in out
    assert n >= 1
    assert "[redacted:" in out


def test_pem_block_is_redacted_whole():
    pem = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\nAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----"
    out, n = redact(f"my key:\n{pem}\nthanks")
    assert "b3BlbnNzaC1rZXktdjEAAAA" not in out and n == 1
    assert out.startswith("my key:") and out.endswith("thanks")


def test_keys_and_prose_stay():
    out, _ = redact('config: {"api_key": "abcd1234efgh5678", "region": "eu-west-1"}')
    assert '"api_key"' in out and "eu-west-1" in out and "abcd1234efgh5678" not in out
    out, _ = redact("connect with postgres://app:Sup3rS3cret@db.internal:5432/main please")
    assert out == "connect with postgres://app:[redacted:url-password]@db.internal:5432/main please"


@pytest.mark.parametrize(
    "text",
    [
        "the token is important",
        "export GITHUB_TOKEN=$GH_TOKEN",
        "commit = 3f786850e387550fdab836ed7e6dc881de23001b",
        "my_token_count = 5",
        "def tokens(text: str) -> list[str]:",
        "see https://example.com/path?a=1",
    ],
)
def test_ordinary_text_is_left_alone(text):
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    "text",
    [
        "files: /srv/q05pazx/DefaultEndpointsProtocol=https",
        "http://example.com:8080/users/@me",
        "docker login --password-stdin",
        "token: 5",
        "my_token_count = 1",
    ],
)
def test_near_misses_are_left_alone(text):
    assert redact(text) == (text, 0)


def test_yaml_value_with_spaces_runs_to_the_end_of_its_line():
    out, n = redact("db:\n  password: correct horse battery staple # rotated\n  host: x")
    assert out == "db:\n  password: [redacted:secret-assignment] # rotated\n  host: x" and n == 1


def test_decoded_json_hides_a_credential_keys_whole_value():
    from deja.text.redact import redact_data

    out, n = redact_data({"password": "a b c d", "apiKey": "$API_KEY", "tokens": "many words", "x": ["ghp_" + "a1" * 18]})
    assert out == {"password": "[redacted:secret-assignment]", "apiKey": "$API_KEY", "tokens": "many words",
                   "x": ["[redacted:github-token]"]} and n == 2
