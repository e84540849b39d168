/* deja._native: the parse workers' per-character loops in C (an optional extension).
 *
 * Each function here has a Python twin that is the reference and the fallback; deja/native.py
 * picks one or the other (DEJA_PURE=1 forces the twins), and tests/test_native.py holds each
 * function to its twin on the same inputs, hostile ones included. Every function is one pass
 * (or two) over its input with bounded work per character: nothing here is quadratic.
 *
 *   scan(text, exact, folded)        twin: deja.native.scan_py        (redaction's gates, needles, runs)
 *   cjk_bigrams(text)                twin: deja.text.tokenizer.analyzer_input_py
 *   other_words(middle, kept, room, longest)
 *                                    twin: deja.ingest.prepare.other_words_py
 *   controls(sample)                 twin: deja.ingest.prepare.controls_py   (unblob's binary look)
 *   stat_sigs(paths, follow)         twin: deja.ingest.snapshot.stat_sigs_py (the freshness replay's stats)
 *
 * Plain C, the CPython API and POSIX threads (stat_sigs only); no state between calls.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#ifndef _WIN32 /* stat_sigs is POSIX: on Windows the twin stats (deja.native._PROBES asks it only on POSIX) */
#define HAVE_STAT_SIGS 1
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>
#ifndef O_PATH /* macOS: a directory opened for reading (where it cannot be, its files are stat'ed by path) */
#define O_PATH O_RDONLY
#endif
#ifdef __APPLE__
#define ST_MTIM st_mtimespec
#define ST_CTIM st_ctimespec
#else
#define ST_MTIM st_mtim
#define ST_CTIM st_ctim
#endif
#endif

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* Before 3.12 a str made through the legacy C API (PyUnicode_FromUnicode(NULL, n)) may not be
 * "ready": its kind reads 0, its data NULL and its length 0 until PyUnicode_READY fills them.
 * Every str read here is made ready first (a no-op for any str Python code makes); 3.12 removed
 * such strings and deprecated the macro. */
#if PY_VERSION_HEX < 0x030C0000
#define ENSURE_READY(s) PyUnicode_READY(s)
#else
#define ENSURE_READY(s) 0
#endif

/* ---------------------------------------------------------------------------------------------
 * scan(text: str, exact: tuple[str, ...], folded: tuple[str, ...]) -> (int, int, int, int)
 *
 * Twin: deja.native.scan_py. Which of the ASCII needles occur in `text` (bit i of the first int
 * for exact[i]), which of `folded` (lowercase ASCII) occur in its ASCII-lowercased text (bit i
 * of the second), and the longest run of characters of redaction's strict class
 * [A-Za-z0-9_-] and of its wide class [A-Za-z0-9_+/=.~-]. One pass, where redaction asked `in`
 * once per needle (~40 scans of a record). A needle is tried only where its first character
 * stands and only until found, so the work per character is bounded by the needles' lengths.
 * ------------------------------------------------------------------------------------------- */

#define MAX_NEEDLES 64

typedef struct {
    const char *chars[MAX_NEEDLES]; /* each needle's ASCII characters */
    Py_ssize_t len[MAX_NEEDLES];
    int next[MAX_NEEDLES];          /* the next needle with the same first character, or -1 */
    int first[128];                 /* the first needle of 2+ characters starting with this one, or -1 */
    uint64_t single[128];           /* the one-character needles that are this character */
    uint8_t pair[128 * 128 / 8];    /* bit c0 * 128 + c1: a needle of 2+ characters opens with c0 c1 */
    uint64_t found;
    int n;
} Needles;

static int needles_load(Needles *nd, PyObject *tuple, const char *name) {
    if (!PyTuple_Check(tuple)) {
        PyErr_Format(PyExc_TypeError, "scan: %s must be a tuple of str", name);
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    if (n > MAX_NEEDLES) {
        PyErr_Format(PyExc_ValueError, "scan: at most %d needles in %s", MAX_NEEDLES, name);
        return -1;
    }
    nd->n = (int)n;
    nd->found = 0;
    for (int c = 0; c < 128; c++) {
        nd->first[c] = -1;
        nd->single[c] = 0;
    }
    memset(nd->pair, 0, sizeof nd->pair);
    for (int i = (int)n - 1; i >= 0; i--) {
        PyObject *s = PyTuple_GET_ITEM(tuple, i);
        if (PyUnicode_Check(s) && ENSURE_READY(s) < 0)
            return -1;
        if (!PyUnicode_Check(s) || !PyUnicode_IS_ASCII(s)) {
            PyErr_Format(PyExc_ValueError, "scan: %s must hold ASCII str only", name);
            return -1;
        }
        nd->chars[i] = (const char *)PyUnicode_DATA(s);
        nd->len[i] = PyUnicode_GET_LENGTH(s);
        if (nd->len[i] == 0) { /* "" is in every text, as `"" in text` says */
            nd->found |= (uint64_t)1 << i;
            nd->next[i] = -1;
            continue;
        }
        unsigned char c0 = (unsigned char)nd->chars[i][0];
        nd->next[i] = -1;
        if (nd->len[i] == 1) {
            nd->single[c0] |= (uint64_t)1 << i;
            continue;
        }
        unsigned pair = c0 * 128u + (unsigned char)nd->chars[i][1];
        nd->pair[pair >> 3] |= (uint8_t)(1u << (pair & 7));
        nd->next[i] = nd->first[c0];
        nd->first[c0] = i;
    }
    return 0;
}

ALWAYS_INLINE Py_UCS4 ascii_lower(Py_UCS4 c) { return (c >= 'A' && c <= 'Z') ? c + 32 : c; }

/* Does needle j stand at text[i:]? (its first two characters may have matched) */
ALWAYS_INLINE int needle_at(const Needles *nd, int j, int kind, const void *data, Py_ssize_t i,
                            Py_ssize_t size, int fold) {
    Py_ssize_t m = nd->len[j];
    if (i + m > size)
        return 0;
    for (Py_ssize_t k = 0; k < m; k++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i + k);
        if (fold)
            c = ascii_lower(c);
        if (c != (Py_UCS4)(unsigned char)nd->chars[j][k])
            return 0;
    }
    return 1;
}

