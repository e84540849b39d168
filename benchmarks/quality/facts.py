"""facts: a fact said once, in passing, asked later in other words (issue 14, session 9, branch
`facts`). A dev set for the largest group of questions: what the person said about themselves
(their dog's breed, where their sister works) and what the assistant told them (the second book it
recommended, the command that fixed the permissions), in English and Chinese.

What makes each probe hard, by construction:
- the answer line sits inside a session about something else and shares one or two of the
  question's words, the rest said otherwise (breed / "a beagle puppy", works / "got a job at",
  recommended / "I would suggest", 乐器 / 在学大提琴);
- same-topic neighbours: this set's own filler themes are about the questions' topics (pets,
  family, books, the shell, eating out, gear), each used twice, so the topic words are in many
  sessions;
- decoy lines in other sessions hold the question's words and not the answer ("my neighbour's dog
  barks every morning", "you recommended me a podcast once").

Built with memeval's machinery (Bank, Probe, Theme, build_bank): 3 English HOMEs of 80 sessions and
3 Chinese HOMEs of 60, memeval's filler chats plus the themes below; every probe asked in every
HOME (kinds user-fact and assistant-fact; one abstention per language). Written for this set only,
by the engineer who tunes on it: a dev set's figures.
"""

from __future__ import annotations

from memeval import Bank, Probe, Theme, build_bank

import memeval_en
import memeval_zh

SEED = 20261207

EN_THEMES = [
    Theme("/home/alex/notes", [
        "How do I stop my dog pulling on the lead?", "Which dog breed is calm enough for a small flat?",
        "My cat keeps scratching the sofa, any ideas?", "How often should a dog see the vet?",
        "Is dry food or wet food better for an older cat?",
    ], [
        "Most pulling stops once walking beside you is the only way the walk continues, so stand still whenever the lead goes tight",
        "Breed matters less than energy level; a tired dog of any breed is a calm dog",
        "Give the cat a tall scratching post next to the sofa and reward it every time it uses the post",
        "A healthy adult dog needs a vet check once a year, a senior one twice",
        "Older cats often drink too little, so some wet food helps their kidneys",
        "Short training sessions of five minutes work better than one long one",
        "Pet insurance is cheapest when the animal is young and has no history",
        "A puzzle feeder slows down a fast eater and keeps a bored pet busy",
    ]),
    Theme("/home/alex/notes", [
        "My sister and I keep arguing about our parents' care, how do we split it fairly?",
        "What is a good birthday present for my brother who has everything?",
        "How do I help my daughter with maths homework without doing it for her?",
        "My son does not want to go to school in the mornings, what can I do?",
        "How do we plan a family holiday that suits both grandparents and kids?",
    ], [
        "Write down every task the care involves and who can do it, then split by time rather than by money",
        "An experience usually beats an object for someone who has everything: a class, a trip, a concert",
        "Ask her to explain the problem back to you in her own words before you say anything",
        "Morning resistance at school age is often about one specific thing, a class or a friend, so ask gently",
        "Pick a place with short walks and a pool, so both ends of the family have something to do",
        "Siblings who share the work openly tend to argue less than those who keep score quietly",
        "A shared family calendar removes half of the scheduling arguments",
        "Children copy how adults handle frustration more than anything they are told",
    ]),
    Theme("/home/alex/notes", [
        "Can you recommend a book for a long flight?", "I want to read more non-fiction, where do I start?",
        "How do I keep a reading habit when I am busy?", "Are audiobooks as good as reading?",
        "Which book should our book club pick next month?",
    ], [
        "Ten pages a day adds up to about fifteen books a year, which is more than most people read",
        "For a long flight pick something with short chapters so interruptions do not hurt",
        "Non-fiction is easier to start with a topic you already argue about with friends",
        "Audiobooks count; you remember less detail but just as much of the story",
        "A book club works best with a book that people can disagree about",
        "Keep the next book on the bedside table before you finish the current one",
        "Library apps let you borrow e-books for free with a library card",
        "Abandoning a book you do not enjoy is allowed and makes room for one you will",
    ]),
    Theme("/home/alex/src/ops", [
        "Why do I get permission denied when the service writes to its folder?",
        "Which command shows what is filling up the disk?", "How do I run a command as another user?",
        "What is the difference between chmod and chown?", "How do I undo a change on the server safely?",
    ], [
        "Permission denied usually means the process runs as a user that does not own the folder",
        "chmod changes what the owner, the group and others may do; chown changes who the owner is",
        "du with a depth limit, sorted by size, shows the largest folders first",
        "sudo -u runs a single command as another user without switching the whole shell",
        "Check the group membership of the service user before changing any mode bits",
        "Take a copy of a config file before editing it so undoing is one move",
        "Logs under /var/log usually say which path the process could not open",
        "A umask set in the service file decides the mode of the files it creates",
    ]),
    Theme("/home/alex/notes", [
        "Where should we go for dinner on a Friday night?", "Can you suggest a restaurant for a work lunch?",
        "How do I find good food when I travel?", "Is a tasting menu worth the money?",
        "What should I order at a ramen place?",
    ], [
        "For a Friday night book at least a week ahead, or go early, before seven",
        "A work lunch needs a quiet room and a short menu, so nobody waits forty minutes",
        "Walk two streets away from the main square and prices drop while quality goes up",
        "A tasting menu is worth it once a year for a special evening, less so as a habit",
        "At a ramen place try the house broth first; the toppings are the easy part to vary",
        "Reviews that mention the staff by name tend to be honest",
        "Ask the waiter what they eat on their break, it is usually the best dish",
        "Lunch menus are often the same kitchen at half the dinner price",
    ]),
    Theme("/home/alex/notes", [
        "Which laptop should I buy for programming?", "Do I need a password manager?",
        "What headphones are good for an open office?", "Should I get a tablet or a laptop for travel?",
        "How long should a phone last before I replace it?",
    ], [
        "For programming, memory matters more than the processor: sixteen gigabytes at least",
        "A password manager is the single change that most improves your security",
        "Noise cancelling matters more than sound quality in an open office",
        "A tablet is lighter but a small laptop runs everything you already use",
        "A phone lasts four to five years if the battery is replaced once",
        "Buy the model one generation old and the price drops by a third",
        "Check the keyboard in a shop before buying any laptop online",
        "A laptop stand and an external keyboard save your neck on long days",
    ]),
]

