"""Held-out banks: other facts, other phrasings and another seed than the tuning banks in
synth.py. Written before tuning and scored only at the end (docs/benchmarks.md says when), so a
gain seen on the tuning banks can be told from a gain that generalises.
"""

from __future__ import annotations

from synth import Bank, Fact

_TOOLS = ["Terraform", "Pulumi", "Ansible", "Helm", "Nomad", "Kustomize", "Packer", "Vagrant", "Chef", "Salt", "Crossplane", "Bicep"]
_TEAMS = ["checkout", "onboarding", "growth", "identity", "catalog", "fulfilment", "pricing", "loyalty", "returns", "inventory", "shipping", "refunds"]
_LANGS = ["Rust", "Go", "Kotlin", "Elixir", "Scala", "Zig", "OCaml", "Haskell", "Swift", "Clojure", "Crystal", "Nim"]
_BOOKS = ["The Pragmatic Programmer", "Designing Data-Intensive Applications", "Dune", "The Left Hand of Darkness",
          "Thinking, Fast and Slow", "Project Hail Mary", "The Mythical Man-Month", "Piranesi", "Sapiens", "Klara and the Sun"]
_DISHES = ["mushroom risotto", "lamb tagine", "pad thai", "shakshuka", "beef rendang", "spinach lasagna", "miso ramen", "paella", "pierogi", "jollof rice"]
_GUESTS = ["my in-laws", "the book club", "my old roommates", "the new neighbours", "my cousins", "my running group", "two colleagues", "my sister's family"]
_BUGS = ["dropped websocket frames", "duplicated invoices", "stale avatars", "wrong currency rounding", "missing push notifications",
         "slow cold starts", "expired share links", "broken password resets"]
_FIXES = ["pinning the client library to the previous minor release", "moving the cleanup into a background job",
          "invalidating the CDN path on every upload", "rounding with banker's rounding at the very end",
          "re-registering device tokens after login", "keeping one warm instance in each region",
          "signing the links for seven days instead of one", "sending the reset mail from a dedicated domain"]
_VENUES = ["the rooftop bar", "a tiny ramen place", "the botanical garden", "an escape room", "the bowling alley", "a jazz club", "the climbing gym", "a karaoke box"]
_EVENTS = ["team offsite", "farewell party", "hackathon kickoff", "quarterly planning", "launch celebration", "summer party", "retro dinner", "new-hire welcome"]
_AMOUNTS = ["1,200 dollars", "800 euros", "350 pounds", "2,500 dollars", "90 dollars", "4,000 euros", "640 dollars", "175 euros"]
_PURCHASES = ["standing desk", "espresso machine", "road bike", "mechanical keyboard", "noise-cancelling headphones", "drone", "sofa", "telescope"]