/* Needle j was found: its bit set, and its opening pair's bit cleared once no needle left to
 * find opens with it (a common pair, "to" or "se", then stops costing a look at every step). */
static void needle_found(Needles *nd, int j) {
    nd->found |= (uint64_t)1 << j;
    unsigned char c0 = (unsigned char)nd->chars[j][0], c1 = (unsigned char)nd->chars[j][1];
    for (int k = nd->first[c0]; k >= 0; k = nd->next[k])
        if (!(nd->found >> k & 1) && (unsigned char)nd->chars[k][1] == c1)
            return;
    unsigned pair = c0 * 128u + c1;
    nd->pair[pair >> 3] &= (uint8_t)~(1u << (pair & 7));
}

static unsigned char STRICT[128], WIDE[128]; /* class tables, filled at import */

ALWAYS_INLINE void scan_kind(int kind, const void *data, Py_ssize_t size, Needles *ex, Needles *fo,
                             Py_ssize_t *strict_best, Py_ssize_t *wide_best) {
    Py_ssize_t strict = 0, wide = 0, sbest = 0, wbest = 0;
    for (Py_ssize_t i = 0; i < size; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c >= 128) { /* no needle holds it, and it breaks both runs */
            strict = wide = 0;
            continue;
        }
        /* the runs, without a branch (whether a character is in a class is not predictable) */
        strict = (strict + 1) * STRICT[c];
        wide = (wide + 1) * WIDE[c];
        sbest = strict > sbest ? strict : sbest;
        wbest = wide > wbest ? wide : wbest;
        ex->found |= ex->single[c];
        fo->found |= fo->single[ascii_lower(c)];
        if (i + 1 == size)
            break;
        Py_UCS4 d = PyUnicode_READ(kind, data, i + 1);
        if (d >= 128) /* every needle is ASCII */
            continue;
        unsigned pair = c * 128u + d, low = ascii_lower(c) * 128u + ascii_lower(d);
        if (ex->pair[pair >> 3] >> (pair & 7) & 1)
            for (int j = ex->first[c]; j >= 0; j = ex->next[j])
                if (!(ex->found >> j & 1) && needle_at(ex, j, kind, data, i, size, 0))
                    needle_found(ex, j);
        if (fo->pair[low >> 3] >> (low & 7) & 1)
            for (int j = fo->first[ascii_lower(c)]; j >= 0; j = fo->next[j])
                if (!(fo->found >> j & 1) && needle_at(fo, j, kind, data, i, size, 1))
                    needle_found(fo, j);
    }
    *strict_best = sbest;
    *wide_best = wbest;
}

static PyObject *native_scan(PyObject *self, PyObject *args) {
    PyObject *text, *exact, *folded;
    if (!PyArg_ParseTuple(args, "UOO:scan", &text, &exact, &folded))
        return NULL;
    Needles ex, fo;
    if (needles_load(&ex, exact, "exact") < 0 || needles_load(&fo, folded, "folded") < 0)
        return NULL;
    Py_ssize_t size = PyUnicode_GET_LENGTH(text), sbest = 0, wbest = 0;
    const void *data = PyUnicode_DATA(text);
    switch (PyUnicode_KIND(text)) { /* one loop per width, each specialised by the compiler */
    case PyUnicode_1BYTE_KIND: scan_kind(PyUnicode_1BYTE_KIND, data, size, &ex, &fo, &sbest, &wbest); break;
    case PyUnicode_2BYTE_KIND: scan_kind(PyUnicode_2BYTE_KIND, data, size, &ex, &fo, &sbest, &wbest); break;
    default: scan_kind(PyUnicode_4BYTE_KIND, data, size, &ex, &fo, &sbest, &wbest); break;
    }
    return Py_BuildValue("(KKnn)", (unsigned long long)ex.found, (unsigned long long)fo.found, sbest, wbest);
}

