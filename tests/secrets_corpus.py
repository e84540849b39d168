"""A corpus of synthetic secrets, one per kind, in the shapes their issuers document (prefixes,
lengths, alphabets), built from a seeded random generator: never a real key.

`KINDS` maps a kind to `(text, parts)`: how the secret appears in a transcript, and its random
parts (each at least 8 characters) — any 8 characters of a part found on a surface is a leak.
"""

from __future__ import annotations

import base64
import json
import random
import string

_R = random.Random(1207)
ALNUM = string.ascii_letters + string.digits
UPPER = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"
WINDOW = 8


def _r(alphabet: str, n: int) -> str:
    return "".join(_R.choice(alphabet) for _ in range(n))


def _pw() -> str:
    return _r(ALNUM, 14)


def _pem(label: str, lead: str = "") -> tuple[str, list[str]]:
    body = [lead + _r(B64, 64 - len(lead))] + [_r(B64, 64) for _ in range(3)]
    return f"-----BEGIN {label}-----\n" + "\n".join(body) + f"\n-----END {label}-----", body


def _build() -> dict[str, tuple[str, list[str]]]:
    k: dict[str, tuple[str, list[str]]] = {}

    def plain(name: str, prefix: str, alphabet: str, n: int, suffix: str = "") -> None:
        v = _r(alphabet, n)
        k[name] = (prefix + v + suffix, [v])

    plain("aws-access-key", "AKIA", UPPER, 16)
    v = _r(B64, 40)
    k["aws-secret"] = (f"aws_secret_access_key = {v}", [v])
    plain("github-classic", "ghp_", ALNUM, 36)
    plain("github-oauth", "gho_", ALNUM, 36)
    a, b = _r(ALNUM, 22), _r(ALNUM, 59)
    k["github-fine-grained"] = (f"github_pat_{a}_{b}", [a, b])
    plain("gitlab", "glpat-", URLSAFE, 20)
    a, b = _r(URLSAFE, 74), _r(URLSAFE, 74)
    k["openai-project"] = (f"sk-proj-{a}T3BlbkFJ{b}", [a, b])
    a, b = _r(ALNUM, 20), _r(ALNUM, 20)
    k["openai-legacy"] = (f"sk-{a}T3BlbkFJ{b}", [a, b])
    plain("anthropic", "sk-ant-api03-", URLSAFE, 93, "AA")
    plain("stripe-secret", "sk_live_", ALNUM, 24)
    plain("stripe-restricted", "rk_live_", ALNUM, 24)
    plain("stripe-webhook", "whsec_", ALNUM, 32)
    plain("google-api", "AIza", URLSAFE, 35)
    plain("google-oauth", "GOCSPX-", URLSAFE, 28)
    a, b, c = _r(string.digits, 11), _r(string.digits, 12), _r(ALNUM, 24)
    k["slack-bot"] = (f"xoxb-{a}-{b}-{c}", [a, b, c])
    a, b, c = _r(UPPER, 10), _r(UPPER, 10), _r(ALNUM, 24)
    k["slack-webhook"] = (f"https://hooks.slack.com/services/T{a}/B{b}/{c}", [a, b, c])
    a, b = _r(string.digits, 18), _r(URLSAFE, 68)
    k["discord-webhook"] = (f"https://discord.com/api/webhooks/{a}/{b}", [a, b])
    plain("npm", "npm_", ALNUM, 36)
    plain("huggingface", "hf_", ALNUM, 34)
    plain("docker", "dckr_pat_", URLSAFE, 27)
    plain("pypi", "pypi-AgEIcHlwaS5vcmc", URLSAFE, 70)
    a, b = _r(URLSAFE, 22), _r(URLSAFE, 43)
    k["sendgrid"] = (f"SG.{a}.{b}", [a, b])
    plain("shopify", "shpat_", HEX, 32)
    plain("digitalocean", "dop_v1_", HEX, 64)
    plain("groq", "gsk_", ALNUM, 52)
    payload = base64.urlsafe_b64encode(json.dumps({"sub": _r(ALNUM, 16), "iat": 1767225600}).encode()).decode().rstrip("=")
    sig = _r(URLSAFE, 43)
    k["jwt"] = (f"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{payload}.{sig}", [payload[12:], sig])
    k["pem-rsa"] = _pem("RSA PRIVATE KEY", "MIIEow")
    k["pem-openssh"] = _pem("OPENSSH PRIVATE KEY", "b3BlbnNzaC1rZXktdjEAAAAA")
    k["pem-ec"] = _pem("EC PRIVATE KEY", "MHcCAQEE")
    text, body = _pem("PGP PRIVATE KEY BLOCK", "lQOYBG")
    k["pgp-private-key-block"] = (text.replace("BLOCK-----\n", "BLOCK-----\n\n", 1), body)
    v = _r(ALNUM, 40)
    k["authorization-bearer"] = (f"Authorization: Bearer {v}", [v])
    user, pw = _r(string.ascii_lowercase, 8), _pw()
    basic = base64.b64encode(f"{user}:{pw}".encode()).decode()
    k["authorization-basic"] = (f"Authorization: Basic {basic}", [basic[:-2]])
    pw = _pw()
    k["postgres-dsn"] = (f"postgres://app:{pw}@db.internal:5432/main", [pw])
    pw = _pw()
    k["redis-empty-user"] = (f"redis://:{pw}@cache.internal:6379/0", [pw])
    a, b = _r(ALNUM, 9), _r(ALNUM, 9)
    k["url-password-slash"] = (f"https://deploy:{a}/{b}@git.example.com/repo.git", [a, b])
    pw = _pw()
    k["mongodb-srv"] = (f"mongodb+srv://admin:{pw}@cluster0.example.net/shop", [pw])
    pw = _pw()
    k["cli-password-flag"] = (f"vaultctl login --user ops --password {pw}", [pw])
    pw = _pw()
    k["sshpass"] = (f"sshpass -p '{pw}' ssh deploy@build.internal", [pw])
    pw = _pw()
    k["curl-user"] = (f"curl -u admin:{pw} https://api.example.com/v1/ping", [pw])
    pw = _pw()
    k["mysql-p"] = (f"mysql -u root -p{pw} shop", [pw])
    pw = _pw()
    k["openssl-pass"] = (f"openssl enc -aes-256-cbc -pass pass:{pw} -in backup.tar", [pw])
    v = _r(ALNUM, 32)
    k["export-token"] = (f'export API_TOKEN="{v}"', [v])
    pw = _pw()
    k["json-password"] = (json.dumps({"user": "ops", "password": pw}), [pw])
    pw = _pw()
    k["env-pgpassword"] = (f"PGPASSWORD={pw} psql -h db.internal shop", [pw])
    v = _r(HEX, 128)
    k["secret-key-base"] = (f"SECRET_KEY_BASE={v}", [v])
    v = _r(ALNUM + "!@#$%^&*(-_=+)", 40)
    k["django-secret-key"] = (f"SECRET_KEY = 'django-insecure-{v}'", [v])
    v = _r(ALNUM, 300)
    k["quoted-token-over-256"] = (f'"token": "{v}"', [v])
    words = [_r(string.ascii_lowercase, 8) for _ in range(3)]
    k["yaml-password-spaces"] = ("database:\n  host: db.internal\n  password: " + " ".join(words) + "\n  port: 5432", words)
    v = _r(ALNUM, 40)
    k["high-entropy-assignment"] = (f"SIGNING_SALT = {v}", [v])
    v = _r(ALNUM, 32)
    k["x-api-key-header"] = (f"X-Api-Key: {v}", [v])
    v = _r(B64, 86)
    k["azure-account-key"] = (f"DefaultEndpointsProtocol=https;AccountName=store1;AccountKey={v}==;EndpointSuffix=core.windows.net", [v])
    v = _r(URLSAFE, 36)
    k["npmrc-auth-token"] = (f"//registry.npmjs.org/:_authToken={v}", [v])
    # (session 11) GitLab's other token kinds and its routable format, Slack's app-level token,
    # a Google OAuth access token, a ~/.netrc entry as heroku writes it
    plain("gitlab-deploy", "gldt-", URLSAFE, 20)
    a, b = _r(ALNUM, 12), _r(ALNUM, 20)
    k["gitlab-runner-routable"] = (f"glrt-t1_{a}{b}.01.0w{_r(HEX, 7)}", [a, b])
    plain("gitlab-ci-job", "glcbt-64_", URLSAFE, 20)
    a, b = _r(URLSAFE, 27), _r(HEX, 9)
    k["gitlab-pat-routable"] = (f"glpat-{a}.01.{b}", [a, b])
    a, b, c = _r(UPPER, 10), _r(string.digits, 13), _r(HEX, 64)
    k["slack-app"] = (f"xapp-1-A{a}-{b}-{c}", [a, b, c])
    plain("google-oauth-access", "ya29.a0", URLSAFE, 150)
    v = _r(HEX, 40)
    k["netrc"] = (f"machine api.heroku.com\n  login ops@example.com\n  password {v}", [v])
    # (session 12) today's other providers, each told in prose ("the key is …", no `name=` before it)
    plain("xai", "xai-", ALNUM, 80)
    plain("perplexity", "pplx-", ALNUM, 48)
    plain("supabase-access", "sbp_", HEX, 40)
    plain("supabase-secret", "sb_secret_", URLSAFE, 31)
    plain("notion", "ntn_", ALNUM, 46)
    plain("figma", "figd_", URLSAFE, 40)
    plain("sentry-user", "sntryu_", HEX, 64)
    plain("grafana-service-account", "glsa_", ALNUM, 32, "_" + _r(HEX, 8))
    plain("planetscale", "pscale_tkn_", URLSAFE, 43)
    plain("neon", "napi_", ALNUM, 64)
    a, b = _r(HEX, 32), _r(HEX, 10)
    k["langsmith"] = (f"lsv2_pt_{a}_{b}", [a, b])
    plain("onepassword-service", "ops_eyJ", B64, 120)
    plain("netlify", "nfp_", ALNUM, 36)
    plain("vault", "hvs.", URLSAFE, 90)
    a, b = _r(ALNUM, 14), _r(URLSAFE, 67)
    k["terraform-cloud"] = (f"{a}.atlasv1.{b}", [a, b])
    plain("doppler", "dp.pt.", ALNUM, 43)
    a, b = _r(ALNUM, 12), _r(ALNUM, 32)
    k["tailscale"] = (f"tskey-auth-{a}-{b}", [a, b])
    plain("newrelic", "NRAK-", UPPER, 27)
    plain("age", "AGE-SECRET-KEY-1", UPPER, 58)
    plain("atlassian", "ATATT3xFfGF0", URLSAFE, 180)
    a, b = _r(HEX, 24), _r(HEX, 34)
    k["postman"] = (f"PMAK-{a}-{b}", [a, b])
    plain("fly", "FlyV1 fm2_", B64, 120)
    plain("heroku", "HRKU-AA", URLSAFE, 58)
    plain("databricks", "dapi", HEX, 32)
    plain("pulumi", "pul-", HEX, 40)
    plain("linear", "lin_api_", ALNUM, 40)
    plain("newrelic-insert", "NRII-", URLSAFE, 32)
    plain("newrelic-browser", "NRJS-", HEX, 19)
    plain("newrelic-license", "", HEX, 36, "NRAL")
    for name in ("xai", "perplexity", "notion", "vault", "age", "heroku", "databricks", "fly", "linear", "newrelic-license"):
        text, parts = k[name]
        k[name] = (f"the key is {text} for now", parts)
    # a Fly.io token as flyctl prints it: macaroons joined by commas (the part after the first was
    # shown whole when only the first was matched), and the older fm1r_ / fm1a_ ones; Dropbox's sl.u.
    a, b = _r(B64, 150), _r(B64, 190)
    k["fly-macaroons"] = (f"the deploy token FlyV1 fm2_{a},fm2_{b} works", [a, b])
    a = _r(B64, 150)
    k["fly-fm1r"] = (f"the key is FlyV1 fm1r_{a} for now", [a])
    a = _r(URLSAFE, 150)
    k["dropbox-u"] = (f"the key is sl.u.{a} for now", [a])
    # Doppler's service token naming its config (dp.st.dev.…) and its service account identity token
    a = _r(ALNUM, 44)
    k["doppler-service-config"] = (f"we ran doppler with dp.st.dev.{a} in ci", [a])
    a = _r(ALNUM, 44)
    k["doppler-said"] = (f"we ran doppler with dp.said.{a} in ci", [a])
    # age 1.3's post-quantum identity (age-keygen -pq)
    a = _r(UPPER, 62)
    k["age-pq"] = (f"the key is AGE-SECRET-KEY-PQ-1{a} for now", [a])
    # a .env sent percent-encoded (a form body, curl --data-urlencode): `%3D` glues a token's prefix
    # to a word and hides the `=` of the assignment (session 13)
    a, b = _r(ALNUM, 36), _r(ALNUM, 16)
    k["urlencoded-env"] = (f"curl -d 'env=GITHUB_TOKEN%3Dghp_{a}%0ADB_PASSWORD%3D{b}%0A' https://x.example/h", [a, b])
    # provider formats an agent meets (session 13), said in prose where no `name=` rule reaches them
    said = {
        "pinecone": ("pcsk_" + _r(ALNUM, 6) + "_", ALNUM, 64), "tavily": ("tvly-dev-", ALNUM, 32),
        "firecrawl": ("fc-", HEX, 32), "e2b": ("e2b_", HEX, 40), "together": ("tgp_v1_", URLSAFE, 43),
        "elevenlabs": ("sk_", HEX, 48), "mapbox": ("sk.eyJ1IjoiZGVqYSIsImEiOiJ", ALNUM, 24),
        "prefect": ("pnu_", ALNUM, 36), "rubygems": ("rubygems_", HEX, 48), "buildkite": ("bkua_", HEX, 40),
        "hubspot": ("pat-na1-", HEX, 8), "square": ("EAAA", URLSAFE, 60), "square-oauth": ("sq0csp-", URLSAFE, 43),
    }
    for name, (prefix, alphabet, n) in said.items():
        v = _r(alphabet, n)
        tail = {"mapbox": "." + _r(URLSAFE, 22), "hubspot": f"-{_r(HEX, 4)}-{_r(HEX, 4)}-{_r(HEX, 4)}-{_r(HEX, 12)}"}.get(name, "")
        k[name] = (f"the key is {prefix}{v}{tail} for now", [v])
    a, b = _r(ALNUM, 22), _r(HEX, 40)
    k["circleci"] = (f"the key is CCIPAT_{a}_{b} for now", [a, b])
    a = _r(ALNUM + "_~.-", 34)
    k["entra-client-secret"] = (f"the client secret is Xy78Q~{a} for now", [a])
    return k


KINDS = _build()
PLACES = ("user", "assistant", "tool", "command", "path", "edit", "title")


def windows() -> dict[str, str]:
    """Every 8-character window of every random part, with the kind it belongs to."""
    out: dict[str, str] = {}
    for kind, (_, parts) in KINDS.items():
        for p in parts:
            assert len(p) >= WINDOW, (kind, p)
            for i in range(len(p) - WINDOW + 1):
                out[p[i : i + WINDOW]] = kind
    return out


def leaks(text: str, wins: dict[str, str]) -> set[str]:
    """The kinds some window of which occurs in `text`."""
    grams = {text[i : i + WINDOW] for i in range(len(text) - WINDOW + 1)}
    return {wins[w] for w in grams & wins.keys()}
