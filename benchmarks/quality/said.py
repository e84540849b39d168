"""said: what the assistant said, asked later (issue 14, session 9, branch `assist`). A second dev
set beside `facts` for its weakest kind: "which laptop did you tell me to buy?", "what was the
second book you suggested?", 你上次推荐的那家店叫什么？, 你之前让我用哪个命令？

Unlike `facts`, where the answering line sits in a session about something else, here the answer is
an exchange as people have it: the person states a situation ("I need a laptop for travel, about
1,200 to spend") and the assistant's reply names its pick inside a longer turn ("Given that, the
ThinkPad X1 Carbon is the one I would pick"). What makes each probe hard, by construction:
- same-topic neighbours: `facts`' themes (pets, family, books, the shell, eating out, gear), each
  used twice, so the topic's words are in many replies;
- one or two decoy exchanges per probe in other sessions: the person asks about the same thing and
  the reply holds the question's words but names nothing ("a laptop for travel should weigh under
  1.3 kg"), or a reply about the topic names another kind of thing;
- the question says the assistant's act (recommend, tell me to, 推荐, 让我) and an ordinal ("the
  second"), which the reply does not say.

Built with memeval's machinery (Bank, Theme, the filler), 2 English HOMEs of 60 sessions and 2
Chinese of 50; every probe asked in every HOME (kind assistant-fact). Written for this set only, by
the engineer who tunes on it: a dev set's figures.
"""

from __future__ import annotations

import random

from memeval import Bank, _cap, _Home, fill, homes

import facts
import memeval_en
import memeval_zh

SEED = 20261208

# (question, [(side, line)] of the answering exchange, {slot: values}, [decoy exchanges])
Said = tuple[str, list[tuple[str, str]], dict[str, list[str]], list[list[tuple[str, str]]]]

EN: list[Said] = [
    ("Which laptop did you tell me to buy?",
     [("user", "I travel a lot for work and need a new laptop, I can spend about 1200"),
      ("assistant", "For that much travel, the {lap} is the one I would pick: light, and the battery lasts a full day")],
     {"lap": ["ThinkPad X1 Carbon", "MacBook Air", "Dell XPS 13"]},
     [[("user", "Should I buy a laptop or a desktop for video editing?"),
       ("assistant", "Buy a laptop only if you edit on the move; a desktop gives more power for the money")]]),
    ("What was the second book you suggested?",
     [("user", "I want to get better at managing my time, any reading?"),
      ("assistant", "Start with {b1} for the ideas, and after that read {b2}, which is more practical")],
     {"b1": ["Getting Things Done", "Essentialism", "The One Thing"], "b2": ["Make Time", "Indistractable", "Eat That Frog"]},
     [[("user", "I never finish the books people suggest to me"),
       ("assistant", "Stop a book at page fifty if it bores you; the second one you pick will go faster")]]),
    ("Which command did you tell me to run when the disk was full?",
     [("user", "The server says no space left on device and I cannot find what filled it"),
      ("assistant", "Run {cmd} and look at the largest folders first; old logs are the usual cause")],
     {"cmd": ["du -sh /var/* | sort -h", "ncdu /", "du -xh --max-depth=1 /"]},
     [[("user", "How do I check disk space on a server?"),
       ("assistant", "A full disk makes every command fail in strange ways, so check it whenever a service dies")]]),
    ("What did you suggest I name the kitten?",
     [("user", "We just got a grey kitten and nobody can agree on a name"),
      ("assistant", "For a grey kitten, how about {name}? It is easy to call across a garden")],
     {"name": ["Smokey", "Pebble", "Ash"]},
     [[("user", "My kitten bites my hands when we play"),
       ("assistant", "Give the kitten a toy to bite instead and stop the game whenever it bites skin")]]),
    ("Which restaurant did you recommend for my parents' visit?",
     [("user", "My parents visit next weekend and I want to take them somewhere quiet for dinner"),
      ("assistant", "For a quiet dinner with parents I would book {rest}: the tables are far apart and the menu is simple")],
     {"rest": ["Marlowe's", "The Green Door", "Casa Lina"]},
     [[("user", "Restaurants here are so loud, my parents hate it"),
       ("assistant", "Booking an early table is the easiest way to get a quiet restaurant anywhere")]]),
    ("Which password manager did you suggest for the family?",
     [("user", "My family reuses the same password everywhere, I want something we can all share"),
      ("assistant", "For a family I would go with {pm}: one shared vault, and it works on every phone")],
     {"pm": ["Bitwarden", "1Password", "Proton Pass"]},
     [[("user", "Is it safe to keep passwords in the browser?"),
       ("assistant", "A password manager is safer than the browser because the vault has its own master password")]]),
    ("What flag did you tell me to add to make git pull rebase?",
     [("user", "Every git pull makes a merge commit and the history is a mess"),
      ("assistant", "Add {flag} to the pull, or set it once in your config so every pull does it")],
     {"flag": ["--rebase", "--ff-only", "-r"]},
     [[("user", "How do I make git pull quieter?"),
       ("assistant", "Git pull fetches and then merges, so most of the noise is the merge step")]]),
    ("What time did you tell me to set the alarm for?",
     [("user", "I keep missing my early train, it leaves at 6:40"),
      ("assistant", "Set the alarm for {t} and put the phone across the room so you have to get up")],
     {"t": ["5:45", "5:50", "6:00"]},
     [[("user", "My alarm never wakes me up"),
       ("assistant", "A second alarm across the room works better than a louder one by the bed")]]),
]