/* ---------------------------------------------------------------------------------------------
 * cjk_bigrams(text: str) -> str
 *
 * Twin: deja.text.tokenizer.analyzer_input_py. A number glued to its unit split from it (a token
 * of ASCII digits then ASCII letters only: "79kg" -> "79 kg"; a token is what the analyzer reads,
 * a CJK character standing apart), then every run of CJK characters (the tokenizer's _CJK
 * ranges) rewritten as its overlapping bigrams between spaces (" 广告 告点 点击 "; a lone
 * character " 广 "), a run of two or more right after an ASCII digit led by its first character
 * alone (12点才 -> " 点 点才 "); `text` itself when nothing changes. The output's length, then the
 * output: the input's characters and spaces, so the input's width (a str is stored narrowest).
 * ------------------------------------------------------------------------------------------- */

ALWAYS_INLINE int is_cjk(Py_UCS4 o) {
    if (o < 0x1100)
        return 0;
    return (o <= 0x11ff) || (o >= 0x3040 && o <= 0x30ff) || (o >= 0x3100 && o <= 0x312f) ||
           (o >= 0x3130 && o <= 0x318f) || (o >= 0x31a0 && o <= 0x31bf) || (o >= 0x3400 && o <= 0x4dbf) ||
           (o >= 0x4e00 && o <= 0x9fff) || (o >= 0xac00 && o <= 0xd7af) || (o >= 0xf900 && o <= 0xfaff) ||
           (o >= 0x20000 && o <= 0x2fa1f);
}

