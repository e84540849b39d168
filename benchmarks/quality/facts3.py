"""facts3: the person's facts, said once in passing inside a long chat about something else, asked
later in words unlike the statement ("What breed is my dog?" / "we adopted a beagle last spring and
the dog still chews every cable"; 我家狗是什么品种？ / 领养了一只比格，这狗到现在还咬电线) (issue 14,
session 11, branch `facts3`). A third dev set for the judges' weakest kind, with a generator of its
own and another shape than `facts` (memeval's machinery, answers one line) and `facts2` (the fact
between a filler turn's context and its question):

- the fact is a clause of a user turn in the middle of a long chat (five to nine exchanges) about
  another subject (a garden, a wedding speech, moving house, a laptop, a talk, a language exam),
  put as the reason or aside of that turn's request;
- the fact shares one word with the question, the owned thing (dog, son, wife, 狗, 儿子), never the
  question's other words (breed, old, name, 品种, 几岁): those are what the value is, said as the
  value itself;
- per probe, two to four sessions on the question's topic in which the person asks about it in the
  question's words ("Which dog breed sheds the least?") and talks about their own thing without
  the value ("My dog barks at the postman every morning"), and the replies explain the topic;
- one decoy per probe: someone else's value in the question's words ("My friend's dog is a
  labrador", 我同事家的狗是柯基), in some other session;
- one HOME per language and size: English 96 and 140 sessions, Chinese 90 and 130.

`build(seed)` returns per HOME (sessions, questions) as make.make_chat takes them; every probe of the
HOME's language asked once per HOME (kind user-fact, lang en / zh). Written for this set only, by
the engineer who tunes on it: a dev set's figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

SEED = 20261211


@dataclass
class Subject:
    """What a long chat is about: the person's requests, the context they give, the replies' sentences."""
    cwd: str
    asks: list[str]
    context: list[str]
    says: list[str]


@dataclass
class Probe:
    """A user fact: the question; the clause that states it ({v} one of vals) and the request it is
    the aside of is the filler's; the topic sessions' asks (in the question's words), the person's
    own lines on the thing without the value, the replies; a decoy about someone else."""
    ask: str
    line: str
    vals: list[str]
    asks: list[str]
    owned: list[str]
    says: list[str]
    decoy: str


EN_SUBJECTS = [
    Subject("/home/alex/garden", [
        "When should I plant tomato seedlings outside?", "How do I stop slugs eating the lettuce without poison?",
        "Which climbing plant covers an ugly fence fastest?", "How often should a vegetable bed be watered in July?",
        "Is it worth building raised beds on clay soil?", "What can I grow in a shady corner?",
    ], [
        "The allotment finally came through after two years on the waiting list.", "Half the seedlings died last spring.",
        "The soil is heavy clay and stays wet for days.", "I only get to the plot on weekends.",
    ], [
        "Plant tomatoes out once the nights stay above ten degrees, usually late May.",
        "Beer traps and copper tape keep slugs off without harming anything else.",
        "A clematis or a climbing hydrangea will cover a fence in two or three seasons.",
        "Water deeply twice a week rather than a little every day, so the roots go down.",
        "Raised beds drain far better than clay and warm up earlier in spring.",
        "Ferns, hostas and foxgloves are happy in shade.",
        "Mulch keeps the moisture in and the weeds down.",
        "Harden seedlings off for a week before they go out for good.",
    ]),
    Subject("/home/alex/speech", [
        "How long should a best man speech be?", "How do I open a wedding speech without a cliché?",
        "Is it fine to read a speech from cards?", "How do I tell a funny story without embarrassing the groom?",
        "How do I end a toast so people know to raise their glasses?", "How do I stop my voice shaking when I speak?",
    ], [
        "The wedding is in five weeks and I have not written a word.", "I have known the groom since school.",
        "There will be about a hundred and twenty guests.", "I hate speaking in front of people.",
    ], [
        "Five to seven minutes is plenty; nobody complains about a short speech.",
        "Open with a specific moment rather than a dictionary definition of marriage.",
        "Cards are fine; glance down, then look up for the end of each sentence.",
        "A story works if the groom would happily tell it himself.",
        "Say 'please raise your glasses' plainly, then the names, and stop.",
        "Slow down and breathe out before the first line; the shake fades after a minute.",
        "Practise it aloud at least five times, once in front of someone.",
        "Mention the partner's family early so they feel included.",
    ]),
    Subject("/home/alex/moving", [
        "How far ahead should I book a removal van?", "What is the best way to pack books so the boxes are not too heavy?",
        "Which bills do I need to transfer when moving house?", "How do I get the full deposit back from a landlord?",
        "Should I pack the kitchen first or last?", "How do I label boxes so unpacking is quick?",
    ], [
        "We get the keys on the first of next month.", "The new place is smaller, so we have to throw a lot out.",
        "The last move took us three weekends to unpack.", "Neither of us has a car big enough for furniture.",
    ], [
        "Book the van three or four weeks ahead, more for a Saturday at the end of a month.",
        "Pack books in small boxes; a big box of books is too heavy to lift safely.",
        "Gas, electricity, water, council tax and internet all need the new address and a meter reading.",
        "Photograph every room on the way out and clean to the standard of the inventory.",
        "Pack the kitchen last except for one box of essentials.",
        "Write the room and a short list of contents on two sides of every box.",
        "Give away furniture you would not buy again before paying to move it.",
        "Keep chargers, documents and a kettle in a bag that travels with you.",
    ]),
    Subject("/home/alex/laptop", [
        "Is sixteen gigabytes of memory enough for a laptop these days?", "Should I buy a refurbished laptop?",
        "How much battery life do I really need?", "Is a matte screen better for working outside?",
        "Do I need a dedicated graphics card for photo editing?", "How do I move my files to a new laptop?",
    ], [
        "My old laptop takes four minutes to start.", "The budget is around a thousand.",
        "I mostly work from cafés and trains.", "I would like it to last five years.",
    ], [
        "Sixteen gigabytes is comfortable for most work; thirty-two helps with large photo libraries.",
        "Refurbished business laptops are often better built than new consumer ones at the same price.",
        "Eight real hours of battery covers a working day away from a socket.",
        "A matte screen reflects far less in daylight.",
        "Photo editing runs well on integrated graphics; video editing benefits from a dedicated card.",
        "Copy the files over an external drive, then check a few before wiping the old machine.",
        "A good keyboard matters more than a fast processor for most people.",
        "Check the warranty length before comparing prices.",
    ]),
    Subject("/home/alex/talk", [
        "How many slides should a twenty minute talk have?", "How do I start a conference talk with energy?",
        "Should I take questions during the talk or at the end?", "How do I make a chart readable from the back of a room?",
        "What do I do if the demo breaks on stage?", "How do I practise a talk without memorising it?",
    ], [
        "The talk got accepted and now I panic.", "It is my first time speaking at a conference.",
        "The audience will be mostly engineers.", "The slot is right after lunch.",
    ], [
        "One slide a minute is a sensible upper bound; fewer is usually better.",
        "Open with the problem the audience has, not with who you are.",
        "Questions at the end keep you on time; say so at the start.",
        "Large labels on the lines themselves beat a legend nobody can read.",
        "Record the demo beforehand and switch to the video if the live one breaks.",
        "Practise from an outline of five points, not a script.",
        "An after-lunch slot needs a lively opening and a short talk.",
        "End on one thing you want people to try next week.",
    ]),
    Subject("/home/alex/exam", [
        "How do I prepare for a speaking exam in two months?", "Is it better to study grammar or vocabulary first?",
        "How do I stop translating in my head when I speak?", "How many new words a day is realistic?",
        "Are flashcard apps worth it for an exam?", "How do I practise listening if I do not live abroad?",
    ], [
        "The exam is at the end of term.", "My reading is fine but speaking is a disaster.",
        "I have about forty minutes a day to study.", "The last mock exam went badly.",
    ], [
        "Speak for ten minutes every day, even alone, and record yourself once a week.",
        "Learn the words you need for the exam topics first; grammar sticks better around them.",
        "Thinking in short, simple sentences stops the translating habit sooner than anything else.",
        "Ten to fifteen new words a day is realistic if you review the old ones too.",
        "Spaced repetition apps work if you add your own sentences, not only single words.",
        "Podcasts at slightly slower speed are a good way to start listening practice.",
        "Past papers show you which topics come up again and again.",
        "Sleep helps memory more than one more hour of study.",
    ]),
]

ZH_SUBJECTS = [
    Subject("/home/chen/garden", [
        "番茄苗什么时候可以移栽到外面？", "不用药怎么防止蛞蝓吃生菜？", "什么爬藤植物遮丑栏杆最快？", "七月份菜地多久浇一次水？",
        "黏土地值得做抬高的种植床吗？", "背阴的角落种什么好？",
    ], [
        "排了两年队终于分到了一块菜地。", "去年春天一半的苗都死了。", "这里的土是很黏的黄泥，下雨以后好几天都是湿的。", "我只有周末才去菜地。",
    ], [
        "夜里温度稳定在十度以上再移栽番茄，一般是五月下旬。", "用啤酒诱捕和铜胶带可以挡住蛞蝓，不伤别的东西。", "铁线莲或者藤绣球两三年就能爬满栏杆。",
        "一周浇两次透水，比每天浇一点好，根会往下扎。", "抬高的种植床比黏土排水好得多，春天也升温早。", "蕨类、玉簪和毛地黄都喜欢背阴。",
        "地面盖一层覆盖物能保水也能压草。", "移栽前让苗在外面适应一周。",
    ]),
    Subject("/home/chen/speech", [
        "婚礼上伴郎致辞讲多久合适？", "婚礼致辞怎么开头才不老套？", "拿着卡片念致辞可以吗？", "怎么讲新郎的糗事又不让他难堪？",
        "祝酒词怎么结尾大家才知道要举杯？", "上台说话声音发抖怎么办？",
    ], [
        "婚礼还有五周，我一个字都没写。", "我和新郎是高中同学。", "大概会有一百二十个客人。", "我最怕在很多人面前说话。",
    ], [
        "五到七分钟就够了，没人会嫌致辞短。", "用一个具体的场景开头，不要从婚姻的定义讲起。", "拿卡片没问题，低头看一眼，每句话结尾抬头看大家。",
        "新郎自己也愿意讲的故事才适合讲。", "直接说“请大家举杯”，再说两位新人的名字，然后就停。", "开口前慢慢呼一口气，抖一分钟就好了。",
        "至少大声练五遍，其中一遍讲给别人听。", "早一点提到另一方的家人，让他们也有参与感。",
    ]),
    Subject("/home/chen/moving", [
        "搬家公司要提前多久约？", "书怎么打包箱子才不会太重？", "搬家的时候哪些账户要改地址？", "怎么让房东把押金全退回来？",
        "厨房应该先收拾还是最后收拾？", "箱子怎么写标签拆起来才快？",
    ], [
        "下个月一号交房。", "新家比较小，很多东西得扔掉。", "上次搬家拆箱拆了三个周末。", "我们俩都没有能装家具的车。",
    ], [
        "提前三四周约搬家公司，月底的周末要更早。", "书要装小箱子，一大箱书重得搬不动。", "水、电、燃气、宽带都要登记新地址并抄表。",
        "走之前每个房间拍照，按入住清单打扫干净。", "厨房最后收拾，只留一箱日常要用的。", "每个箱子两面都写上房间和里面的东西。",
        "不会再买第二次的家具，搬之前就送人。", "充电器、证件和烧水壶放在随身的包里。",
    ]),
    Subject("/home/chen/laptop", [
        "现在笔记本十六G内存够用吗？", "翻新的笔记本电脑值得买吗？", "电池续航到底要多长才够？", "在外面用电脑是雾面屏好吗？",
        "修照片需要独立显卡吗？", "怎么把文件搬到新电脑上？",
    ], [
        "我的旧电脑开机要四分钟。", "预算大概七千左右。", "我大部分时间在咖啡馆和高铁上干活。", "希望能用五年。",
    ], [
        "十六G对大多数工作够用，照片库很大的话三十二G更舒服。", "翻新的商务本往往比同价的新消费本做工更好。", "真实续航八个小时，离开插座一整天都够。",
        "雾面屏在日光下反光少很多。", "修照片用集显就行，剪视频才需要独立显卡。", "先用移动硬盘拷过去，抽查几个文件再清空旧电脑。",
        "对大多数人来说，好键盘比快处理器重要。", "比价之前先看保修多久。",
    ]),
    Subject("/home/chen/talk", [
        "二十分钟的分享要做几页幻灯片？", "技术大会的分享怎么开场才有劲？", "提问放在中间还是最后？", "图表怎么做后排才看得清？",
        "台上演示出问题了怎么办？", "怎么练分享又不用背稿？",
    ], [
        "投稿被接受了，现在很慌。", "这是我第一次在大会上讲。", "听众大多是工程师。", "我的时间段在午饭后。",
    ], [
        "一分钟一页是上限，少一点通常更好。", "从听众遇到的问题讲起，而不是先介绍自己。", "提问放最后容易控制时间，开头就说清楚。",
        "标签直接写在线上，比没人看得清的图例好。", "提前录好演示视频，现场出问题就切视频。", "按五个要点的提纲练，不要写逐字稿。",
        "午饭后的时段开场要活泼，内容要短。", "结尾给大家一件下周就能试的事。",
    ]),
    Subject("/home/chen/exam", [
        "两个月怎么准备口语考试？", "先学语法还是先背单词？", "说话的时候怎么才能不在脑子里翻译？", "一天背多少个新单词比较现实？",
        "背单词软件对考试有用吗？", "不在国外怎么练听力？",
    ], [
        "学期末就考试了。", "我阅读还行，口语一塌糊涂。", "我每天大概有四十分钟学习。", "上次模拟考考砸了。",
    ], [
        "每天说十分钟，一个人也要说，每周录一次音。", "先背考试话题要用的词，语法围绕这些词更容易记住。", "用简单的短句思考，最能改掉翻译的习惯。",
        "每天十到十五个新词比较现实，旧词也要复习。", "间隔重复的软件有用，但要加自己的例句，不要只背单词。", "先听语速稍慢的播客练听力。",
        "做真题能看出哪些话题反复出现。", "睡眠对记忆的帮助比多学一个小时大。",
    ]),
]

EN_PROBES = [
    Probe("What breed is my dog?", "we adopted a {v} from the shelter last spring and the dog still chews every cable it finds",
          ["beagle", "border collie", "whippet", "cocker spaniel", "greyhound"],
          ["Which dog breed sheds the least?", "Is a big breed of dog fine in a small flat?", "Which dog breeds are easiest to train?"],
          ["My dog barks at the postman every single morning.", "My dog pulls so hard on the lead that walks are no fun."],
          ["Poodles and bichons shed very little, which suits people with allergies.",
           "A calm large breed can live happily in a flat if it gets long walks.",
           "Breeds bred to work with people, like retrievers, are usually the easiest to train.",
           "Every breed needs daily exercise; the amount differs a lot between them."],
          "My friend's dog is a labrador and it is twice the size of mine"),
    Probe("Which city do I live in?", "I have lived in {v} for six years and the walls of these old flats are thin",
          ["Leeds", "Bristol", "Glasgow", "Utrecht", "Lyon"],
          ["Is it better to live in the city centre or the suburbs?", "Which city is cheapest to live in if you work remotely?",
           "How do I make a noisy city flat quieter?"],
          ["The city is getting more expensive every year.", "I love the city but the traffic is awful."],
          ["Living in the centre saves commuting time but costs more in rent and noise.",
           "Smaller cities with good train links are often the cheapest for remote workers.",
           "Heavy curtains, a rug and sealing the window gaps make a city flat much quieter.",
           "Most people who move to a city stay about five years before deciding to settle."],
          "My sister lives in Madrid and keeps telling me to move there"),
    Probe("How old is my son?", "my son turned {v} last week and now he wants a phone like his friends",
          ["seven", "nine", "eleven", "six", "ten"],
          ["How old should a son be before he gets his own phone?", "At what age can my son walk to school alone?",
           "How much pocket money should my son get at his age?"],
          ["My son hates reading anything that is not a comic.", "My son has started answering back."],
          ["Many parents wait until secondary school for a first phone.",
           "Children usually walk to school alone from around nine or ten, depending on the route.",
           "Pocket money works best as a fixed weekly amount with a few rules.",
           "Age matters less than whether the child can follow simple safety rules."],
          "My neighbour's son is fourteen and already taller than his dad"),
    Probe("What language am I learning?", "I am learning {v} on my lunch breaks, so my evenings are free for this",
          ["Portuguese", "Japanese", "Dutch", "Greek", "Korean"],
          ["What is the fastest way to learn a language as an adult?", "Which language apps actually work?",
           "Is it too late to learn a new language at forty?"],
          ["I keep forgetting vocabulary after a week.", "I would love to read a newspaper in another language one day."],
          ["Adults learn a language fastest with short daily practice and a lot of listening.",
           "Apps help with vocabulary; speaking with a person is what makes a language stick.",
           "It is never too late: adults learn grammar faster than children do.",
           "Pick a language you will hear often, through music, films or friends."],
          "My colleague speaks five languages and makes it look easy"),
    Probe("What is my job?", "I have been a {v} for eleven years and the job means a lot of night shifts",
          ["nurse", "paramedic", "baker", "security guard", "radiographer"],
          ["How do I ask for a pay rise in my job?", "Is it normal to be bored in a job after ten years?",
           "How do I switch careers without starting from zero?"],
          ["My job leaves me too tired to do anything in the evening.", "I like my job but the pay has not moved in years."],
          ["Ask for a raise with a list of what you achieved, not what you need.",
           "Boredom after years in a job often means you have mastered it.",
           "Career changes go best through skills you already use, in a new setting.",
           "Talk to your manager before you start looking for another job."],
          "My partner's job is so flexible he never knows what day it is"),
    Probe("Which football team do I support?", "I have had a season ticket at {v} since I was twelve, so the team decides my Saturdays",
          ["Everton", "Celtic", "Sunderland", "Norwich", "Hibernian"],
          ["How do I get my kids into football?", "Is it worth paying for every football streaming service?",
           "How do I cope when my team keeps losing?"],
          ["Football on a cold Saturday is the best thing there is.", "My team lost again and my whole week is ruined."],
          ["Kids get into football by playing it first and watching it second.",
           "One streaming service usually covers most of the matches you care about.",
           "Supporting a losing team is easier with friends who suffer with you.",
           "Local lower league football is cheap and a lot of fun for a family."],
          "My brother supports Liverpool and never lets me forget it"),
    Probe("What is my wife's name?", "{v}, my wife, is away at a conference this week, so I am cooking for one",
          ["Hannah", "Priya", "Sofia", "Rachel", "Ingrid"],
          ["What should I get my wife for our anniversary?", "How do my wife and I stop arguing about chores?",
           "How do I plan a surprise weekend for my wife?"],
          ["My wife and I argue about the thermostat every winter.", "My wife works more hours than I do."],
          ["An anniversary gift that refers to a shared memory usually means the most.",
           "Couples argue less about chores once each has clear jobs of their own.",
           "A surprise weekend works best when someone else quietly checks her calendar.",
           "Small daily gestures count for more than one big present."],
          "My friend's wife is called Laura and she runs a bakery"),
    Probe("How many children do I have?", "with {v} children at home the mornings are chaos, so I need this to be quick",
          ["three", "four", "two", "five"],
          ["How do I get children out of the house on time in the morning?", "How many children's activities are too many?",
           "How do I split pocket money fairly between children of different ages?"],
          ["Our children fight over the bathroom every morning.", "The children are on school holidays next week."],
          ["Laying out clothes and bags the night before saves the morning.",
           "One or two activities a week per child leaves time to rest.",
           "Pocket money by age, rising each birthday, feels fair to children.",
           "A visual checklist by the door helps younger children get ready."],
          "My cousin has six children and somehow always looks calm"),
    Probe("What is my blood type?", "the donation centre told me my blood is {v}, so they phone me every few months",
          ["O negative", "A positive", "B negative", "AB positive", "O positive"],
          ["How often can you donate blood?", "Does blood type matter for diet?", "What should I eat before giving blood?"],
          ["I faint at the sight of blood, honestly.", "My blood pressure is always a bit low."],
          ["Most services let you give blood every twelve to sixteen weeks.",
           "Diets based on blood type have no good evidence behind them.",
           "Eat a proper meal and drink plenty of water before donating blood.",
           "Blood donation takes about an hour from arrival to the biscuit."],
          "My dad's blood type is rare and he gets letters asking him to donate"),
    Probe("Where did I go to university?", "when I was at university in {v} I lived on toast, so I know about budgets",
          ["Edinburgh", "Durham", "Manchester", "Cardiff", "Aberdeen"],
          ["Is a university degree still worth it?", "How do I choose a university for my daughter?",
           "Should I go back to university for a master's degree?"],
          ["University feels like a hundred years ago.", "I still dream about university exams."],
          ["A degree still pays off on average, though less in some subjects than others.",
           "Visit the university and talk to students in the subject, not only the staff.",
           "A master's degree pays off when the field asks for it, not as a general upgrade.",
           "Part-time university courses let you keep working while you study."],
          "My friend went to university in Oxford and still talks about it"),
    Probe("What floor is my flat on?", "carrying the shopping up to the {v} floor every day is my only exercise",
          ["fifth", "fourth", "sixth", "seventh", "third"],
          ["Is a top floor flat colder in winter?", "Which floor is best to live on in a block of flats?",
           "How do I get a sofa into a flat with a narrow staircase?"],
          ["Our flat gets very little light in the afternoon.", "The flat is small but I love the view."],
          ["Top floor flats lose heat through the roof but gain it from the flats below.",
           "Middle floors are usually quieter and warmer than the ground or the top floor.",
           "Measure the staircase turns before buying a sofa; some have removable legs and arms.",
           "Ground floor flats are easier for prams and shopping, but less private."],
          "My colleague lives on the twentieth floor and the lift is always broken"),
    Probe("What phone do I have?", "the screen on my {v} phone cracked, so I am typing this on a tablet",
          ["Pixel 7", "Galaxy S21", "iPhone 12", "Fairphone 4", "Moto G"],
          ["Which phone has the best battery life?", "Is it worth repairing an old phone screen?",
           "How long should a phone last before I replace it?"],
          ["My phone is always at ten percent by lunchtime.", "I drop my phone at least once a week."],
          ["Battery life depends more on the screen and habits than on the phone brand.",
           "Repairing a phone screen is worth it if the phone is under four years old.",
           "Most phones get software updates for four to five years.",
           "A case with raised edges saves most phone screens."],
          "My mum has a flip phone and refuses to change it"),
    Probe("Who is my dentist?", "Dr {v}, my dentist, told me to stop brushing so hard, which is why I asked",
          ["Okafor", "Lindqvist", "Bhatt", "Moreau", "Kowalski"],
          ["How often should I see a dentist?", "Is an electric toothbrush better than a manual one?",
           "How do I get over being scared of the dentist?"],
          ["My gums bleed when I floss.", "I put off the dentist for three years once."],
          ["Most people need a dental check every six to twelve months.",
           "An electric toothbrush removes a little more plaque for most people.",
           "Tell the dentist you are nervous; a signal to pause helps a lot.",
           "Bleeding gums usually calm down after two weeks of daily flossing."],
          "My brother's dentist is in Poland because it is cheaper"),
    Probe("What time do I wake up?", "I wake at {v} every weekday, so by nine at night I am useless",
          ["5:40", "6:15", "4:50", "5:30", "6:45"],
          ["How do I wake up without feeling groggy?", "Is it bad to wake up at different times on weekends?",
           "What time should an adult wake up?"],
          ["I always feel tired in the afternoon.", "I hit snooze at least three times."],
          ["Daylight soon after waking helps the body clock more than coffee does.",
           "Keeping the same wake time at weekends makes Monday mornings easier.",
           "There is no right wake time; what matters is enough sleep at a regular time.",
           "A snooze button splits the last part of sleep into useless pieces."],
          "My flatmate wakes up at noon and calls it a morning"),
    Probe("When did I get married?", "since we got married in {v} we have never once had a proper holiday",
          ["2016", "2019", "2012", "2021", "2009"],
          ["How do married couples keep date nights going?", "Is it normal for married couples to argue about money?",
           "What is a good gift for a tenth wedding anniversary?"],
          ["Married life is quieter than I expected, in a good way.", "We keep saying we will renew our vows."],
          ["Married couples who book date nights in advance actually have them.",
           "Money is one of the commonest arguments between married couples.",
           "Tin is the traditional tenth anniversary gift.",
           "A shared budget meeting once a month prevents most money arguments."],
          "My parents got married in the seventies and still hold hands"),
    Probe("What car do I drive?", "my {v} is in the garage again, so I will be on the bus this week",
          ["Ford Fiesta", "Kia Niro", "Renault Clio", "Vauxhall Corsa", "Nissan Leaf"],
          ["Is it cheaper to drive or take the bus to work?", "Which car is cheapest to insure?",
           "How often should I change the oil in my car?"],
          ["I drive too much, honestly.", "Parking near the office costs a fortune."],
          ["Once parking and fuel are counted, the bus is often cheaper than driving.",
           "Small cars with small engines are usually cheapest to insure.",
           "Change the oil once a year or every ten thousand miles, whichever comes first.",
           "A car that sits unused needs a run every couple of weeks."],
          "My uncle drives a vintage Jaguar that never starts"),
]

ZH_PROBES = [
    Probe("我家狗是什么品种？", "去年春天我们从救助站领养了一只{v}，这狗到现在还见电线就咬",
          ["比格", "边牧", "柴犬", "柯基", "金毛"],
          ["什么品种的狗不怎么掉毛？", "小户型能养大型品种的狗吗？", "哪些品种的狗最好训练？"],
          ["我家狗每天早上都冲着快递员叫。", "我家狗遛的时候拼命往前拽，遛狗一点都不轻松。"],
          ["贵宾和比熊掉毛很少，适合过敏的人。", "性格稳定的大型犬只要每天多遛，住小房子也没问题。",
           "和人一起工作的品种，比如寻回犬，一般最好训练。", "每个品种都需要每天运动，只是运动量差别很大。"],
          "我同事家的狗是拉布拉多，比我家的大一倍"),
    Probe("我住在哪个城市？", "我在{v}住了六年了，这种老房子隔音特别差",
          ["成都", "杭州", "西安", "青岛", "长沙"],
          ["住在市中心好还是住郊区好？", "远程办公住哪个城市最便宜？", "城里的房子太吵怎么办？"],
          ["这个城市的房价一年比一年高。", "我喜欢这个城市，就是太堵了。"],
          ["住市中心省通勤时间，但房租和噪音都更多。", "高铁方便的小城市对远程办公的人往往最便宜。",
           "厚窗帘、地毯和密封窗缝能让房子安静很多。", "很多人搬到一个城市住上五年左右才决定留不留。"],
          "我表姐住在厦门，一直劝我搬过去"),
    Probe("我儿子几岁了？", "我儿子上周刚满{v}岁，现在吵着要一部跟同学一样的手机",
          ["七", "九", "十一", "六", "十"],
          ["儿子多大可以给他买手机？", "儿子几岁可以自己走路上学？", "儿子这个年纪零花钱给多少合适？"],
          ["我儿子除了漫画什么书都不看。", "我儿子最近开始顶嘴了。"],
          ["很多家长等到上初中才给第一部手机。", "孩子一般九到十岁可以自己上学，要看路况。",
           "零花钱每周固定给一个数，再定几条规矩，效果最好。", "年龄不是关键，关键是孩子能不能遵守简单的安全规则。"],
          "我邻居的儿子十四岁，已经比他爸高了"),
    Probe("我在学哪门外语？", "我每天午休学半小时{v}，所以晚上的时间可以用来弄这个",
          ["西班牙语", "日语", "德语", "法语", "韩语"],
          ["成年人学外语最快的方法是什么？", "哪些学外语的软件真的有用？", "四十岁学一门新外语晚不晚？"],
          ["我背的单词一个星期就忘了。", "我一直希望有一天能看懂外文报纸。"],
          ["成年人每天短时间练习、多听，外语学得最快。", "软件适合背单词，跟真人说话外语才记得住。",
           "什么时候都不晚，成年人学语法比小孩快。", "选一门平时常能听到的外语，通过音乐、电影或者朋友。"],
          "我同事会说五门外语，看起来毫不费力"),
    Probe("我是做什么工作的？", "我当了十一年{v}，这份工作夜班特别多",
          ["护士", "急救员", "面包师", "保安", "放射科技师"],
          ["怎么跟领导提涨工资？", "一份工作做了十年觉得无聊正常吗？", "怎么转行又不用从零开始？"],
          ["工作太累了，晚上什么都不想干。", "我挺喜欢现在的工作，就是工资好几年没涨了。"],
          ["提涨薪的时候列出你做成了什么，而不是你需要什么。", "做了很多年觉得无聊，往往说明你已经做得很熟了。",
           "转行最好的路是把已有的技能用到新的地方。", "找下一份工作之前，先跟领导谈谈。"],
          "我老公的工作特别自由，经常不知道今天星期几"),
    Probe("我老婆叫什么名字？", "我老婆{v}这周去外地开会了，所以我一个人做饭",
          ["晓雯", "丽娜", "佳怡", "思琪", "雅婷"],
          ["结婚纪念日送老婆什么好？", "我和老婆怎么才能不为家务吵架？", "怎么给老婆安排一个惊喜周末？"],
          ["我和老婆每年冬天都为空调温度吵架。", "我老婆工作时间比我长。"],
          ["能唤起共同回忆的纪念日礼物通常最打动人。", "家务分工明确以后，夫妻吵架会少很多。",
           "惊喜周末最好请别人悄悄确认她的日程。", "日常的小心意比一次大礼物更重要。"],
          "我朋友的老婆叫王芳，开了一家面包店"),
    Probe("我有几个孩子？", "家里{v}个孩子，早上跟打仗一样，所以这个要快",
          ["三", "四", "两", "五"],
          ["早上怎么让孩子们按时出门？", "孩子报几个兴趣班算太多？", "不同年龄的孩子零花钱怎么分才公平？"],
          ["我家孩子每天早上抢卫生间。", "孩子们下周放假了。"],
          ["前一天晚上把衣服和书包准备好，早上能省很多事。", "每个孩子一周一两个兴趣班，还能留时间休息。",
           "零花钱按年龄给，每过一个生日涨一点，孩子觉得公平。", "门口贴一张图片清单，小孩子自己就知道要带什么。"],
          "我表哥家有六个孩子，他居然总是很淡定"),
    Probe("我是什么血型？", "献血站的人说我是{v}血，所以每隔几个月就打电话叫我去",
          ["O型", "A型", "B型", "AB型", "熊猫"],
          ["多久可以献一次血？", "血型和饮食有关系吗？", "献血前应该吃什么？"],
          ["说实话我一看到血就晕。", "我的血压一直有点低。"],
          ["全血一般间隔六个月才能再献。", "按血型吃饭的说法没有可靠的证据。",
           "献血前好好吃一顿饭，多喝水。", "从到献血点到吃上点心，大概一个小时。"],
          "我爸的血型很少见，血站经常写信请他去献血"),
    Probe("我是在哪里上的大学？", "我在{v}上大学那几年天天吃泡面，所以很懂怎么省钱",
          ["武汉", "南京", "哈尔滨", "广州", "厦门"],
          ["现在读大学还值得吗？", "怎么帮女儿选大学？", "要不要回大学读个硕士？"],
          ["大学感觉是上辈子的事了。", "我到现在还会梦到大学考试。"],
          ["平均来看大学学历还是值得的，只是不同专业差别很大。", "去学校看看，跟这个专业的学生聊聊，不只是听老师说。",
           "行业要求的时候读硕士才划算，不要当成普通的升级。", "在职读研可以一边工作一边上学。"],
          "我朋友在北京上的大学，到现在还常挂在嘴边"),
    Probe("我家住几楼？", "每天提着菜爬到{v}楼，是我唯一的运动",
          ["六", "五", "七", "四", "八"],
          ["顶楼的房子冬天冷不冷？", "一栋楼里住几楼最好？", "楼梯很窄沙发怎么搬上去？"],
          ["我家下午几乎没有阳光。", "房子不大，但是我很喜欢窗外的风景。"],
          ["顶楼通过屋顶散热，但也能从楼下得到热量。", "中间楼层一般比一楼和顶楼更安静、更暖和。",
           "买沙发之前先量楼梯转角，有的沙发腿和扶手可以拆。", "一楼推婴儿车、拎菜方便，但隐私差一些。"],
          "我同事住二十楼，电梯三天两头坏"),
    Probe("我用的什么手机？", "我那部{v}的屏幕摔裂了，所以现在用平板打字",
          ["华为Mate40", "小米12", "OPPO Reno8", "vivo X80", "荣耀70"],
          ["哪款手机续航最好？", "旧手机屏幕碎了值得修吗？", "一部手机用几年该换？"],
          ["我的手机中午就只剩百分之十的电了。", "我每周至少摔一次手机。"],
          ["续航更多取决于屏幕和使用习惯，不太看品牌。", "用了不到四年的手机，换屏是值得的。",
           "大多数手机有四五年的系统更新。", "带高边框的手机壳能救下大多数屏幕。"],
          "我妈用的还是老年机，怎么都不肯换"),
    Probe("我几点起床？", "我工作日每天{v}就起床了，所以晚上九点就不行了",
          ["五点四十", "六点一刻", "四点五十", "五点半", "六点四十五"],
          ["怎么起床才不会昏昏沉沉？", "周末起床时间不一样有坏处吗？", "成年人几点起床比较好？"],
          ["我下午总是犯困。", "闹钟响了我至少要按三次。"],
          ["起床后早点见到阳光，比咖啡更能调好生物钟。", "周末也按时起床，周一早上会轻松很多。",
           "没有正确的起床时间，关键是睡够而且规律。", "贪睡按钮把最后一段睡眠切成了没用的碎片。"],
          "我室友中午才起床，还说这是早上"),
    Probe("我什么时候结的婚？", "我们{v}结婚以后，一次像样的旅行都没有过",
          ["2016年", "2019年", "2012年", "2021年", "2009年"],
          ["结婚以后夫妻怎么保持约会？", "结婚的人为钱吵架正常吗？", "结婚十周年送什么礼物好？"],
          ["结婚以后的日子比我想的平静，挺好的。", "我们一直说要补办一次婚礼。"],
          ["提前订好约会时间的夫妻才真的会去约会。", "钱是夫妻之间最常见的吵架原因之一。",
           "结婚十周年传统上叫锡婚。", "每月开一次家庭预算会，能避免大部分因为钱的争吵。"],
          "我爸妈七十年代结的婚，到现在还手牵手"),
    Probe("我女儿学的什么专业？", "我女儿在读{v}，今年大二，学费是家里最大的开销",
          ["兽医", "建筑学", "临床医学", "会计", "法语"],
          ["女儿选专业应该听谁的？", "哪些专业毕业以后好找工作？", "女儿想转专业怎么办？"],
          ["我女儿放假回来就睡觉。", "我女儿住校以后很少打电话。"],
          ["专业最好由孩子自己选，家长帮着了解信息。", "就业好的专业每年都在变，兴趣比热门更重要。",
           "转专业要早打听学校的规定和截止时间。", "大一大二多参加实习，比成绩更能帮助找工作。"],
          "我同事的女儿学的是计算机，还没毕业就有公司要了"),
]

EN_CHATTER = [
    "Good question, and a common one.", "Let me know how it goes once you have tried it.", "Start with the easiest part first.",
    "There is no single right way, but there is a sensible default.", "We can go through it step by step if that helps.",
    "Happy to look at the next part whenever you are ready.",
]
ZH_CHATTER = [
    "这个问题很常见。", "试完以后告诉我效果。", "先从最简单的部分开始。", "没有唯一正确的做法，但有一个稳妥的默认选择。", "需要的话我们可以一步一步来。",
    "你准备好了我们再看下一部分。",
]


class _Gen:
    """One HOME: sessions as lists of turns, each turn (role, sentences)."""

    def __init__(self, lang: str, n: int, subjects: list[Subject], probes: list[Probe], chatter: list[str], rng: random.Random):
        self.lang, self.rng, self.chatter = lang, rng, chatter
        self.topics: list[Subject | Probe] = []
        for p in probes:  # the question's topic: two to four sessions of its own
            self.topics += [p] * rng.randint(2, 4)
        self.topics += [subjects[i % len(subjects)] for i in range(max(0, n - len(self.topics)))]
        rng.shuffle(self.topics)
        self.turns = [self._session(t) for t in self.topics]
        self.used: set[int] = set()

    def _join(self, sents: list[str]) -> str:
        en = self.lang == "en"
        sents = [s if s[-1:] in ".!?。！？" else s + ("." if en else "。") for s in sents]
        return (" " if en else "").join(sents)

    def _session(self, t: Subject | Probe) -> list[tuple[str, list[str]]]:
        rng, turns = self.rng, []
        asks = rng.sample(t.asks, len(t.asks))
        context = t.owned if isinstance(t, Probe) else t.context
        n = rng.randint(2, 4) if isinstance(t, Probe) else rng.randint(5, 9)
        for i in range(n):
            user = [asks[i % len(asks)]]
            if rng.random() < 0.5:
                user.insert(0, rng.choice(context))
            turns.append(("user", user))
            says = rng.sample(t.says, min(rng.randint(3, 6), len(t.says))) + rng.sample(self.chatter, rng.randint(0, 2))
            rng.shuffle(says)
            turns.append(("assistant", says))
        return turns

    def place(self, p: Probe, value: str) -> int:
        """The fact as the aside of a request in the middle of a long chat about another subject."""
        rng = self.rng
        free = [i for i, t in enumerate(self.topics) if isinstance(t, Subject) and i not in self.used]
        at = rng.choice(free)
        self.used.add(at)
        users = [i for i, (r, _) in enumerate(self.turns[at]) if r == "user"]
        u = rng.choice(users[1:-1] or users)
        line = p.line.format(v=value)
        ask = self.turns[at][u][1][-1]
        if self.lang == "en":
            line = line[0].upper() + line[1:]
            self.turns[at][u] = ("user", [self.rng.choice(self.topics[at].context), f"{line}.", ask])
        else:
            self.turns[at][u] = ("user", [self.rng.choice(self.topics[at].context), line + "。", ask])
        return at

    def decoy(self, p: Probe, avoid: int) -> None:
        rng = self.rng
        at = rng.choice([i for i in range(len(self.turns)) if i != avoid])
        users = [i for i, (r, _) in enumerate(self.turns[at]) if r == "user"]
        self.turns[at][rng.choice(users)][1].insert(0, p.decoy)


def _build(lang: str, sizes: list[int], subjects: list[Subject], probes: list[Probe], chatter: list[str], seed: int, tag: str) -> list:
    out = []
    for h, n in enumerate(sizes):
        rng = random.Random(seed * 100 + h + (0 if lang == "en" else 50))
        g = _Gen(lang, n, subjects, probes, chatter, rng)
        keys = [f"{tag}{h}-{i + 1:03d}" for i in range(len(g.turns))]
        qs = []
        for p in probes:
            at = g.place(p, rng.choice(p.vals))
            g.decoy(p, at)
            qs.append({"question": p.ask, "keys": [keys[at]], "kind": "user-fact", "lang": lang})
        sessions = [(keys[i], g.topics[i].cwd if isinstance(g.topics[i], Subject) else f"/home/{'alex' if lang == 'en' else 'chen'}/notes",
                     [(r, g._join(s)) for r, s in g.turns[i]]) for i in range(len(g.turns))]
        out.append((sessions, qs))
    return out


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English ones (96 and 140 sessions), then the Chinese ones (90 and 130)."""
    return (_build("en", [96, 140], EN_SUBJECTS, EN_PROBES, EN_CHATTER, seed, "ge")
            + _build("zh", [90, 130], ZH_SUBJECTS, ZH_PROBES, ZH_CHATTER, seed, "gz"))