ZH: list[Said] = [
    ("你上次推荐的那家店叫什么？",
     [("user", "周末想带爸妈吃顿安静点的饭"), ("assistant", "想安静的话可以去{rest}，桌子之间隔得远，菜也清淡")],
     {"rest": ["静园", "青藤小馆", "云水居"]},
     [[("user", "这附近的饭店都太吵了"), ("assistant", "想找安静的店，尽量订早一点的位子，人少很多")]]),
    ("你之前让我用哪个命令查磁盘？",
     [("user", "服务器提示磁盘满了，不知道是什么占的"), ("assistant", "先执行 {cmd} 看看哪个目录最大，一般是旧日志")],
     {"cmd": ["du -sh /var/*", "ncdu /", "df -h"]},
     [[("user", "怎么查服务器的磁盘空间？"), ("assistant", "磁盘满了很多命令都会莫名其妙地失败，服务挂了先查磁盘")]]),
    ("你推荐我的第二本书是什么？",
     [("user", "想提高一下时间管理，有什么书可以看？"), ("assistant", "先读《{b1}》理解思路，第二本再看《{b2}》，更偏实操")],
     {"b1": ["搞定", "精要主义", "要事第一"], "b2": ["番茄工作法图解", "深度工作", "吃掉那只青蛙"]},
     [[("user", "别人推荐的书我总是看不完"), ("assistant", "一本书看到五十页还没兴趣就放下，换一本会快很多")]]),
    ("你给我的小猫起的名字是什么？",
     [("user", "家里刚来了一只灰色的小猫，大家起名字吵了半天"), ("assistant", "灰色的小猫，叫「{name}」怎么样？好记也好喊")],
     {"name": ["煤球", "灰灰", "汤圆"]},
     [[("user", "小猫玩的时候老咬我的手"), ("assistant", "小猫咬手就给它一个玩具，咬到皮肤马上停止游戏")]]),
    ("你建议我买哪款笔记本？",
     [("user", "我经常出差，想换个笔记本，预算八千左右"), ("assistant", "经常出差的话我会选 {lap}，轻，续航能撑一整天")],
     {"lap": ["ThinkPad X1", "MacBook Air", "华为 MateBook X"]},
     [[("user", "剪视频买笔记本还是台式机？"), ("assistant", "只有经常在外面剪才买笔记本，同样的钱台式机性能强得多")]]),
    ("你说的那个密码管理器叫什么？",
     [("user", "家里人所有网站都用同一个密码，想找个能一起用的工具"), ("assistant", "一家人用的话我推荐 {pm}，有共享密码库，手机上也能用")],
     {"pm": ["Bitwarden", "1Password", "KeePassXC"]},
     [[("user", "把密码存在浏览器里安全吗？"), ("assistant", "密码管理器比浏览器安全，因为密码库有单独的主密码")]]),
    ("你让我把闹钟定在几点？",
     [("user", "早上六点四十的火车我总是赶不上"), ("assistant", "闹钟定在{t}，手机放到房间另一头，逼自己起床")],
     {"t": ["五点四十五", "五点五十", "六点"]},
     [[("user", "闹钟总是叫不醒我"), ("assistant", "第二个闹钟放远一点，比把声音调大更管用")]]),
    ("你之前推荐的那个拉伸动作是什么？",
     [("user", "久坐以后腰特别酸"), ("assistant", "每天早上做几组{stretch}，每侧保持三十秒，腰会舒服很多")],
     {"stretch": ["猫牛式", "婴儿式", "抱膝"]},
     [[("user", "跑步前要不要拉伸？"), ("assistant", "跑步前做动态拉伸，静态拉伸留到跑完以后")]]),
]