ALWAYS_INLINE int is_digit(Py_UCS4 c) { return c >= '0' && c <= '9'; }
ALWAYS_INLINE int is_letter(Py_UCS4 c) { return c < 128 && (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
/* A letter or digit a token runs on with (str.isalnum, as the twin's [^\W_]), not a CJK one. */
ALWAYS_INLINE int runs_on(Py_UCS4 c) {
    return c < 128 ? is_digit(c) || is_letter(c) : Py_UNICODE_ISALNUM(c) && !is_cjk(c);
}

/* Where a space goes if a glued number and unit start at i (text[i] a digit not after a letter
 * or digit that runs on): after the digits, when only ASCII letters follow to the token's end;
 * else -1. Each digit run is read once from its start, so a text costs one pass. */
ALWAYS_INLINE Py_ssize_t glued_at(int kind, const void *data, Py_ssize_t size, Py_ssize_t i) {
    if (!is_digit(PyUnicode_READ(kind, data, i)) || (i > 0 && runs_on(PyUnicode_READ(kind, data, i - 1))))
        return -1;
    Py_ssize_t d = i;
    while (d < size && is_digit(PyUnicode_READ(kind, data, d)))
        d++;
    Py_ssize_t j = d;
    while (j < size && is_letter(PyUnicode_READ(kind, data, j)))
        j++;
    if (j == d || (j < size && runs_on(PyUnicode_READ(kind, data, j))))
        return -1;
    return d;
}

/* Where the run of digits that ends at b[i] starts. */
ALWAYS_INLINE Py_ssize_t digits_from(const Py_UCS1 *b, Py_ssize_t i) {
    while (i > 0 && is_digit(b[i - 1]))
        i--;
    return i;
}

/* The text rewritten into od (of the text's kind), or only measured when od is NULL: the length
 * of the rewritten text, which differs from the text's exactly when anything changed (each
 * change adds characters). The text between the changes is copied whole. */
ALWAYS_INLINE Py_ssize_t rewrite(int kind, const void *data, Py_ssize_t size, char *od) {
    Py_ssize_t o = 0, from = 0, split = -1; /* split: the next place a space goes, 79|kg */
#define PUT(ch) do { if (od) PyUnicode_WRITE(kind, od, o, (ch)); o++; } while (0)
#define COPY_UPTO(end)                                                                                           \
    do {                                                                                                         \
        if (od)                                                                                                  \
            memcpy(od + o * kind, (const char *)data + from * kind, (size_t)((end) - from) * (size_t)kind);      \
        o += (end) - from;                                                                                       \
        from = (end);                                                                                            \
    } while (0)
    for (Py_ssize_t i = 0; i < size; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (is_cjk(c)) { /* the run text[i:end] as " ab bc cd " (or " a "; " a ab bc " after a digit) */
            COPY_UPTO(i);
            Py_ssize_t end = i + 1;
            while (end < size && is_cjk(PyUnicode_READ(kind, data, end)))
                end++;
            if (end - i > 1 && i > 0 && is_digit(PyUnicode_READ(kind, data, i - 1))) {
                PUT(' ');
                PUT(c);
            }
            PUT(' ');
            if (end - i == 1)
                PUT(c);
            for (Py_ssize_t k = i; k + 1 < end; k++) {
                if (k > i)
                    PUT(' ');
                PUT(PyUnicode_READ(kind, data, k));
                PUT(PyUnicode_READ(kind, data, k + 1));
            }
            PUT(' ');
            from = end;
            i = end - 1;
        } else if (i == split) {
            COPY_UPTO(i);
            PUT(' ');
        } else if (i > split && is_digit(c)) {
            Py_ssize_t d = glued_at(kind, data, size, i);
            if (d >= 0)
                split = d;
        }
    }
    COPY_UPTO(size);
#undef PUT
#undef COPY_UPTO
    return o;
}

static PyObject *native_cjk_bigrams(PyObject *self, PyObject *arg) {
    if (!PyUnicode_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "cjk_bigrams: a str is needed");
        return NULL;
    }
    if (ENSURE_READY(arg) < 0)
        return NULL;
    int kind = PyUnicode_KIND(arg);
    const void *data = PyUnicode_DATA(arg);
    Py_ssize_t size = PyUnicode_GET_LENGTH(arg), out;
    if (size > PY_SSIZE_T_MAX / 3) /* the output is at most 3 * size: its length cannot overflow */
        return PyErr_NoMemory();
    if (kind == PyUnicode_1BYTE_KIND) {
        /* no CJK here (every CJK character is above U+00FF): only a number glued to its unit
         * changes anything, found where a digit stands before an ASCII letter (79|kg; a
         * timestamp's 01|T01 or a hash's 3|fa8 are no such thing); the text between is copied */
        const Py_UCS1 *b = (const Py_UCS1 *)data;
        Py_ssize_t splits = 0;
        for (Py_ssize_t i = 0; i + 1 < size; i++)
            splits += is_digit(b[i]) && is_letter(b[i + 1]) && glued_at(kind, data, size, digits_from(b, i)) == i + 1;
        if (!splits)
            return Py_NewRef(arg);
        PyObject *res = PyUnicode_New(size + splits, PyUnicode_MAX_CHAR_VALUE(arg));
        if (!res)
            return NULL;
        Py_UCS1 *ob = PyUnicode_1BYTE_DATA(res);
        Py_ssize_t o = 0, from = 0;
        for (Py_ssize_t i = 0; i + 1 < size; i++)
            if (is_digit(b[i]) && is_letter(b[i + 1]) && glued_at(kind, data, size, digits_from(b, i)) == i + 1) {
                memcpy(ob + o, b + from, (size_t)(i + 1 - from));
                o += i + 1 - from;
                ob[o++] = ' ';
                from = i + 1;
            }
        memcpy(ob + o, b + from, (size_t)(size - from));
        return res;
    }
    /* each width its own loop (PyUnicode_READ's switch folded away): measured, then written */
    int wide = kind == PyUnicode_4BYTE_KIND;
    out = wide ? rewrite(PyUnicode_4BYTE_KIND, data, size, NULL) : rewrite(PyUnicode_2BYTE_KIND, data, size, NULL);
    if (out == size) {
        Py_INCREF(arg);
        return arg;
    }
    PyObject *res = PyUnicode_New(out, PyUnicode_MAX_CHAR_VALUE(arg));
    if (!res)
        return NULL;
    char *od = (char *)PyUnicode_DATA(res);
    Py_ssize_t o = wide ? rewrite(PyUnicode_4BYTE_KIND, data, size, od) : rewrite(PyUnicode_2BYTE_KIND, data, size, od);
    assert(o == out), (void)o;
    return res;
}

/* ---------------------------------------------------------------------------------------------
 * other_words(middle: bytes, kept: bytes, room: int, longest: int) -> (bytes | None, int)
 *
 * Twin: deja.ingest.prepare.other_words_py (the cap's marker list). Both arguments are UTF-8
 * (surrogatepass). A word is a run of bytes that are ASCII letters, digits, `_` or >= 0x80. The
 * result: the distinct words of `middle`, first seen first, that are not in `kept` (ASCII case
 * aside), not a bare number of up to four digits, and (if ASCII) at most `longest` bytes; as
 * many of them as fit `room` bytes joined by spaces, and how many there were in all.
 *
 * Two open-addressing hash tables of (offset, length) slices, no object per word. The hash is
 * seeded per process; a probe sequence longer than MAX_PROBES (inputs crafted to collide) gives
 * up and returns None, and the caller runs the twin (Python's own hashing) instead: the work
 * here stays linear on any input.
 * ------------------------------------------------------------------------------------------- */

#define MAX_PROBES 64

typedef struct {
    uint64_t *slot; /* (word index + 1) << 32 | the hash's top 32 bits; 0 = empty */
    size_t mask;
} Table;

typedef struct {
    Py_ssize_t at, len;
    uint64_t hash;
} Word;

static uint64_t SEED;          /* set at import, from os.urandom */
static unsigned char WORD[256]; /* 1 for a byte words are made of, filled at import */

ALWAYS_INLINE unsigned char lower_byte(unsigned char b) { return (b >= 'A' && b <= 'Z') ? b + 32 : b; }

/* The 8 bytes of v with their ASCII capitals lowercased (bytes >= 0x80 untouched). */
ALWAYS_INLINE uint64_t lower8(uint64_t v) {
    const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
    uint64_t low7 = v & ~high;
    uint64_t upper = ((low7 + (0x80 - 'A') * ones) ^ (low7 + (0x80 - 'Z' - 1) * ones)) & ~v & high;
    return v | upper >> 2; /* 0x80 >> 2 == 0x20: 'A' -> 'a' */
}

/* A hash of p[0:n] (lowercased if `fold`), eight bytes at a time, seeded per process. */
static uint64_t hash_bytes(const unsigned char *p, Py_ssize_t n, int fold) {
    uint64_t h = SEED ^ ((uint64_t)n * 0x9e3779b97f4a7c15ULL), v;
    for (; n >= 8; p += 8, n -= 8) {
        memcpy(&v, p, 8);
        h = (h ^ (fold ? lower8(v) : v)) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    v = 0;
    memcpy(&v, p, (size_t)n);
    h = (h ^ (fold ? lower8(v) : v)) * 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

static int same_folded(const unsigned char *a, const unsigned char *b, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++)
        if (lower_byte(a[i]) != lower_byte(b[i]))
            return 0;
    return 1;
}

static int table_init(Table *t, Py_ssize_t words) {
    size_t cap = 16;
    while (cap < (size_t)words * 2 + 1)
        cap <<= 1;
    t->slot = PyMem_Calloc(cap, sizeof(uint64_t));
    t->mask = cap - 1;
    return t->slot ? 0 : -1;
}

/* Find `w` (bytes at wbase + w->at) among `words` (bytes at base) through `t`; insert it as
 * `index` if absent and `add`. Returns the index of the equal word, -1 when absent, -2 when
 * the probes ran out. */
static Py_ssize_t table_find(Table *t, Word *words, const unsigned char *base, const unsigned char *wbase,
                             const Word *w, int fold, int add, Py_ssize_t index) {
    size_t i = (size_t)w->hash & t->mask;
    uint32_t tag = (uint32_t)(w->hash >> 32);
    for (int probe = 0; probe < MAX_PROBES; probe++, i = (i + 1) & t->mask) {
        uint64_t s = t->slot[i];
        if (s == 0) {
            if (add)
                t->slot[i] = (uint64_t)(index + 1) << 32 | tag;
            return -1;
        }
        if ((uint32_t)s != tag)
            continue;
        Word *o = &words[(s >> 32) - 1];
        if (o->len == w->len) {
            const unsigned char *a = base + o->at, *b = wbase + w->at;
            if (fold ? same_folded(a, b, w->len) : memcmp(a, b, (size_t)w->len) == 0)
                return (Py_ssize_t)(s >> 32) - 1;
        }
    }
    return -2;
}

/* The words of data[0:n]: their slices, hashed (folded or not), into a new array. */
static Py_ssize_t split_words(const unsigned char *data, Py_ssize_t n, int fold, Word **out) {
    Py_ssize_t count = 0, cap = 0;
    Word *words = NULL;
    for (Py_ssize_t i = 0; i < n;) {
        if (!WORD[data[i]]) {
            i++;
            continue;
        }
        Py_ssize_t j = i;
        while (j < n && WORD[data[j]])
            j++;
        if (count == cap) {
            cap = cap ? cap * 2 : 256;
            Word *grown = PyMem_Realloc(words, (size_t)cap * sizeof(Word));
            if (!grown) {
                PyMem_Free(words);
                return -1;
            }
            words = grown;
        }
        words[count].at = i;
        words[count].len = j - i;
        words[count].hash = hash_bytes(data + i, j - i, fold);
        count++;
        i = j;
    }
    *out = words;
    return count;
}

static int short_number(const unsigned char *p, Py_ssize_t n) {
    if (n > 4)
        return 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (p[i] < '0' || p[i] > '9')
            return 0;
    return 1;
}

static int is_ascii(const unsigned char *p, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++)
        if (p[i] >= 0x80)
            return 0;
    return 1;
}

static PyObject *native_other_words(PyObject *self, PyObject *args) {
    Py_buffer mid, kept;
    Py_ssize_t room, longest;
    if (!PyArg_ParseTuple(args, "y*y*nn:other_words", &mid, &kept, &room, &longest))
        return NULL;
    const unsigned char *m = mid.buf, *k = kept.buf;
    Word *seen = NULL, *distinct = NULL, *picked = NULL;
    Table ts = {NULL, 0}, td = {NULL, 0};
    PyObject *res = NULL;
    Py_ssize_t nseen = split_words(k, kept.len, 1, &seen);
    Py_ssize_t nmid = nseen < 0 ? -1 : split_words(m, mid.len, 0, &distinct);
    if (nmid < 0 || table_init(&ts, nseen) < 0 || table_init(&td, nmid) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    if ((uint64_t)nseen >= UINT32_MAX || (uint64_t)nmid >= UINT32_MAX)
        goto collided; /* a slot holds a word's index in 32 bits: the twin takes 4G words and more */
    for (Py_ssize_t i = 0; i < nseen; i++) /* the kept words, folded */
        if (table_find(&ts, seen, k, k, &seen[i], 1, 1, i) == -2)
            goto collided;
    /* the middle's distinct words, first seen first, compacted to the front of `distinct` */
    Py_ssize_t nd = 0;
    for (Py_ssize_t i = 0; i < nmid; i++) {
        Word w = distinct[i];
        Py_ssize_t r = table_find(&td, distinct, m, m, &w, 0, 0, 0);
        if (r == -2)
            goto collided;
        if (r >= 0)
            continue;
        distinct[nd] = w;
        table_find(&td, distinct, m, m, &w, 0, 1, nd); /* the slot found free just now */
        nd++;
    }
    Py_ssize_t total = 0, size = 0, fit = 0;
    picked = PyMem_Malloc((size_t)(nd ? nd : 1) * sizeof(Word));
    if (!picked) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < nd; i++) {
        Word w = distinct[i];
        const unsigned char *p = m + w.at;
        if (short_number(p, w.len) || (w.len > longest && is_ascii(p, w.len)))
            continue;
        w.hash = hash_bytes(p, w.len, 1);
        Py_ssize_t r = table_find(&ts, seen, k, m, &w, 1, 0, 0);
        if (r == -2)
            goto collided;
        if (r >= 0)
            continue;
        if (size + w.len + 1 <= room && fit == total) { /* still a prefix that fits */
            size += w.len + 1;
            fit++;
        }
        picked[total++] = w;
    }
    res = PyBytes_FromStringAndSize(NULL, fit ? size - 1 : 0);
    if (res) {
        char *o = PyBytes_AS_STRING(res);
        for (Py_ssize_t i = 0; i < fit; i++) {
            if (i)
                *o++ = ' ';
            memcpy(o, m + picked[i].at, (size_t)picked[i].len);
            o += picked[i].len;
        }
        Py_SETREF(res, Py_BuildValue("(On)", res, total));
    }
    goto done;
collided:
    res = Py_BuildValue("(On)", Py_None, (Py_ssize_t)0);
done:
    PyMem_Free(seen);
    PyMem_Free(distinct);
    PyMem_Free(picked);
    PyMem_Free(ts.slot);
    PyMem_Free(td.slot);
    PyBuffer_Release(&mid);
    PyBuffer_Release(&kept);
    return res;
}

/* ---------------------------------------------------------------------------------------------
 * controls(sample: str) -> int
 *
 * Twin: deja.ingest.prepare.controls_py. How many characters of `sample` are ASCII control
 * characters other than tab, newline and carriage return (0x00-0x08, 0x0b, 0x0c, 0x0e-0x1f,
 * 0x7f) or U+FFFD (what an undecodable byte was read as): unblob's look at a record's head for
 * binary. The twin encodes the sample to UTF-8 to count them in C; this reads the str's own
 * storage (most of that look's cost was the encoding of non-ASCII text).
 * ------------------------------------------------------------------------------------------- */

static unsigned char CONTROL[128]; /* filled at import */

#define COUNT_CONTROLS(T)                                                                          \
    for (Py_ssize_t i = 0; i < n; i++) {                                                            \
        Py_UCS4 c = ((const T *)data)[i];                                                           \
        count += c < 128 ? CONTROL[c] : c == 0xFFFD;                                                \
    }

static PyObject *native_controls(PyObject *self, PyObject *arg) {
    if (!PyUnicode_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "controls: a str is needed");
        return NULL;
    }
    if (ENSURE_READY(arg) < 0)
        return NULL;
    const void *data = PyUnicode_DATA(arg);
    Py_ssize_t n = PyUnicode_GET_LENGTH(arg), count = 0;
    switch (PyUnicode_KIND(arg)) {
    case PyUnicode_1BYTE_KIND: COUNT_CONTROLS(Py_UCS1) break;
    case PyUnicode_2BYTE_KIND: COUNT_CONTROLS(Py_UCS2) break;
    default: COUNT_CONTROLS(Py_UCS4) break;
    }
    return PyLong_FromSsize_t(count);
}