P = Probe
EN_PROBES = [
    # what the person said, in other words than the question's
    P("user-fact", "What breed is my dog?", [("user", "We finally brought home a {breed} puppy from the rescue, the first dog I have ever had, and he already chewed through a charger")],
      {"breed": ["beagle", "whippet", "border collie"]},
      ["My neighbour's dog barks every morning at six", "What breed of cat sheds the least, in general?"]),
    P("user-fact", "Where did I say my sister works?", [("user", "My sister just got a job at {org} as an analyst, so she is moving in the spring")],
      {"org": ["Deloitte", "the city council", "a biotech startup"]},
      ["My sister works way too many hours, honestly", "Where does everyone work these days, home or office?"]),
    P("user-fact", "Which school does my daughter go to?", [("user", "Our daughter started at {school} this term and already loves the art teacher")],
      {"school": ["Maple Grove Elementary", "St. Anne's", "Riverside Primary"]},
      ["School holidays start next week and I have no plan", "My daughter wants a phone for her birthday"]),
    P("user-fact", "How old is my son?", [("user", "My son turned {n} in March and now he wants a bike with gears")],
      {"n": ["four", "six", "seven"]}, ["My son asked me how old the moon is", "How old should a kid be for a first phone?"]),
    P("user-fact", "What car do I drive?", [("user", "The car needs new tyres before winter, the {car} has done ninety thousand miles")],
      {"car": ["old Golf", "Subaru Outback", "Prius"]},
      ["I might drive to the coast this weekend", "What car would you get for a family of four?"]),
    P("user-fact", "Where does my brother live?", [("user", "My brother moved out to {city} last spring and his rent there is wild")],
      {"city": ["Lisbon", "Denver", "Glasgow"]},
      ["My brother wants to learn the guitar", "Where do people live when they commute into the city?"]),
    P("user-fact", "What's my cat called?", [("user", "Our cat {cat} knocked a glass off the table again this morning")],
      {"cat": ["Miso", "Pickle", "Biscuit"]}, ["My cat hates the vet more than anything", "Cat food prices went up again"]),
    P("user-fact", "What instrument do I play?", [("user", "I played the {inst} for an hour before band rehearsal and my fingers hurt")],
      {"inst": ["cello", "trumpet", "bass guitar"]},
      ["Which instrument is easiest for a child to learn?", "I play tennis on Thursdays with a friend"]),
    P("user-fact", "Which gym did I join?", [("user", "Signed up at {gym} downtown, the gym membership was half price in January")],
      {"gym": ["Iron Works", "FitLab", "the Y on Elm Street"]},
      ["The gym was packed tonight", "Did I tell you I might join a running club?"]),
    P("user-fact", "What does my wife do for a living?", [("user", "My wife teaches {subj} at the high school, so her summers are quiet")],
      {"subj": ["chemistry", "Spanish", "history"]},
      ["My wife and I argued about where to go on holiday", "What do people do for a living around here?"]),
    # what the assistant said
    P("assistant-fact", "What was the second book you recommended me?",
      [("assistant", "The first book I would suggest is {b1}, and after that pick up {b2}, which is lighter and more practical")],
      {"b1": ["Thinking, Fast and Slow", "Sapiens", "The Design of Everyday Things"], "b2": ["Atomic Habits", "Deep Work", "Four Thousand Weeks"]},
      ["I have a stack of books I never finished", "You recommended me a podcast once and I forgot which"]),
    P("assistant-fact", "Which command did you tell me to run to fix the permissions?",
      [("assistant", "Run {cmd} on that folder and the deploy user will have write permission there again")],
      {"cmd": ["chmod -R g+w /srv/app", "chown -R deploy:deploy /var/www", "setfacl -m u:deploy:rwx /data"]},
      ["Permissions on the shared drive are a mess again", "Which command shows the disk usage per folder?"]),
    P("assistant-fact", "Which restaurant did you suggest for our anniversary?",
      [("assistant", "For an anniversary dinner, {rest} by the river does a tasting menu and takes bookings a month ahead")],
      {"rest": ["Luca's", "The Olive Room", "Saffron House"]},
      ["The anniversary falls on a Saturday this year", "Restaurants near the station are always full"]),
    P("assistant-fact", "What stretch did you tell me to do for my back?",
      [("assistant", "Try the {stretch} every morning for your lower back and hold it for thirty seconds on each side")],
      {"stretch": ["cobra pose", "child's pose", "knee-to-chest hold"]},
      ["My back hurts after long drives", "Which stretch is good before running?"]),
    P("assistant-fact", "Which password manager did you recommend?",
      [("assistant", "For a small team I would keep passwords in {pm}: shared vaults, and the browser extension is solid")],
      {"pm": ["Bitwarden", "1Password", "KeePassXC"]},
      ["I forgot my password again this morning", "The team wants one place to manage shared logins"]),
    P("assistant-fact", "What git command did you give me to undo my last commit?",
      [("assistant", "Use {cmd} to undo that, it keeps your changes so nothing is lost")],
      {"cmd": ["git reset --soft HEAD~1", "git revert HEAD", "git commit --amend"]},
      ["The last commit broke the build", "Which git command shows the history as a graph?"]),
    P("assistant-fact", "How many minutes did you say to boil the eggs?",
      [("assistant", "For a jammy yolk give the eggs {n} minutes in rolling water, then straight into ice")],
      {"n": ["six", "seven", "8"]}, ["Eggs went up in price again", "How many minutes should fresh pasta cook?"]),
    P("assistant-fact", "What name did you suggest for my podcast?",
      [("assistant", "How about calling the podcast {name}? It is short and says what the show is about")],
      {"name": ["Side Quest", "Slow Burn", "Night Shift Notes"]},
      ["I still have not recorded the first podcast episode", "The name of that café escapes me"]),
    P("assistant-fact", "Which laptop did you tell me to buy?",
      [("assistant", "Given your budget the {lap} is the laptop I would pick, the battery alone is worth it")],
      {"lap": ["ThinkPad X1 Carbon", "MacBook Air", "Dell XPS 13"]},
      ["My laptop fan is loud all the time", "Should I buy a tablet instead?"]),
    P("abstain", "What breed is my horse?", [], decoys=["My niece wants riding lessons this summer"]),
]