_EN_BANK = Bank("en", homes=2, per_home=0, themes=memeval_en.THEMES + facts.EN_THEMES * 2, probes=[],
                chatter=memeval_en.CHATTER, smalltalk=memeval_en.SMALLTALK, common=memeval_en.COMMON, turn=(100, 300), sessions=60)
_ZH_BANK = Bank("zh", homes=2, per_home=0, themes=memeval_zh.THEMES + facts.ZH_THEMES * 2, probes=[],
                chatter=memeval_zh.CHATTER, smalltalk=memeval_zh.SMALLTALK, common=memeval_zh.COMMON, turn=(180, 500), sessions=50)


def _exchange(home: _Home, at: int, turns: list[tuple[str, str]]) -> None:
    """The exchange, as a person's turn and the reply, inside session `at` after one of its replies;
    the reply's line among sentences of the session's topic, not first."""
    rng, t = home.rng, home.themes[at]
    w = home.words(t)
    spots = [i + 1 for i, (r, _) in enumerate(home.turns[at]) if r == "assistant"]
    pos = rng.choice(spots)
    new = []
    for side, line in turns:
        if side == "user":
            new.append(("user", [_cap(line)]))
        else:
            around = [_cap(fill(rng.choice(t.says), {}, {}, w, rng)) for _ in range(rng.randint(2, 4))]
            around.insert(rng.randint(1, len(around)), _cap(line))
            new.append(("assistant", around))
    home.turns[at][pos:pos] = new


def _build(bank: Bank, probes: list[Said], seed: int, tag: str) -> list[tuple[list, list[dict]]]:
    def plant(home: _Home, rng: random.Random, keys: list[str]) -> list[dict]:
        qs = []
        for ask, turns, pools, decoys in probes:
            vals = {k: rng.choice(v) for k, v in pools.items()}
            at = home.pick(set())
            home.busy.add(at)
            _exchange(home, at, [(s, fill(x, vals, pools, {}, rng)) for s, x in turns])
            for d in decoys:
                other = home.pick({at})
                home.busy.add(other)
                _exchange(home, other, d)
            qs.append({"question": ask, "keys": [keys[at]], "kind": "assistant-fact", "lang": bank.lang})
        return qs

    return homes(bank, seed, tag, plant)


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English ones, then the Chinese ones."""
    return _build(_EN_BANK, EN, seed, "se") + _build(_ZH_BANK, ZH, seed, "sz")
