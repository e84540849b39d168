"""Everyday words a question and the session that answers it put otherwise (issue 14).

A question about the person names the need ("what should I cook for my guests", "any tips for my
commute", 今晚有什么剧推荐), the session the preference or habit that answers it ("I've been
vegetarian for years", "I cycle to work", 我特别喜欢北欧犯罪剧). A question word of one of the
groups below brings the group's other words in as one optional clause per group (`clauses`):
searched as the forms of a token no text holds, so one aggregation counts them, on the person's
side only, weighed by the rarity of all of them together (a group of common words weighs little),
and in a session's coverage (what orders it) at most
RELATED_COVERAGE of what its own words leave uncovered (`coverage`); the tier is read from the
question's own words (search._graded), so no related word makes a session an exact match or
turns an honest "nothing" into a match.

The groups are small and hand-written (no dataset); a group is found by any of its `keys`, and
brings in its `words` (the keys of the other groups are not chained).
"""

from __future__ import annotations

# What a related clause weighs against its rarity (the idf of its words' summed record counts), in
# the session BM25, a record's score and a passage. Measured 0.35-1.5 on every set (in-process,
# docs/benchmarks.md "Issue 14, session 7"): prefs rises with it to 1.5, memeval falls past 1.0.
RELATED_WEIGHT = 1.0
# The share of a session's uncovered rarity that related words can make up, at most.
RELATED_COVERAGE = 0.5
# ... for a question that counts across sessions ("how many doctors have I seen"): its instances are
# said by name ("the dermatologist"), seldom by the category word, so the related words weigh more.
# Measured 1.0 / 1.5 / 2.0 on the counts dev set (docs/benchmarks.md, "Issue 14, session 8").
COUNT_WEIGHT = 1.5
# ... and a related clause weighs at most this share of the question's rarest own word: a question
# that names the thing itself ("how many times have I baked cinnamon rolls") is not answered by a
# session that only says another word of its group ("my sister's sourdough starter"). Measured 1.0
# / 1.25 / 1.5 / none (docs/benchmarks.md, "Issue 14, session 8"); prefs is level at every one.
RELATED_CAP = 1.25
# The prefix of a related clause's token: no tokenizer output starts with it.
MARK = "~"