#ifdef HAVE_STAT_SIGS
/* ---------------------------------------------------------------------------------------------
 * stat_sigs(paths: list[str], follow: bool) -> list[tuple[int, int, int, int, int, int] | None]
 *
 * Twin: deja.ingest.snapshot.stat_sigs_py. For each path what `os.stat` (`os.lstat` when not
 * `follow`) gives as (st_mode, st_ino, st_dev, st_size, st_mtime_ns, st_ctime_ns), or None where
 * it raises OSError. The freshness replay of `deja index` stats every store file (~24k at 5 GiB,
 * most of an append's time, nearly all of it in the kernel): here the stats run with the GIL
 * released, split over two threads when there are two cores and enough paths, and a run of paths
 * in one directory is stat'ed relative to that directory (fstatat on an O_PATH descriptor: the
 * kernel walks the directory's path once, not once per file). A directory that cannot be opened
 * so sends its paths to a plain stat each, which gives the same answer or errno.
 * Paths are encoded as os.stat encodes them (os.fsencode); a path holding a NUL raises
 * ValueError, as os.stat does.
 * ------------------------------------------------------------------------------------------- */

typedef struct {
    int err; /* 0, or the errno of the failed stat */
    mode_t mode;
    ino_t ino;
    dev_t dev;
    off_t size;
    struct timespec mtime, ctime;
} StatOut;