ZH_THEMES = [
    Theme("/home/lin/notes", [
        "狗出门总是拽绳子怎么办？", "什么品种的狗适合小户型？", "猫老是抓沙发怎么办？", "狗多久要去一次宠物医院？",
        "老年猫吃干粮好还是湿粮好？",
    ], [
        "狗一拽绳子你就停下来，让它知道拽是走不了的，慢慢就不拽了",
        "品种没有运动量重要，不管什么狗，累了就安静了",
        "在沙发旁边放一个高一点的猫抓板，猫用一次就奖励一次",
        "健康的成年狗一年体检一次，老年狗一年两次",
        "老年猫普遍喝水少，加一点湿粮对肾脏有好处",
        "训练每次五分钟，比一次练一个小时效果好",
        "宠物保险趁年轻没有病史的时候买最便宜",
        "漏食玩具能让吃得太快的宠物慢下来，也能解闷",
    ]),
    Theme("/home/lin/notes", [
        "我和姐姐总为照顾父母的事吵架，怎么分工比较公平？", "我弟什么都不缺，生日送什么好？",
        "孩子写数学作业，我怎么帮忙又不替她做？", "儿子早上不想去上学怎么办？", "一家人出去玩，老人孩子都照顾到，怎么安排？",
    ], [
        "把照顾父母要做的事情都列出来，按时间分工，比按钱分工少很多矛盾",
        "什么都不缺的人，送一次体验比送东西好，比如一节课或者一场演出",
        "让孩子先用自己的话把题目讲一遍，你再开口",
        "孩子早上抗拒上学，往往是某一件具体的事，一门课或者一个同学，慢慢问",
        "选一个走路不多、有泳池的地方，老人孩子都有事可做",
        "兄弟姐妹把分工摆在明面上，比各自心里记账吵得少",
        "家里用一个共享日历，能少一半安排上的争执",
        "孩子学的是大人怎么处理情绪，而不是大人说了什么",
    ]),
    Theme("/home/lin/notes", [
        "坐长途飞机带什么书看好？", "想多读点非虚构类的书，从哪里开始？", "工作忙怎么坚持读书？", "听书和看书效果一样吗？",
        "读书会下个月选哪本书好？",
    ], [
        "每天读十页，一年下来差不多十五本书，比大多数人读得都多",
        "长途飞行选章节短的书，被打断也不影响",
        "非虚构可以从你平时爱和朋友争论的话题入手",
        "听书也算读书，细节记得少一点，但故事记得一样多",
        "读书会最好选一本大家能争起来的书",
        "当前这本还没读完，就把下一本放到床头",
        "图书馆的借阅软件可以免费借电子书",
        "不喜欢的书可以不读完，给喜欢的书腾出时间",
    ]),
    Theme("/home/lin/src/ops", [
        "服务往目录里写文件报 permission denied 是怎么回事？", "用什么命令看磁盘被什么占满了？", "怎么用另一个用户执行命令？",
        "chmod 和 chown 有什么区别？", "服务器上的改动怎么安全地撤回？",
    ], [
        "permission denied 一般是进程用的用户不是这个目录的属主",
        "chmod 改的是属主、属组和其他人的权限，chown 改的是属主是谁",
        "用 du 限定深度再按大小排序，最大的目录就排在最前面",
        "sudo -u 可以只用另一个用户跑一条命令，不用切换整个终端",
        "改权限位之前先看一下服务用户在哪些组里",
        "改配置文件之前先备份一份，撤回就是一步的事",
        "/var/log 下的日志一般会写明进程打不开哪个路径",
        "服务配置里的 umask 决定了它新建文件的权限",
    ]),
    Theme("/home/lin/notes", [
        "周五晚上去哪里吃饭好？", "工作午餐推荐什么样的餐厅？", "出门旅游怎么找好吃的？", "套餐菜单值不值得吃？",
        "去拉面店点什么好？",
    ], [
        "周五晚上吃饭最好提前一周订位，或者七点前早点去",
        "工作午餐要找安静、菜单短的地方，免得大家等四十分钟",
        "离开主广场走两条街，价格就降下来了，味道反而更好",
        "套餐菜单一年吃一次当作纪念还行，天天吃就不划算了",
        "拉面店先试招牌汤底，配菜是最容易换的部分",
        "点评里能叫出服务员名字的，一般比较真实",
        "问服务员他们自己休息时吃什么，往往是最好吃的菜",
        "午市套餐经常是同一个厨房，价格只有晚市的一半",
    ]),
    Theme("/home/lin/notes", [
        "写代码买什么笔记本电脑好？", "有必要用密码管理器吗？", "开放式办公室用什么耳机好？", "出差带平板还是笔记本？",
        "手机用多久该换了？",
    ], [
        "写代码的话内存比处理器重要，至少十六 G",
        "用密码管理器是提升账号安全最有效的一步",
        "开放式办公室里，降噪比音质重要",
        "平板轻一些，但小笔记本能跑你现在用的所有软件",
        "手机换一次电池，用四五年没问题",
        "买上一代的型号，价格能便宜三分之一",
        "网上买笔记本之前，最好先去店里摸一下键盘",
        "笔记本支架加一个外接键盘，长时间工作脖子舒服很多",
    ]),
]