# (keys: the words of a question that name the need, words: what the person says instead)
_GROUPS: tuple[tuple[str, str], ...] = (
    ("read reading book books novel novels author", "book books novel novels author authors read reading fiction"
     " series trilogy kindle library audiobook audiobooks"),
    ("watch watching show shows series film films movie movies tv  binge",
     "show shows series film films movie movies tv episode episodes season drama dramas documentary documentaries"
     " sitcom thriller thrillers binge binged watched watching netflix"),
    ("cook cooking dinner lunch meal meals recipe recipes dish dishes guests food eat snack snacks bake dessert",
     "vegetarian vegan meat fish dairy gluten allergic allergy intolerant diet spicy cook cooking recipe recipes"
     " dish dishes eat"),
    ("commute commuting drive driving office",
     "cycle cycling bike biking bicycle train bus subway metro tube tram drive driving car walk walking"),
    ("exercise workout workouts fitness gym training sport sports",
     "run running swim swimming yoga pilates gym climbing knee back injury hiking cycling"),
    ("music song songs playlist listen listening headphones concert",
     "music song songs album albums band bands playlist jazz classical rock guitar piano listen listening"),
    ("photo photos photography camera lens pictures",
     "camera lens shoot shooting shot photos photography mirrorless film"),
    ("video videos editing edit footage clip clips",
     "edit editing editor footage timeline premiere resolve cut video videos"),
    ("drink drinks coffee tea cafe café caffeine order",
     "coffee tea caffeine decaf espresso latte milk drink drinks"),
    ("gift gifts present presents birthday",
     "loves obsessed hobby collects into gift birthday"),
    ("trip travel holiday vacation flight flights hotel stay",
     "flying fly plane planes train hostel hostels hotel hotels apartment camping travel"),
    ("game games gaming play",
     "game games gaming console switch playstation xbox pc play played"),
    ("hobby hobbies learn learning",
     "learning practise practice lessons class hobby playing"),
    ("laptop computer pc phone",
     "linux mac macos windows android iphone laptop computer"),
    # a thing the person has, does or is, said by its instance, the way _ZH's 车 / 狗 / 乐器 / 语言 are:
    # "what car do I drive" / "the Skoda is in the garage again", "what pet" / "the cat knocked a mug
    # off", "which language am I learning" / "twenty minutes of Portuguese", "what is my wife's job" /
    # "she is on nights as a midwife". The categories are closed and everyday; their common instances.
    ("phone phones", "samsung galaxy pixel oneplus xiaomi huawei motorola nokia fairphone iphone android"),
    ("car cars", "toyota honda ford volkswagen vw skoda kia hyundai tesla bmw audi mercedes nissan renault peugeot"
     " vauxhall fiat volvo mazda subaru mini citroen jeep lexus porsche jaguar suzuki dacia polestar chevrolet"),
    ("dog dogs breed breeds puppy", "labrador retriever spaniel beagle terrier poodle collie whippet greyhound"
     " dachshund husky corgi pug bulldog schnauzer shepherd boxer rottweiler doberman chihuahua dalmatian lurcher"
     " cockapoo labradoodle setter pointer vizsla akita shiba puppy"),
    ("pet pets", "dog dogs cat cats kitten puppy parrot budgie rabbit bunny hamster gerbil guinea tortoise turtle"
     " goldfish fish ferret snake lizard gecko chinchilla"),
    ("instrument instruments", "piano guitar violin viola cello drums drum trumpet trombone flute clarinet oboe"
     " saxophone sax ukulele harp banjo accordion recorder tuba"),
    ("language languages", "spanish french german italian portuguese japanese korean mandarin cantonese arabic"
     " dutch greek russian hindi turkish swedish polish welsh hebrew"),
    ("job jobs career profession occupation", "nurse midwife doctor teacher engineer accountant lawyer solicitor"
     " architect pharmacist paramedic firefighter pilot chef baker electrician plumber designer dentist vet"
     " surgeon anaesthetist radiographer physiotherapist librarian journalist receptionist mechanic carpenter"),
    # the person's family said otherwise ("my youngest", "the boy"), as _ZH's 女儿 / 儿子 / 孩子 group
    ("daughter daughters", "girl youngest eldest oldest"),
    ("son sons", "boy lad youngest eldest oldest"),
    ("wife husband", "partner spouse"),
    # joining is said as signing up ("I signed up at the leisure centre")
    ("join joined", "signed enrolled membership member registered"),
    # where someone lives or works, put in other words ("relocate" / "moved to", "works" / "got a job"):
    # English beside _ZH's 住在 / 搬到 and 上班 / 入职. Not "work" nor "living" as keys: "how do I get to
    # work" asks the way there and "for a living" the job (each cost a dev set's answer).
    ("live lives relocate relocated based", "moved move moving relocated live lives living based"),
    ("works job career employer", "job works work employer hired joined career"),
    # the everyday facts people tell an assistant about themselves, asked by their category and told in
    # the words the answer says, sharing none with the question: "what's my blood type" / "I'm O
    # negative, the donor centre texts me", "what am I allergic to" / "peanuts give me hives", "what
    # medication do I take" / "levothyroxine every morning", "how many siblings" / "my two brothers",
    # "how do I get to the office" / "the 7:40 train", "what kind of home" / "our flat has no lift".
    # Measured and left out (each lowered a dev set): "work" (it asks the way there as often: "how do I
    # get to work"), "grow" (plants as often as a childhood), "university" (a name answers "where"),
    # sport's instances (a preference, "what sport should I take up", is answered by the reply), the
    # months for "birthday" (a mum's birthday fell behind other dates; "may" is a verb).
    ("blood", "negative positive donor donate donating donation rhesus"),
    ("allergic allergy allergies", "hives epipen anaphylaxis anaphylactic reaction rash swelling swell swells"
     " antihistamine antihistamines itchy intolerant"),
    ("diet diets", "vegan vegetarian pescatarian keto paleo halal kosher gluten dairy lactose meat carbs"),
    ("medication medications medicine medicines meds prescription prescriptions",
     "tablet tablets pill pills dose prescribed inhaler insulin statin statins antidepressant antidepressants"
     " levothyroxine metformin sertraline ramipril amlodipine atorvastatin simvastatin omeprazole lansoprazole"
     " bisoprolol salbutamol citalopram fluoxetine warfarin"),
    ("condition conditions illness illnesses disease diseases chronic diagnosis",
     "asthma diabetes diabetic eczema psoriasis arthritis migraine migraines epilepsy coeliac celiac ibs crohn"
     " hypertension thyroid anxiety depression adhd diagnosed"),
    ("study studied degree major",
     "graduated graduate degree bachelor masters phd bsc msc dissertation thesis chemistry physics maths"
     " mathematics biology economics law medicine engineering accounting finance psychology philosophy"
     " literature nursing"),
    ("hobby hobbies pastime", "pottery knitting crochet painting drawing sketching gardening woodworking sewing dancing"
     " salsa chess birdwatching climbing baking choir"),
    ("sibling siblings", "brother brothers sister sisters twin twins eldest youngest middle"),
    ("earn earns earning salary income wage wages", "salary raise bonus payslip grand"),
    # (not "studio" nor "detached": Android / Visual Studio, a detached HEAD, in a coding agent's
    # sessions, answered "what is in my home folder")
    ("home house", "flat apartment terrace bungalow cottage lift stairs"),
)