typedef struct {
    const char **paths;
    const Py_ssize_t *lens;
    StatOut *out;
    Py_ssize_t start, end;
    int flags; /* 0 or AT_SYMLINK_NOFOLLOW */
} StatJob;

#ifndef SAME_DIR_MIN
#define SAME_DIR_MIN 3
#endif /* a directory is opened for a run of at least this many of its files */

static Py_ssize_t dir_len(const char *path, Py_ssize_t len) { /* up to the last '/', or 0 */
    for (Py_ssize_t i = len - 1; i > 0; i--)
        if (path[i] == '/')
            return i;
    return 0;
}

static void stat_one(int dirfd, const char *path, int flags, StatOut *o) {
    struct stat st;
    if (fstatat(dirfd, path, &st, flags) != 0) {
        o->err = errno ? errno : EIO;
        return;
    }
    o->err = 0;
    o->mode = st.st_mode;
    o->ino = st.st_ino;
    o->dev = st.st_dev;
    o->size = st.st_size;
    o->mtime = st.ST_MTIM;
    o->ctime = st.ST_CTIM;
}

static void *stat_range(void *arg) {
    StatJob *job = (StatJob *)arg;
    Py_ssize_t i = job->start;
    while (i < job->end) {
        const char *p = job->paths[i];
        Py_ssize_t d = p[0] == '/' ? dir_len(p, job->lens[i]) : 0, j = i + 1;
        /* the run of paths after this one in the same directory (their names hold no '/') */
        while (d && j < job->end && job->lens[j] > d + 1 && memcmp(job->paths[j], p, d + 1) == 0 &&
               memchr(job->paths[j] + d + 1, '/', job->lens[j] - d - 1) == NULL)
            j++;
        if (d && j - i >= SAME_DIR_MIN && memchr(p + d + 1, '/', job->lens[i] - d - 1) == NULL) {
            char dir[PATH_MAX];
            int fd = -1;
            if (d < PATH_MAX) {
                memcpy(dir, p, d);
                dir[d] = 0;
                fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
            }
            for (; i < j; i++) {
                if (fd >= 0 && job->paths[i][d + 1] != 0)
                    stat_one(fd, job->paths[i] + d + 1, job->flags, &job->out[i]);
                else
                    stat_one(AT_FDCWD, job->paths[i], job->flags, &job->out[i]);
            }
            if (fd >= 0)
                close(fd);
            continue;
        }
        stat_one(AT_FDCWD, p, job->flags, &job->out[i]);
        i++;
    }
    return NULL;
}