ZH_PROBES = [
    P("user-fact", "我家狗是什么品种？", [("user", "上周从救助站领回来一只{breed}，是我养的第一条狗，才三个月大，已经把拖鞋咬坏了")],
      {"breed": ["比格", "金毛", "柯基"]}, ["楼下邻居的狗天天早上叫", "什么品种的猫不怎么掉毛？"]),
    P("user-fact", "我姐姐在哪里上班？", [("user", "我姐姐刚入职{org}，做财务，下个月要搬过去")],
      {"org": ["招商银行", "华为", "一家律所"]}, ["姐姐说上班太累了", "现在上班都流行远程吗？"]),
    P("user-fact", "我儿子上的是哪个幼儿园？", [("user", "儿子这学期去了{school}，每天回来都很开心")],
      {"school": ["蓝天幼儿园", "阳光双语", "小星星"]}, ["幼儿园的学费又涨了", "儿子最近不爱吃饭"]),
    P("user-fact", "我开的是什么车？", [("user", "我开的那辆{car}该换轮胎了，前面两个都快磨平了")],
      {"car": ["老款卡罗拉", "特斯拉 Model 3", "比亚迪汉"]}, ["周末想开车去海边", "家里四口人买什么车合适？"]),
    P("user-fact", "我弟弟住在哪个城市？", [("user", "我弟弟去年搬到{city}了，那边房租贵得离谱")],
      {"city": ["成都", "厦门", "南京"]}, ["弟弟想学吉他", "在大城市住哪里通勤方便？"]),
    P("user-fact", "我妈妈退休前是做什么的？", [("user", "我妈退休前在中学教{subj}，一教就是三十年")],
      {"subj": ["语文", "数学", "英语"]}, ["妈妈最近迷上了跳广场舞", "退休以后做什么比较好？"]),
    P("user-fact", "我在哪家健身房办的卡？", [("user", "在{gym}健身房交了一年的会费，一月份打五折")],
      {"gym": ["乐刻", "威尔士", "超级猩猩"]}, ["健身房今晚人好多", "办卡之前要注意什么？"]),
    P("user-fact", "我女朋友是做什么工作的？", [("user", "女朋友在一家广告公司做{job}，经常加班到很晚")],
      {"job": ["平面设计", "文案", "客户经理"]}, ["女朋友生日快到了", "现在做什么工作比较有前途？"]),
    P("user-fact", "我学的是什么乐器？", [("user", "我在学{inst}，每周六下午上课，老师很有耐心")],
      {"inst": ["大提琴", "架子鼓", "古筝"]}, ["什么乐器适合小孩学？", "周六下午总是很困"]),
    P("assistant-fact", "你推荐我的第二本书是什么？", [("assistant", "可以先读《{b1}》打基础，第二本再看《{b2}》，后者更偏实战")],
      {"b1": ["思考，快与慢", "人类简史", "设计心理学"], "b2": ["掌控习惯", "深度工作", "原则"]},
      ["书架上堆了好多没看完的书", "你之前推荐过一个播客，我忘了叫什么"]),
    P("assistant-fact", "你上次推荐的那家餐厅叫什么？", [("assistant", "纪念日的话，江边的{rest}餐厅很合适，要提前一个月订位")],
      {"rest": ["蓝湾", "小院子", "湘味居"]}, ["那家餐厅排队要一个小时", "纪念日快到了还没想好送什么"]),
    P("assistant-fact", "你让我用什么命令修复权限？", [("assistant", "在那个目录上执行 {cmd}，部署用户就有写入权限了")],
      {"cmd": ["chmod -R g+w /srv/app", "chown -R deploy /var/www", "setfacl -m u:deploy:rwx /data"]},
      ["共享盘的权限又乱了", "查看磁盘占用用什么命令？"]),
    P("assistant-fact", "你建议我鸡蛋煮几分钟？", [("assistant", "想要溏心的鸡蛋，水开后煮{n}分钟，然后马上过冷水")],
      {"n": ["六", "七", "8"]}, ["鸡蛋又涨价了", "面条要煮几分钟？"]),
    P("assistant-fact", "你推荐的密码管理器是哪个？", [("assistant", "小团队的话我推荐 {pm}，可以共享密码库，浏览器插件也好用")],
      {"pm": ["Bitwarden", "1Password", "KeePassXC"]}, ["我又忘记密码了", "团队的账号管理太乱了"]),
    P("assistant-fact", "你给我推荐的笔记本电脑是哪款？", [("assistant", "按你的预算，笔记本我会选 {lap}，光续航就值了")],
      {"lap": ["ThinkPad X1", "MacBook Air", "小新 Pro"]}, ["笔记本风扇声音太大", "要不要买平板代替电脑？"]),
    P("assistant-fact", "你说的那个伸展动作叫什么？", [("assistant", "每天早上做几组{stretch}，每侧保持三十秒")],
      {"stretch": ["猫牛式", "婴儿式", "抱膝式"]}, ["久坐以后腰特别酸", "跑步前做什么动作热身比较好？"]),
    P("assistant-fact", "你帮我的播客起的名字是什么？", [("assistant", "播客就叫「{name}」怎么样？短，一听就知道节目讲什么")],
      {"name": ["夜班笔记", "慢火", "支线任务"]}, ["播客第一期还没录", "那家咖啡馆的名字我想不起来了"]),
    P("abstain", "我家的马是什么品种？", [], decoys=["侄女暑假想去学骑马"]),
]

EN = Bank("en", homes=3, per_home=len(EN_PROBES), themes=memeval_en.THEMES + EN_THEMES * 2, probes=EN_PROBES,
          chatter=memeval_en.CHATTER, smalltalk=memeval_en.SMALLTALK, common=memeval_en.COMMON, turn=(100, 400), sessions=80)
ZH = Bank("zh", homes=3, per_home=len(ZH_PROBES), themes=memeval_zh.THEMES + ZH_THEMES * 2, probes=ZH_PROBES,
          chatter=memeval_zh.CHATTER, smalltalk=memeval_zh.SMALLTALK, common=memeval_zh.COMMON, turn=(180, 650), sessions=60)


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English ones, then the Chinese ones."""
    return build_bank(EN, seed, "fe") + build_bank(ZH, seed, "fz")