EN_HELDOUT = Bank(
    name="ho",
    facts=[
        Fact({"tool": _TOOLS, "team": _TEAMS},
             [("user", "The {team} folks asked what we standardised on for provisioning."),
              ("assistant", "We agreed on {tool} for every {team} environment; the old shell scripts are being retired.")],
             ["What provisioning tool did the {team} team end up standardising on?", "For {team} infrastructure, which tool was chosen?"],
             [[("user", "{tool} state files keep growing, is that normal?"),
               ("assistant", "It happens; prune old resources and split the state by environment.")],
              [("user", "The {team} dashboard is missing yesterday's numbers."),
               ("assistant", "The nightly job failed; rerun it and the numbers will show up.")]]),
        Fact({"lang": _LANGS, "svc": _TEAMS},
             [("user", "I rewrote the {svc} pricing engine prototype in {lang} over the weekend, it's twice as fast."),
              ("assistant", "Impressive. If {lang} holds up in the benchmarks, the {svc} team could adopt it for the real engine.")],
             ["What language did I use for the {svc} prototype?", "Which language was the {svc} engine prototype written in?"],
             [[("user", "Is {lang} hard to hire for?"),
               ("assistant", "The pool is smaller, but the people who know it tend to be strong.")]]),
        Fact({"book": _BOOKS, "month": ["January", "March", "May", "July", "September", "November", "December", "April", "June", "August"]},
             [("user", "Just finished {book}, took me most of {month} but it was worth it."),
              ("assistant", "Great pick. {book} stays with you; want a recommendation for what to read next?")],
             ["Which book did I finish in {month}?", "What was I reading during {month}?"],
             [[("user", "My friend recommended {book}, is it any good?"),
               ("assistant", "Many people love it, though it starts slowly.")]]),
        Fact({"dish": _DISHES, "guests": _GUESTS},
             [("user", "Cooked {dish} for {guests} last night and there were no leftovers at all."),
              ("assistant", "That's the best review a cook can get. {dish} is a crowd pleaser.")],
             ["What did I cook for {guests}?", "What was the dish I made when {guests} came over?"],
             [[("user", "Any tips for a good {dish}? Mine always turns out bland."),
               ("assistant", "Season in layers, toast the spices, and finish with acid.")],
              [("user", "{guests} are visiting next month, where should we take them?"),
               ("assistant", "A walking tour and a long lunch are always safe choices.")]]),
        Fact({"bug": _BUGS, "fix": _FIXES},
             [("user", "Users keep reporting {bug}. I'm out of ideas."),
              ("assistant", "I traced it and the fix was {fix}. The reports stopped after the deploy.")],
             ["How did we get rid of the {bug}?", "What finally solved the {bug} problem?"],
             [[("user", "Can you write a status page update about {bug}?"),
               ("assistant", "We are aware of the issue and working on it; next update in one hour.")]]),
        Fact({"venue": _VENUES, "event": _EVENTS},
             [("user", "Booked {venue} for the {event}, they had exactly one evening left."),
              ("assistant", "Lucky! {venue} will be a memorable spot for the {event}.")],
             ["Where is the {event} going to be?", "Which place did I book for the {event}?"],
             [[("user", "Who is organising the {event} this year?"),
               ("assistant", "Usually whoever volunteers first; ask in the team channel.")]]),
        Fact({"item": _PURCHASES, "amount": _AMOUNTS},
             [("user", "Treated myself to a {item}. It cost {amount}, but I use it every day."),
              ("assistant", "Sounds like a good investment if you use the {item} daily.")],
             ["How much did I pay for the {item}?", "What did the {item} I bought cost me?"],
             [[("user", "Should I get a {item} or save the money?"),
               ("assistant", "If it solves a daily annoyance, it is usually worth it.")]]),
    ],
    filler_user=[
        "Could you turn these notes about the {noun} into a short summary?",
        "I keep postponing the {noun}. How do I just start?",
        "What questions should I ask before changing the {noun}?",
        "Is it normal that the {noun} takes this long?",
        "Give me three names for a new {noun}.",
        "I had a weird dream about a {noun} and a train, what could it mean?",
        "What is a good routine for a busy week?",
        "How do I say no to a meeting politely?",
    ],
    filler_assistant=[
        "Start with the smallest piece you can finish today; momentum does the rest.",
        "Ask who depends on the {noun}, what breaks if it changes, and how you would undo it.",
        "It can be normal early on; if it keeps growing, measure where the time goes.",
        "A polite no names the reason, offers an alternative, and thanks them for thinking of you.",
        "Here is a summary in three bullet points, each one sentence long.",
        "Dreams mix recent worries with old memories; the {noun} is probably just on your mind.",
        "Block the mornings for focused work and keep the afternoons for people.",
    ],
    fills={"noun": ["proposal", "garage", "portfolio", "wiki page", "quarterly review", "side project", "thesis", "photo album",
                    "spreadsheet", "playlist", "pipeline", "contract"]},
    filler_sessions=100,
)