#ifndef STAT_SPLIT_MIN
#define STAT_SPLIT_MIN 1024
#endif /* fewer paths than this are stat'ed on the calling thread alone */

static PyObject *ns_of(struct timespec t) { /* st_*_ns as os.stat computes it: sec * 10**9 + nsec */
    if (t.tv_sec > -9000000000LL && t.tv_sec < 9000000000LL)
        return PyLong_FromLongLong((long long)t.tv_sec * 1000000000LL + t.tv_nsec);
    PyObject *s = PyLong_FromLongLong((long long)t.tv_sec), *g = PyLong_FromLong(1000000000L);
    PyObject *n = PyLong_FromLong(t.tv_nsec), *m = s && g ? PyNumber_Multiply(s, g) : NULL;
    PyObject *r = m && n ? PyNumber_Add(m, n) : NULL;
    Py_XDECREF(s);
    Py_XDECREF(g);
    Py_XDECREF(n);
    Py_XDECREF(m);
    return r;
}

static PyObject *sig_of(const StatOut *o) {
    if (o->err)
        Py_RETURN_NONE;
    PyObject *dev = o->dev == (dev_t)-1 ? PyLong_FromLongLong(-1) : PyLong_FromUnsignedLongLong((unsigned long long)o->dev);
    return Py_BuildValue("(lKNLNN)", (long)o->mode, (unsigned long long)o->ino, dev, (long long)o->size,
                         ns_of(o->mtime), ns_of(o->ctime));
}