# What a count question's category is said as, one instance at a time ("how many hikes" - "we hiked
# up Mount Tam"; "how many doctors" - "the dermatologist appointment went fine"): for a question
# that counts across sessions (Query.counts) only, not for a preference or a state ("where do I
# stay when I travel" is not answered by "flew to Berlin").
_COUNTING: tuple[tuple[str, str], ...] = (
    ("hike hikes hiking hiked walk walks trek trekking",
     "hike hikes hiked hiking trail trails summit peak ridge path walked walking climbed mountain mount fells boots"),
    ("doctor doctors appointment appointments medical clinic checkup specialist specialists",
     "dermatologist cardiologist gp physio physiotherapist dentist surgeon specialist ophthalmologist optician"
     " consultant clinic hospital appointment checkup nurse scan prescription"),
    ("concert concerts gig gigs band bands live festival festivals",
     "concert concerts gig gigs live band bands arena venue festival symphony orchestra quartet tour encore"),
    ("restaurant restaurants eat ate dine dining",
     "restaurant restaurants bistro diner ramen sushi tacos pizzeria tasting brunch booked takeaway"),
    ("museum museums gallery galleries exhibition exhibitions",
     "museum museums gallery galleries exhibition exhibit exhibits installation collection"),
    ("bake baking baked cake cakes bread",
     "baked bake baking loaf bread sourdough cake cakes cookies muffins rolls focaccia scones pastry"),
    ("trip trips travel travelled traveled holiday holidays vacation vacations getaway",
     "flew flight flights visited stayed weekend nights abroad city"),
    ("gym workout workouts",
     "workout workouts lifted lifting weights deadlift squat squats bench spin circuits treadmill swam lengths"
     " trainer class"),
    ("repair repairs mechanic garage",
     "garage mechanic brakes brake tyres tires clutch exhaust service battery fixed replaced charged"),
    ("spend spent cost costs paid pay money",
     "paid pay charged cost costs spent bill price quid bucks euros dollars pounds"),
    ("cinema cinemas theatre theatres theater theaters",
     "cinema theatre theater imax screening multiplex film films movie movies watched"),
    ("race races marathon running",
     "race races 10k 5k marathon half parkrun ran medal finish"),
)

