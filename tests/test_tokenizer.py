from hypothesis import given, strategies as st

from deja.search.query import parse
from deja.text.tokenizer import index_form, tokens


def test_cjk_runs_become_overlapping_bigrams():
    assert tokens("广告点击") == ["广告", "告点", "点击"]


def test_two_character_term_is_found_inside_mixed_text():
    assert "广告" in tokens("我今天在改广告SDK")
    assert "sdk" in tokens("我今天在改广告SDK")


def test_latin_words_are_lowercased_and_split_on_underscore_and_punctuation():
    assert tokens("Fix MAX_Connections in src/client.py (ERR-1234)") == [
        "fix", "max", "connections", "in", "src", "client", "py", "err", "1234",
    ]


def test_lone_cjk_character_is_a_token():
    assert tokens("是 ok") == ["是", "ok"]


def test_kana_and_hangul_are_bigrammed_too():
    assert tokens("データ") == ["デー", "ータ"]
    assert tokens("한국어") == ["한국", "국어"]


def test_overlong_tokens_are_dropped():
    assert tokens("a" * 81 + " keep") == ["keep"]


def test_query_and_index_share_the_tokenizer():
    text = "Deploy 广告点击 to prod_eu"
    q = parse(text)
    assert [t for c in q.clauses for t in c] == tokens(text)
    assert index_form(text) == " ".join(tokens(text))


# Text as people and tools write it: ASCII, accented Latin, Greek, Cyrillic and CJK.
_TEXT = st.text(alphabet=st.sampled_from(list("abcXYZ019 _-./:()\n\téüßΣαЖж广告点击是データ한국")), max_size=40)


@given(_TEXT, _TEXT)
def test_find_terms_finds_the_words_and_only_tokens(text, query):
    from deja.text.tokenizer import find_terms

    terms = set(tokens(query))
    found = set(find_terms(text, [(t,) for t in terms], limit=10**6))
    for s, e in found:
        assert text[s:e].casefold() in {t.casefold() for t in terms}
    # every word the text holds is highlighted somewhere (CJK bigrams may overlap each other)
    held = {t for t in tokens(text) if t in terms and not "\u3040" <= t[0] <= "\U0002fa1f"}
    assert {text[s:e].casefold() for s, e in found} >= {t.casefold() for t in held}


@given(st.text())
def test_any_text_tokenizes(text):
    toks = tokens(text)
    assert all(t and " " not in t and len(t.encode("utf-8", "surrogatepass")) <= 80 for t in toks)


def test_find_terms_respects_word_edges():
    from deja.text.tokenizer import find_terms

    text = "Pool spool pool_x 我在改广告SDK"
    assert [text[s:e] for s, e in find_terms(text, [("pool",), ("广告",), ("sdk",)])] == ["Pool", "pool", "广告", "SDK"]


def test_find_terms_finds_phrases_whole():
    from deja.text.tokenizer import find_terms

    text = "see src/gateway/router.py and router py; 改广告点击率"
    found = [text[s:e] for s, e in find_terms(text, [("src", "gateway", "router", "py"), ("广告", "告点", "点击")])]
    assert found == ["src/gateway/router.py", "广告点击"]


def test_extension_ideographs_are_bigrammed():
    assert tokens("a\U00020000\U00020001b 中") == ["a", "\U00020000\U00020001", "b", "中"]