static PyObject *native_stat_sigs(PyObject *self, PyObject *args) {
    PyObject *list, *items, *result = NULL, *keep = NULL;
    int follow;
    if (!PyArg_ParseTuple(args, "O!p:stat_sigs", &PyList_Type, &list, &follow))
        return NULL;
    /* the paths held here while the GIL is released (another thread may change the list) */
    if (!(items = PyList_AsTuple(list)))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(items);
    const char **paths = PyMem_Malloc(sizeof(char *) * (n ? n : 1));
    Py_ssize_t *lens = PyMem_Malloc(sizeof(Py_ssize_t) * (n ? n : 1));
    StatOut *out = PyMem_Malloc(sizeof(StatOut) * (n ? n : 1));
    keep = PyList_New(0); /* the encoded copies of non-ASCII paths, alive until the stats are done */
    if (!paths || !lens || !out || !keep) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *s = PyTuple_GET_ITEM(items, i);
        if (!PyUnicode_Check(s)) {
            PyErr_SetString(PyExc_TypeError, "stat_sigs: paths must be str");
            goto done;
        }
        if (ENSURE_READY(s) < 0)
            goto done;
        if (PyUnicode_IS_ASCII(s)) { /* its data is its encoding: no copy */
            paths[i] = (const char *)PyUnicode_DATA(s);
            lens[i] = PyUnicode_GET_LENGTH(s);
        } else {
            PyObject *b = PyUnicode_EncodeFSDefault(s);
            if (!b || PyList_Append(keep, b) < 0) {
                Py_XDECREF(b);
                goto done;
            }
            Py_DECREF(b);
            paths[i] = PyBytes_AS_STRING(b);
            lens[i] = PyBytes_GET_SIZE(b);
        }
        if ((Py_ssize_t)strlen(paths[i]) != lens[i]) {
            PyErr_SetString(PyExc_ValueError, "embedded null byte");
            goto done;
        }
    }
    int flags = follow ? 0 : AT_SYMLINK_NOFOLLOW;
    StatJob jobs[2] = {{paths, lens, out, 0, n, flags}, {paths, lens, out, n, n, flags}};
    Py_BEGIN_ALLOW_THREADS
    pthread_t helper;
    int split = n >= STAT_SPLIT_MIN && sysconf(_SC_NPROCESSORS_ONLN) >= 2;
    if (split) {
        jobs[0].end = jobs[1].start = n / 2;
        split = pthread_create(&helper, NULL, stat_range, &jobs[1]) == 0;
        if (!split)
            jobs[0].end = n;
    }
    stat_range(&jobs[0]);
    if (split)
        pthread_join(helper, NULL);
    Py_END_ALLOW_THREADS
    result = PyList_New(n);
    if (!result)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *sig = sig_of(&out[i]);
        if (!sig) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, sig);
    }
done:
    PyMem_Free(paths);
    PyMem_Free(lens);
    PyMem_Free(out);
    Py_XDECREF(keep);
    Py_DECREF(items);
    return result;
}
#endif /* HAVE_STAT_SIGS */

/* --------------------------------------------------------------------------------------------- */

static PyMethodDef METHODS[] = {
    {"scan", native_scan, METH_VARARGS, "Redaction's needles and runs in one pass (twin: deja.native.scan_py)."},
    {"cjk_bigrams", native_cjk_bigrams, METH_O, "CJK runs as bigrams (twin: tokenizer.analyzer_input_py)."},
    {"other_words", native_other_words, METH_VARARGS, "The cap's word list (twin: prepare.other_words_py)."},
    {"controls", native_controls, METH_O, "Unblob's count of control characters (twin: prepare.controls_py)."},
#ifdef HAVE_STAT_SIGS
    {"stat_sigs", native_stat_sigs, METH_VARARGS, "The freshness replay's stats, GIL released (twin: snapshot.stat_sigs_py)."},
#endif
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "deja._native", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__native(void) {
    const char *strict = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
    for (const char *p = strict; *p; p++)
        STRICT[(unsigned char)*p] = WIDE[(unsigned char)*p] = 1;
    for (const char *p = "+/=.~"; *p; p++)
        WIDE[(unsigned char)*p] = 1;
    for (int c = 0; c < 0x20; c++) /* prepare._CONTROL_BYTES */
        CONTROL[c] = c != '\t' && c != '\n' && c != '\r';
    CONTROL[0x7f] = 1;
    for (int b = 0; b < 256; b++) /* a word: ASCII letters, digits, `_`, and every byte >= 0x80 */
        WORD[b] = b >= 0x80 || b == '_' || (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
    PyObject *os = PyImport_ImportModule("os"); /* the hash seed: 8 bytes from os.urandom */
    PyObject *r = os ? PyObject_CallMethod(os, "urandom", "i", 8) : NULL;
    Py_XDECREF(os);
    if (!r)
        return NULL;
    memcpy(&SEED, PyBytes_AS_STRING(r), sizeof SEED);
    Py_DECREF(r);
    return PyModule_Create(&MODULE); /* (an older build's rules are caught by native._PROBES) */
}