# Chinese: keys found anywhere in the question; words of two characters (one bigram of the index).
_ZH: tuple[tuple[str, str], ...] = (
    ("看书 读书 小说 书", "小说 作者 看书 读书 书迷"),
    ("看剧 追剧 剧 电影 节目", "剧集 美剧 韩剧 日剧 电影 纪录 追剧 综艺 看剧 悬疑 推理"),
    ("做饭 做菜 菜谱 吃饭 请客 吃什么 做什么菜 零食 点心 甜点", "吃素 素食 不吃 过敏 忌口 吃辣 清淡 做饭"),
    ("通勤 上班 上下班 去公司 到公司 去单位", "骑车 地铁 公交 开车 步行 单车 通勤"),
    ("运动 锻炼 健身", "跑步 游泳 瑜伽 健身 膝盖 爬山 骑车"),
    ("音乐 听歌 听点 听什么 耳机 歌", "音乐 古典 爵士 摇滚 乐队 钢琴 吉他 听歌"),
    ("剪视频 剪辑 视频 剪片", "剪辑 剪片 视频 剪映 软件"),
    ("喝什么 饮料 咖啡 茶", "咖啡 喝茶 花茶 奶茶 绿茶 红茶"),
    ("礼物 生日 送什么", "喜欢 迷上 爱好 礼物"),
    ("旅行 旅游 出行 酒店 住哪", "飞机 高铁 火车 民宿 酒店 自驾"),
    # the same person or thing put in other characters (a question about a fact the person said)
    ("女儿 儿子 孩子 小孩 闺女 宝宝", "女儿 儿子 孩子 小孩 闺女 宝宝"),
    ("老婆 妻子 爱人 太太 媳妇", "老婆 妻子 爱人 太太 媳妇"),
    ("老公 丈夫", "老公 丈夫 爱人"),
    ("女朋友 男朋友 对象", "女朋友 男朋友 对象 另一半"),
    ("上班 工作 公司 单位", "上班 工作 公司 单位 入职"),
    ("换工作 跳槽 入职 辞职", "跳槽 入职 辞职 离职 报到"),
    ("住在 住哪 住的 搬家 小区", "住在 搬到 搬去 搬家 小区 租房"),
    ("买的 买了 购买 入手 下单", "买的 买了 购买 入手 下单"),
    ("医院 看病 复查 门诊", "医院 看病 复查 门诊 挂号"),
    ("小时 钟头", "小时 钟头"),
    # the everyday facts people tell an assistant, in the words the answer says (the English above):
    # 血型 / 我是O型血, 过敏 / 一碰就起疹子, 生日 / 5月3号, 工资 / 税后到手, 兄弟姐妹 / 两个哥哥, 房子 / 老公房没电梯
    # (the home's kind only: 房租 房东 买房 answer a rent or a price, and put them before 我家房子有多大's area)
    ("血型", "型血 献血 阴性 阳性"),
    ("生日", "月 号 出生 周岁 过生"),
    ("过敏", "疹子 起疹 红疹 荨麻 发痒 肿了"),
    ("药 吃药 用药 药物", "一片 两片 服用 处方 剂量 他汀 二甲 优甲 阿司 降压 胰岛 激素"),
    ("基础病 慢性病 疾病 病史 什么病", "哮喘 糖尿 血压 偏头 湿疹 关节 胃炎 甲亢 甲减 抑郁 焦虑 确诊"),
    ("专业 大学 学历 毕业", "念的 读的 本科 硕士 博士 毕业 学位 化学 物理 数学 历史 经济 法学 医学 计算 会计 金融 中文 心理 护理"),
    ("工资 收入 薪水 月薪 挣多少 赚多少", "到手 税后 税前 月薪 年薪 工资 薪水 收入"),
    ("房子 住房", "电梯 楼梯 步梯 顶楼 公房 老房 平房 别墅 公寓 一居 两居 三居"),
    ("兄弟姐妹", "哥哥 姐姐 弟弟 妹妹 老大 老二 独生 排行"),
    ("长大 老家 家乡", "老家 家乡 出生 从小 土生 长大"),
    # a thing the person has, said by its make or kind (the English "laptop computer pc phone")
    ("手机", "苹果 华为 小米 三星 荣耀 安卓 iphone"),
    ("车 汽车", "丰田 本田 大众 宝马 奔驰 奥迪 比亚 理想 蔚来 电车 油车 日产 福特 现代 起亚 别克 特斯 吉利 长安 哈弗 红旗"),
    ("狗", "柯基 金毛 柴犬 泰迪 边牧 比格 博美 拉布"),
    ("健身房", "年卡 月卡 会员 办卡 私教 团课"),
    ("宠物", "猫咪 小猫 狗狗 小狗 鹦鹉 兔子 仓鼠 金鱼 乌龟 柯基 金毛 柴犬 泰迪 边牧 比熊"),
    ("乐器", "钢琴 吉他 古筝 二胡 提琴 长笛 口琴 琵琶 小号 长号 萨克 单簧 竖琴 手风"),
    ("语言 外语", "英语 日语 韩语 法语 德语 俄语 牙语 兰语 利语 腊语 伯语"),
    ("做什么工作 什么工作 职业 干什么的 做什么的", "护士 医生 老师 教师 会计 律师 程序 设计 司机 厨师 警察 销售 记者 编辑"
     " 助产 麻醉 药剂 保安 工程 面包 放射"),
)
_ZH_COUNTING: tuple[tuple[str, str], ...] = (
    ("健身房 健身 锻炼 撸铁", "撸铁 练腿 练背 卧推 深蹲 器械 单车 教练 私教 操课"),
    ("书 看书 读书 小说", "看完 读完 这本 那本"),
    ("医生 医院 看病 大夫", "医院 医生 大夫 看病 挂号 门诊 体检 拔牙 牙医 针灸 中医 眼科 复查"),
    ("爬山 徒步 登山", "爬山 徒步 登山 山顶 日出 下山 上山 步道"),
    ("电影 影院 电影院", "影院 电影 午夜 场次 首映 动画"),
    ("修车 修理 维修", "刹车 补胎 保养 机油 维修 修车 换胎 年检"),
    ("出去玩 旅游 旅行", "玩回 景点 机票 自驾 行程"),
    ("餐厅 饭店 馆子", "餐厅 饭店 新开 打卡 排队 人均 火锅 烤肉"),
)


