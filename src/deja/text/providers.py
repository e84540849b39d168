"""Provider tokens that open with a documented prefix, for redaction (deja.text.redact, kind
`provider-token`): data only, one row a provider.

Each row is matched on the ASCII-lowercased text (the span maps back 1:1): (pattern, the needle
that must be in the text, the strings a match starts with; () when none). A needle is a part of
the prefix whose first two characters prose seldom holds (`tn_` of `ntn_`, not `nt`): the C scan
tries a needle at each place its first two stand.
"""

from __future__ import annotations

PROVIDERS: list[tuple[str, str, tuple[str, ...]]] = [
    (r"\bxai-[a-z0-9]{32,}", "xai-", ("xai-",)),  # xAI
    (r"\bpplx-[a-z0-9]{32,}", "lx-", ("pplx-",)),  # Perplexity
    (r"\bsbp_[a-f0-9]{40}\b", "sbp_", ("sbp_",)),  # Supabase access token
    (r"\bsb_secret_[a-z0-9_-]{24,}", "sb_secret_", ("sb_secret_",)),  # Supabase secret key
    (r"\bntn_[a-z0-9]{40,}", "tn_", ("ntn_",)),  # Notion
    (r"\bfigd_[a-z0-9_-]{32,}", "gd_", ("figd_",)),  # Figma
    (r"\bsntry[su]_[a-z0-9+/=_-]{32,}", "sntry", ("sntrys_", "sntryu_")),  # Sentry org / user tokens
    (r"\bglsa_[a-z0-9+/=_-]{32,}", "glsa_", ("glsa_",)),  # Grafana service account
    (r"\bglc_[a-z0-9+/=_-]{32,}", "glc_", ("glc_",)),  # Grafana Cloud
    (r"\bpscale_(?:tkn|pw|oauth)_[a-z0-9_.-]{32,}", "pscale_", ("pscale_",)),  # PlanetScale
    (r"\bnapi_[a-z0-9]{40,}", "pi_", ("napi_",)),  # Neon
    (r"\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}\b", "lsv2_", ("lsv2_",)),  # LangSmith
    (r"\bops_eyj[a-z0-9+/=_-]{50,}", "ops_eyj", ("ops_eyj",)),  # 1Password service account
    (r"\bnfp_[a-z0-9]{36,}", "fp_", ("nfp_",)),  # Netlify
    (r"\bhvs\.[a-z0-9_-]{24,}", "hvs.", ("hvs.",)),  # HashiCorp Vault service token
    (r"\bhvb\.[a-z0-9_-]{24,}", "hvb.", ("hvb.",)),  # HashiCorp Vault batch token
    (r"\b[a-z0-9]{14}\.atlasv1\.[a-z0-9_=-]{40,}", "sv1", ()),  # Terraform Cloud / HCP
    # Doppler (docs.doppler.com, "Auth Token Formats"): a service token may name its config, dp.st.dev.…
    (r"\bdp\.(?:pt|st|ct|sa|said|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?[a-z0-9]{32,}", "dp.", ("dp.",)),
    (r"\btskey-[a-z]+-[a-z0-9]{6,}-[a-z0-9]{16,}", "tskey-", ("tskey-",)),  # Tailscale
    (r"\bnrak-[a-z0-9]{27}\b", "nrak-", ("nrak-",)),  # New Relic user key
    (r"\bnrii-[a-z0-9_-]{32}(?![a-z0-9_-])", "nrii-", ("nrii-",)),  # New Relic insert key
    (r"\bnrjs-[a-f0-9]{19}\b", "nrjs-", ("nrjs-",)),  # New Relic browser key
    (r"\b[a-f0-9]{36}nral\b", "nral", ()),  # New Relic ingest license key
    # age: an X25519 identity, and the post-quantum hybrid one of age 1.3 (AGE-SECRET-KEY-PQ-1…)
    (r"\bage-secret-key-(?:pq-)?1[a-z0-9]{50,}", "age-secret-key-", ("age-secret-key-1", "age-secret-key-pq-1")),
    (r"\batatt3[a-z0-9_=-]{100,}", "tt3", ("atatt3",)),  # Atlassian API token
    (r"\batbb[a-z0-9]{32}\b", "tbb", ("atbb",)),  # Bitbucket app password
    (r"\bpmak-[a-f0-9]{24}-[a-f0-9]{34}\b", "pmak-", ("pmak-",)),  # Postman
    # Fly.io: macaroons fm2_ (fm1r_ fm1a_ before), several joined by commas in one token
    (r"\bflyv1 fm\d[a-z]?_[a-z0-9+/=_,-]{32,}", "yv1", ("flyv1 ",)),
    (r"\bhrku-[a-z0-9_-]{30,}", "rku-", ("hrku-",)),  # Heroku
    (r"\bdapi[a-f0-9]{32}(?:-\d+)?\b", "dapi", ("dapi",)),  # Databricks
    (r"\bpul-[a-f0-9]{40}\b", "pul-", ("pul-",)),  # Pulumi
    (r"\blin_api_[a-z0-9]{40}\b", "lin_api_", ("lin_api_",)),  # Linear
    (r"\bcfpat-[a-z0-9_-]{40,}", "cfpat-", ("cfpat-",)),  # Contentful
    (r"\bsl\.(?:u\.)?[a-z0-9_-]{130,}", "sl.", ("sl.",)),  # Dropbox (sl.u. since 2024)
    # session 13: formats documented by their issuers that coding agents meet (AI and dev services)
    (r"\bpcsk_[a-z0-9]{4,8}_[a-z0-9]{40,}", "pcsk_", ("pcsk_",)),  # Pinecone
    (r"\btvly-[a-z0-9-]{24,}", "tvly-", ("tvly-",)),  # Tavily (tvly-dev-… too)
    (r"\bfc-[a-f0-9]{32}\b", "fc-", ("fc-",)),  # Firecrawl
    (r"\be2b_[a-f0-9]{40}\b", "e2b_", ("e2b_",)),  # E2B
    (r"\btgp_v1_[a-z0-9_-]{40,}", "tgp_", ("tgp_v1_",)),  # Together AI
    (r"\bsk_[a-f0-9]{48}\b", "sk_", ("sk_",)),  # ElevenLabs
    (r"\bsk\.eyj[a-z0-9_-]{20,}\.[a-z0-9_-]{20,}", "sk.eyj", ("sk.eyj",)),  # Mapbox secret token
    (r"\bpnu_[a-z0-9]{36}\b", "pnu_", ("pnu_",)),  # Prefect
    (r"\brubygems_[a-f0-9]{48}\b", "ygems_", ("rubygems_",)),  # RubyGems
    (r"\bbkua_[a-f0-9]{40}\b", "bkua_", ("bkua_",)),  # Buildkite
    (r"\bccipat_[a-z0-9]{22}_[a-f0-9]{40}\b", "ccipat_", ("ccipat_",)),  # CircleCI personal token
    (r"\bpat-(?:na|eu)\d-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}\b", "pat-", ("pat-",)),  # HubSpot
    (r"\beaaa[a-z0-9_-]{60}(?![a-z0-9_-])", "aaa", ("eaaa",)),  # Square access token
    (r"\bsq0(?:atp|csp)-[a-z0-9_-]{22,}", "sq0", ("sq0atp-", "sq0csp-")),  # Square (older, OAuth secret)
    # an Entra ID (Azure AD) client secret: three characters, a digit, Q~, then 31-34
    (r"(?<![a-z0-9_~.-])[a-z0-9_~.]{3}\dq~[a-z0-9_~.-]{31,34}(?![a-z0-9_~.-])", "q~", ()),
]