_ZH_TOOLS = ["Jenkins", "GitLab CI", "Argo CD", "Drone", "TeamCity", "Tekton", "Buildkite", "CircleCI"]
_ZH_TEAMS = ["订单组", "会员组", "物流组", "客服组", "营销组", "财务组", "风控组", "数据组"]
_ZH_BOOKS = ["三体", "活着", "围城", "白鹿原", "平凡的世界", "红楼梦", "边城", "呐喊"]
_ZH_DISHES = ["红烧肉", "麻婆豆腐", "酸菜鱼", "宫保鸡丁", "糖醋排骨", "水煮牛肉", "回锅肉", "小龙虾"]
_ZH_GUESTS = ["爸妈", "大学同学", "新同事", "表姐一家", "邻居", "老朋友"]
_ZH_BUGS = ["支付回调丢失", "验证码收不到", "头像显示旧图", "金额四舍五入错误", "推送重复发送", "导出文件乱码", "登录状态失效", "图片加载很慢"]
_ZH_FIXES = ["给回调加了幂等校验", "换了一家短信供应商", "上传后刷新了CDN缓存", "统一在最后一步做舍入", "推送前先按消息编号去重",
             "导出时改用带BOM的UTF-8", "把令牌有效期改成七天", "图片改成按需压缩"]

ZH_HELDOUT = Bank(
    name="hz",
    facts=[
        Fact({"tool": _ZH_TOOLS, "team": _ZH_TEAMS},
             [("user", "{team}问我们的持续集成最后统一用什么。"),
              ("assistant", "统一用{tool}，{team}以前的脚本这个月下线。")],
             ["{team}的持续集成最后定的是哪个工具？", "我们之前给{team}选的CI工具是什么？"],
             [[("user", "{tool}的构建越来越慢了。"),
               ("assistant", "可以加缓存，再把测试拆成几组并行跑。")]]),
        Fact({"book": _ZH_BOOKS, "month": ["一月", "三月", "五月", "七月", "九月", "十一月", "二月", "六月"]},
             [("user", "终于读完了《{book}》，整个{month}都在看。"),
              ("assistant", "好书！《{book}》值得慢慢读，要不要推荐下一本？")],
             ["我{month}读完的是哪本书？", "我{month}在读什么书？"],
             [[("user", "朋友推荐我看《{book}》，好看吗？"),
               ("assistant", "很多人喜欢，不过开头有点慢。")]]),
        Fact({"dish": _ZH_DISHES, "guests": _ZH_GUESTS},
             [("user", "昨晚给{guests}做了{dish}，一点都没剩。"),
              ("assistant", "这是对厨师最好的评价，{dish}确实很受欢迎。")],
             ["我给{guests}做的是什么菜？", "{guests}来的时候我做了什么？"],
             [[("user", "{dish}怎么做才不会太咸？"),
               ("assistant", "少放酱油，出锅前再尝一下。")]]),
        Fact({"bug": _ZH_BUGS, "fix": _ZH_FIXES},
             [("user", "用户一直反馈{bug}，我没办法了。"),
              ("assistant", "查到了，最后是{fix}，上线以后就没有再出现。")],
             ["{bug}的问题最后是怎么解决的？", "之前{bug}是怎么修好的？"],
             [[("user", "帮我写一个关于{bug}的公告。"),
               ("assistant", "我们已经注意到这个问题，正在处理，一小时后更新。")]]),
    ],
    filler_user=[
        "帮我把这些关于{noun}的笔记整理成摘要。",
        "我总是拖着不做{noun}，怎么开始？",
        "改{noun}之前应该问哪些问题？",
        "这周特别忙，有什么好的安排吗？",
        "怎么礼貌地拒绝一个会议？",
    ],
    filler_assistant=[
        "先做今天能完成的最小一步，后面就顺了。",
        "问一下谁依赖这个{noun}，改了会坏什么，怎么回退。",
        "上午留给专注的工作，下午留给沟通。",
        "礼貌的拒绝要说明原因，给出替代方案，并表示感谢。",
    ],
    fills={"noun": ["方案", "车库", "作品集", "季度总结", "副业", "论文", "相册", "表格", "流水线", "合同"]},
    filler_sessions=60,
)

BANKS = {"heldout-en": (EN_HELDOUT, 1007), "heldout-zh": (ZH_HELDOUT, 1009)}