def _index() -> tuple[dict[str, list[int]], list[list[str]]]:
    keys: dict[str, list[int]] = {}
    words: list[list[str]] = []
    for g, (k, w) in enumerate((*_GROUPS, *_ZH, *_COUNTING, *_ZH_COUNTING)):
        for key in k.split():
            keys.setdefault(key, []).append(g)
        words.append(w.split())
    return keys, words


_KEYS, _WORDS = _index()
# The groups that name a kind by its instances (phone: pixel iphone; 车: 丰田 本田): none of their words
# is one of their keys. The others put the same thing in other words (买的: 入手 下单; live: moved
# relocated) and say no value. (search.recency: a change naming an instance of the kind asked states it.)
_KINDS = [set(w.split()) for k, w in (*_GROUPS, *_ZH) if not set(k.split()) & set(w.split())]


def kind(words: list[str]) -> bool:
    """Is `words` (one of groups()'s lists) the instances of a kind (_KINDS)?"""
    return any(set(words) <= g for g in _KINDS)
_ZH_KEYS = sorted((k for k in _KEYS if not k.isascii()), key=len, reverse=True)
_FIRST_COUNTING = len(_GROUPS) + len(_ZH)  # the groups from here on are _COUNTING's and _ZH_COUNTING's


def groups(text: str, words: set[str], counts: bool = False) -> list[list[str]]:
    """The related words of each group a question names: by its content `words` (English) or
    by a key in its `text` (Chinese); a group's words the question holds itself are left out.
    A count question's groups (_COUNTING) only when it `counts`."""
    found: list[int] = []
    for g in [g for w in sorted(words) for g in _KEYS.get(w, ())] + [g for k in _ZH_KEYS if k in text for g in _KEYS[k]]:
        if g not in found and (counts or g < _FIRST_COUNTING):
            found.append(g)
    out = []
    for g in found:
        rest = [w for w in _WORDS[g] if w not in words and not (not w.isascii() and w in text)]
        if rest:
            out.append(rest)
    return out


def coverage(own: float, related: float) -> float:
    """A session's coverage, as its rank reads it: its own words' share, plus its related words'
    share up to RELATED_COVERAGE of what the own words leave uncovered (never 1.0 without every
    own word). The tier (a match, an exact one, or "nothing") is read from the own share alone."""
    return own + min(related, RELATED_COVERAGE * (1.0 - own))


def clauses(related: list[list[str]], doc_freq, own: set[str]) -> tuple[list[tuple[str, ...]], dict[str, list[str]]]:
    """One clause per group (a token no text holds, MARK and its number) and its forms: the
    group's words and their English forms that some record holds (`doc_freq` of a one-token
    clause), but none of the question's own words and forms (`own`)."""
    from deja.search.signals import forms
    from deja.text.tokenizer import tokens

    out: list[tuple[str, ...]] = []
    alts: dict[str, list[str]] = {}
    for g, words in enumerate(related):
        terms: list[str] = []
        for w in words:
            toks = tokens(w)
            if len(toks) != 1:
                continue
            for t in (toks[0], *forms(toks[0])):
                if t not in terms and t not in own and doc_freq((t,)):
                    terms.append(t)
        if terms:
            token = f"{MARK}{g}"
            out.append((token,))
            alts[token] = terms
    return out, alts
