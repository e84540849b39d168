"""Long multi-session chats, the hard kind: many sessions per HOME, each a long user <-> assistant
conversation about one of a few everyday or engineering topics (so the topic's words are in many
sessions), the answer stated once, in passing, in one turn of one session, and asked about later in
other words ("What did I say about …", "When did we …", "Which … did we pick", "How many times …").

A ChatBank is topics (user lines, assistant sentences, their vocabulary), facts (the answer line,
who says it, the questions, and near lines that put the fact's words elsewhere without the answer)
and counts (a detail mentioned in several sessions, asked "how many times": any of them answers).
`build(bank)` returns, per HOME, the sessions (key, cwd, turns) and the questions (question, keys).
The tuning bank is here; the held-out bank (other topics, other style, other seed) is in
chat_heldout.py, run once before tuning and once after. Every line is written for deja.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field


@dataclass
class Topic:
    name: str
    cwd: str
    user: list[str]
    assistant: list[str]
    vocab: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Fact:
    topic: str
    side: str  # who states it: user | assistant
    line: str
    questions: list[str]
    slots: dict[str, list[str]]
    near: list[str]  # the fact's words in other sessions, without the answer


@dataclass
class Count:
    topic: str
    lines: list[str]  # one mention per answering session
    question: str
    slots: dict[str, list[str]]
    times: tuple[int, int] = (2, 4)


@dataclass
class ChatBank:
    name: str
    topics: list[Topic]
    facts: list[Fact]
    counts: list[Count]
    chatter_user: list[str]
    chatter_assistant: list[str]
    common: dict[str, list[str]]
    seed: int
    homes: int = 3
    sessions: int = 50
    exchanges: tuple[int, int] = (5, 20)  # 10-40 turns
    sentences: tuple[int, int] = (3, 8)  # an assistant turn
    bullets: bool = False  # assistant turns as "- " lists


_SLOT = re.compile(r"\{(\w+)\}")


def _fill(text: str, values: dict[str, str], rng: random.Random, vocab: dict[str, list[str]]) -> str:
    def one(m: re.Match) -> str:
        k = m.group(1)
        return values[k] if k in values else rng.choice(vocab[k])
    return _SLOT.sub(one, text)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


class _Maker:
    def __init__(self, bank: ChatBank, rng: random.Random):
        self.bank, self.rng = bank, rng
        self.topics = {t.name: t for t in bank.topics}

    def vocab(self, topic: Topic) -> dict[str, list[str]]:
        return self.bank.common | topic.vocab

    def user(self, topic: Topic) -> str:
        rng, b = self.rng, self.bank
        pool = topic.user if rng.random() < 0.8 else b.chatter_user
        return _cap(_fill(rng.choice(pool), {}, rng, self.vocab(topic)))

    def assistant(self, topic: Topic) -> list[str]:
        rng, b = self.rng, self.bank
        out = []
        for _ in range(rng.randint(*b.sentences)):
            pool = topic.assistant if rng.random() < 0.7 else b.chatter_assistant
            out.append(_cap(_fill(rng.choice(pool), {}, rng, self.vocab(topic))))
        return out

    def session(self, topic: Topic) -> list[list]:
        """[role, sentences] turns; sentences are joined when written."""
        turns: list[list] = []
        for _ in range(self.rng.randint(*self.bank.exchanges)):
            turns.append(["user", [self.user(topic)]])
            turns.append(["assistant", self.assistant(topic)])
        return turns

    def insert(self, turns: list[list], side: str, line: str, where: str = "any") -> None:
        """The line, in passing: appended to a user turn, or one sentence inside an assistant turn."""
        idx = [i for i, (r, _) in enumerate(turns) if r == side]
        if where == "late":
            idx = idx[len(idx) // 3 :]
        i = self.rng.choice(idx)
        sents = turns[i][1]
        if side == "user":
            sents.insert(self.rng.randint(0, len(sents)), _cap(line))
        else:
            sents.insert(self.rng.randint(1, len(sents)), _cap(line))


def _end(s: str) -> str:
    return s if s[-1:] in ".!?" else s + "."


def _text(role: str, sents: list[str], bullets: bool) -> str:
    if role == "assistant":
        sents = [_end(s) for s in sents]
    if role == "assistant" and bullets and len(sents) > 2:
        return sents[0] + "\n\n" + "\n".join("- " + s for s in sents[1:])
    return " ".join(sents)


def build(bank: ChatBank) -> list[tuple[list[tuple[str, str, list]], list[tuple[str, list[str]]]]]:
    homes = []
    for h in range(bank.homes):
        rng = random.Random(bank.seed * 1000 + h)
        m = _Maker(bank, rng)
        names = [bank.topics[i % len(bank.topics)].name for i in range(bank.sessions)]
        rng.shuffle(names)
        sessions = [(f"{bank.name}{h}-{i + 1:03d}", names[i], m.session(m.topics[names[i]])) for i in range(bank.sessions)]
        used: set[int] = set()
        questions: list[tuple[str, list[str]]] = []

        def pick(topic: str, avoid: set[int]) -> int:
            own = [i for i, s in enumerate(sessions) if s[1] == topic and i not in avoid]
            return rng.choice(own or [i for i in range(len(sessions)) if i not in avoid])

        for fact in bank.facts:
            pools = {k: rng.sample(v, len(v)) for k, v in fact.slots.items()}
            values = {k: p[0] for k, p in pools.items()}
            at = pick(fact.topic, used)
            used.add(at)
            m.insert(sessions[at][2], fact.side, _fill(fact.line, values, rng, m.vocab(m.topics[fact.topic])))
            for j, near in enumerate(fact.near):
                other = {k: p[(j + 1) % len(p)] for k, p in pools.items()}
                # near lines keep the question's words (the slots the questions name), not the answer
                named = {k for q in fact.questions for k in _SLOT.findall(q)}
                mixed = {k: (values[k] if k in named else other[k]) for k in values}
                where = pick(fact.topic, {at}) if j % 2 == 0 else rng.randrange(len(sessions))
                if where == at:
                    continue
                side = rng.choice(["user", "assistant"])
                m.insert(sessions[where][2], side, _fill(near, mixed, rng, m.vocab(m.topics[sessions[where][1]])))
            q = rng.choice(fact.questions)
            questions.append((_cap(_fill(q, values, rng, {})), [sessions[at][0]]))
        for count in bank.counts:
            values = {k: rng.choice(v) for k, v in count.slots.items()}
            n = rng.randint(*count.times)
            keys = []
            avoid = set(used)
            for j in range(n):
                at = pick(count.topic, avoid)
                avoid.add(at)
                keys.append(sessions[at][0])
                m.insert(sessions[at][2], "user", _fill(count.lines[j % len(count.lines)], values, rng, m.vocab(m.topics[count.topic])))
            questions.append((_cap(_fill(count.question, values, rng, {})), keys))
        written = [(key, m.topics[t].cwd, [(r, _text(r, s, bank.bullets)) for r, s in turns]) for key, t, turns in sessions]
        homes.append((written, questions))
    return homes


# -- the tuning bank: everyday life and backend engineering, full sentences

_COMMON = {
    "day": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "yesterday", "last week", "this morning"],
    "feel": ["a bit tired", "pretty good", "stressed", "excited", "overwhelmed", "relaxed", "curious", "motivated"],
    "time": ["in the evening", "after work", "on the weekend", "early in the morning", "during lunch", "before bed"],
    "amount": ["a little", "a lot", "way too much", "not enough", "about the right amount"],
}

TOPICS = [
    Topic("cooking", "/home/dev/life", [
        "I want to cook something new {time}, any ideas for a {dish} that is not too hard?",
        "My {dish} came out {texture} again, what am I doing wrong?",
        "Can you give me a shopping list for a {dish} for four people?",
        "How long should I keep leftover {dish} in the fridge?",
        "I have {ingredient} and {ingredient} left, what can I make with them?",
        "Is it worth buying a {tool} or is a regular pan fine?",
        "I'm {feel} and want a quick dinner, what's the fastest thing with {ingredient}?",
        "What's a good side dish to go with {dish}?",
        "Should I use fresh or dried {herb} in the sauce?",
    ], [
        "For a {dish} the key is to not rush the first step and let the {ingredient} brown properly",
        "A {tool} helps, but a heavy pan works almost as well if you keep the heat moderate",
        "If it came out {texture}, the usual cause is too much liquid or a pan that is too crowded",
        "Fresh {herb} goes in at the end, dried {herb} goes in early so it has time to bloom",
        "Leftovers keep three or four days in the fridge in a closed container",
        "You can swap the {ingredient} for {ingredient} without changing much else",
        "Season in small steps and taste as you go, it is easier to add salt than to remove it",
        "Prep everything before you turn on the stove, it makes the cooking itself calm",
        "A squeeze of lemon at the end brightens almost any {dish}",
        "Roasting the {ingredient} first gives a deeper flavour than boiling it",
    ], {"dish": ["risotto", "curry", "stew", "stir fry", "lasagna", "soup", "pasta bake", "omelette", "chili", "pie"],
        "texture": ["too dry", "mushy", "bland", "too salty", "soggy", "burnt on the bottom"],
        "ingredient": ["onions", "garlic", "mushrooms", "chickpeas", "spinach", "tomatoes", "potatoes", "rice", "chicken", "lentils", "carrots", "peppers"],
        "tool": ["dutch oven", "cast iron skillet", "pressure cooker", "rice cooker", "stand mixer", "food processor"],
        "herb": ["basil", "thyme", "oregano", "parsley", "rosemary", "coriander"]}),
    Topic("fitness", "/home/dev/life", [
        "I've been running {distance} three times a week, should I add more?",
        "My {bodypart} hurts after workouts, is that normal?",
        "Can you put together a simple {workout} routine for {time}?",
        "How much protein do I need if I lift weights {freq}?",
        "I skipped the gym all week, feeling {feel}, how do I get back into it?",
        "Is it better to stretch before or after a {workout} session?",
        "What should I eat before a long run?",
        "I want to get better at {workout}, where do I start?",
    ], [
        "Increase your weekly distance by about ten percent at most, your body needs time to adapt",
        "Soreness in the {bodypart} for a day or two is normal, sharp pain is not and deserves rest",
        "A good {workout} routine mixes a warm up, a main block and a short cool down",
        "Consistency beats intensity: three moderate sessions a week do more than one hard one",
        "Stretch gently after the session when the muscles are warm",
        "Sleep and water matter as much as the training itself",
        "If you lift {freq}, aim for protein at every meal rather than one big shake",
        "Track your sessions in a notebook so you can see the progress over weeks",
        "Easy runs should feel easy, you should be able to talk while running",
        "Rest days are part of the plan, not a failure of the plan",
    ], {"distance": ["5 km", "3 miles", "10 km", "two miles", "8 km"],
        "bodypart": ["knee", "lower back", "shoulder", "ankle", "hip", "wrist"],
        "workout": ["strength", "yoga", "cycling", "swimming", "running", "rowing", "climbing"],
        "freq": ["twice a week", "four times a week", "every day", "on weekends"]}),
    Topic("travel", "/home/dev/life", [
        "I'm planning a trip to {city} in {month}, what should I see?",
        "Is it better to take the train or fly from {city} to {city}?",
        "What should I pack for a week in {city}?",
        "How many days do I need for {city}?",
        "Any tips for finding a cheap hotel near the center of {city}?",
        "I'm {feel} about the flight, it's a long one, any tips?",
        "Do I need a visa or any documents for a short trip?",
        "What food should I try when I'm in {city}?",
    ], [
        "In {city} the old town is walkable, so a hotel near the center saves a lot of time",
        "The train is often faster door to door once you count the airport security line",
        "Pack layers, the weather in {month} can change quickly",
        "Three full days is enough for the main sights, five if you want day trips",
        "Book the popular museums a few days ahead, the lines get long in the afternoon",
        "Local markets are the best place to try the food without spending much",
        "Keep a copy of your passport and booking confirmations on your phone",
        "On a long flight drink water, walk the aisle and skip the second coffee",
        "A city transit card usually pays for itself after a few rides",
    ], {"city": ["Lisbon", "Kyoto", "Prague", "Montreal", "Seville", "Vienna", "Istanbul", "Edinburgh", "Copenhagen", "Budapest"],
        "month": ["March", "April", "May", "June", "September", "October", "November", "December"]}),
    Topic("home", "/home/dev/life", [
        "The {room} is always cold in winter, how can I fix that cheaply?",
        "I want to repaint the {room}, what kind of paint should I get?",
        "My {plant} has yellow leaves, what's wrong with it?",
        "How often should I water the {plant} on the balcony?",
        "The {appliance} is making a weird noise, should I call someone?",
        "Any ideas to make a small {room} feel bigger?",
        "I'm {feel} about the clutter at home, how do I start sorting things out?",
        "Is it worth getting a smart thermostat for the apartment?",
    ], [
        "Draft stoppers and heavy curtains do more for a cold {room} than a new heater",
        "For a {room} use washable matte paint, it hides wall imperfections and cleans easily",
        "Yellow leaves on a {plant} usually mean too much water or not enough light",
        "Water the {plant} when the top few centimeters of soil are dry, not on a fixed schedule",
        "A rattling {appliance} is often just a loose panel or something stuck in the drum",
        "Mirrors and light colours make a small {room} feel more open",
        "Start with one drawer or one shelf a day, small wins keep you going",
        "A smart thermostat pays off when nobody is home during the day",
        "Check the seals on the windows before winter, it is a cheap fix",
    ], {"room": ["bedroom", "living room", "kitchen", "bathroom", "hallway", "home office"],
        "plant": ["monstera", "basil plant", "fern", "tomato plant", "succulent", "lemon tree", "orchid"],
        "appliance": ["washing machine", "dishwasher", "fridge", "dryer", "boiler"]}),
    Topic("money", "/home/dev/life", [
        "I want to save more each month, how should I set up a budget?",
        "Is it smarter to pay off the {debt} first or to invest?",
        "How much should I keep in an emergency fund?",
        "My {bill} went up again, how can I lower it?",
        "I'm {feel} about money this month, where do I even start?",
        "What's the difference between an index fund and a regular savings account?",
        "Should I cancel some subscriptions, I pay for {amount} of them?",
    ], [
        "Write down every expense for one month before you set the budget, the numbers surprise most people",
        "Pay off high interest {debt} first, then invest what you would have paid",
        "Three to six months of expenses is the usual emergency fund",
        "Call the provider about the {bill} and ask for the current offer, it often works",
        "An index fund spreads the risk over many companies and keeps fees low",
        "Automate the saving so it happens before you can spend it",
        "Review subscriptions every few months and keep only the ones you actually use",
        "A budget is a plan, not a punishment: leave some room for fun",
    ], {"debt": ["credit card", "car loan", "student loan", "personal loan"],
        "bill": ["phone bill", "electricity bill", "internet bill", "insurance", "rent"]}),
    Topic("backend", "/home/dev/api", [
        "The {service} endpoint is slow under load, where should I look first?",
        "We keep getting {error} errors from the {service} service, any idea why?",
        "Should the {service} service use a queue or call the worker directly?",
        "How do I add retries to the {service} client without hammering the upstream?",
        "Can you review this handler for the {service} API, it feels messy?",
        "What's a sane timeout for calls from the api to the {service} service?",
        "I'm {feel} about this refactor of the {service} module, can we plan it step by step?",
        "How should we log requests in the {service} service without leaking data?",
    ], [
        "Start by measuring where the time goes in the {service} handler, a profile beats a guess",
        "{error} errors usually mean the upstream is overloaded or the connection pool is exhausted",
        "A queue decouples the {service} worker from the api, so a slow job does not block requests",
        "Use exponential backoff with jitter for retries and cap the number of attempts",
        "Keep the handler thin: validation, one call into the service layer, and the response",
        "A timeout of a few seconds with a clear error message is better than waiting forever",
        "Log the request id and the route, never the body of a request that may hold personal data",
        "Add a test for the failure path before you change the code, then refactor in small commits",
        "The database connection pool should be sized to the number of workers, not larger",
        "Cache only what is expensive and safe to serve slightly stale",
    ], {"service": ["billing", "search", "notification", "user", "payment", "report", "upload", "auth"],
        "error": ["timeout", "503", "connection reset", "deadlock", "429", "out of memory"]}),
    Topic("deploy", "/home/dev/infra", [
        "The deploy of the {service} service failed again on the {stage} step, what now?",
        "How should we roll out the new {service} version without downtime?",
        "Our {platform} cluster keeps running out of memory, what can we tune?",
        "Should we move the {service} service to {platform}?",
        "The pipeline takes forever, how do we make the {stage} stage faster?",
        "How do we roll back quickly if the {service} release breaks?",
        "I'm {feel} about the release on {day}, what should we check before?",
    ], [
        "Read the log of the failed {stage} step first, the error is usually in the last lines",
        "A rolling update with a readiness probe keeps the {service} service up while pods change",
        "Set memory requests and limits on every pod so the {platform} scheduler can place them",
        "Cache dependencies between pipeline runs, it often halves the {stage} time",
        "Keep the previous image tag around so a rollback is one command",
        "A canary release sends a small share of traffic to the new version first",
        "Write the rollback steps down before the release, not during the incident",
        "Pin base image versions so a rebuild does not change behaviour silently",
    ], {"service": ["billing", "search", "notification", "user", "payment", "report", "upload", "auth"],
        "stage": ["build", "test", "lint", "migration", "image push", "smoke test"],
        "platform": ["Kubernetes", "ECS", "Nomad", "Fly", "a plain VM"]}),
    Topic("frontend", "/home/dev/web", [
        "The {page} page re-renders too often, how do I find out why?",
        "Should we keep the form state in a {lib} store or in the component?",
        "The {page} page looks broken on mobile, where do I start?",
        "How do I test the {page} page without a real backend?",
        "Our bundle is huge, how do we make the {page} page load faster?",
        "I'm {feel} about the redesign of the {page} page, can we plan it?",
    ], [
        "The profiler in the browser dev tools shows which components re-render and why",
        "Keep form state local unless several parts of the {page} page need it",
        "Start the mobile fix with the layout container, most breakage comes from fixed widths",
        "Mock the api at the network layer so the {page} tests exercise the real components",
        "Split the bundle by route so the {page} page loads only what it needs",
        "Images are usually the heaviest part of a page, serve them in modern formats",
        "Agree on the design tokens first, then the redesign of each page is mechanical",
        "A {lib} store is worth it when state is shared across many screens",
    ], {"page": ["checkout", "settings", "dashboard", "login", "profile", "search results", "onboarding"],
        "lib": ["Redux", "Zustand", "MobX", "Pinia", "Jotai"]}),
]

CHATTER_USER = [
    "Thanks, that helps a lot.", "Okay, let me think about that for a bit.", "Can you explain that in a simpler way?",
    "What would you do in my place?", "Makes sense, what's the next step?", "Sorry, I got distracted, where were we?",
    "I'm {feel} today, so keep it short please.", "Is there anything I'm missing here?", "Let's go with that for now.",
    "Can you summarise what we have so far?", "Good point, I hadn't thought of that.", "Hmm, I'm not sure that works for me.",
]
CHATTER_ASSISTANT = [
    "That makes sense given what you described", "There is no single right answer here, it depends on what you value most",
    "Let me break it down into a few steps", "The simplest option is usually the best place to start",
    "If that does not work, we can try another approach", "It is a common problem and there are good ways around it",
    "You do not have to decide everything today", "I would start small and adjust as you learn more",
    "Keep notes on what you try so you can compare later", "Happy to go deeper on any of these points",
    "The trade off is time now against time later", "A quick test will tell you more than a long debate",
]

FACTS = [
    # user states it, in passing
    Fact("cooking", "user", "by the way my sister finally named the sourdough starter I gave her, she calls it {name}",
         ["What name did my sister give the sourdough starter?", "What is my sister's sourdough starter called?"],
         {"name": ["Bubbles", "Doughbert", "Clint Yeastwood", "Gloria", "Sir Rise-a-lot", "Lenny"]},
         ["my sister wants to try baking sourdough bread at some point", "a sourdough starter needs feeding every day at room temperature"]),
    Fact("fitness", "user", "I signed up for the {race} on {date}, so that's the goal now",
         ["When is the race I signed up for?", "What date is the race I registered for?"],
         {"race": ["city half marathon", "trail 10k", "harbour fun run", "autumn 15k", "charity 5k"],
          "date": ["October 12", "September 28", "November 3", "June 7", "May 18", "August 24"]},
         ["a lot of people sign up for a race to stay motivated", "the race season starts in spring around here"]),
    Fact("travel", "user", "we ended up booking the {hotel} for {city}, mostly because of the rooftop view",
         ["Which hotel did we pick for the {city} trip?", "Where are we staying in {city}?"],
         {"hotel": ["Hotel Miradouro", "Casa Azul", "the Lantern Inn", "Hotel Sol Poniente", "the Old Mill guesthouse"],
          "city": ["Lisbon", "Seville", "Prague", "Vienna", "Budapest"]},
         ["hotels in {city} with a view are expensive in summer", "I always look at the hotel reviews before booking anything"]),
    Fact("home", "user", "oh and the landlord said the {appliance} will be replaced on {day2}, finally",
         ["When is the landlord replacing the {appliance}?", "What did the landlord say about the {appliance}?"],
         {"appliance": ["boiler", "dishwasher", "fridge", "washing machine", "dryer"],
          "day2": ["the 14th", "next Thursday", "the first of the month", "March 3", "after the holidays"]},
         ["the {appliance} has been making noise for weeks", "I should ask the landlord about the broken window too"]),
    Fact("money", "user", "I moved my savings to {bank} because they pay {rate} interest",
         ["Which bank did I move my savings to?", "Where do I keep my savings now?"],
         {"bank": ["Northwind Credit Union", "Bluewater Bank", "Meridian Savings", "Harbor Federal", "Oakline Bank"],
          "rate": ["4.1 percent", "3.8 percent", "4.5 percent", "3.2 percent"]},
         ["my savings account pays almost nothing", "a friend told me to move money into a savings account with better interest"]),
    Fact("backend", "user", "we decided to move the {service} worker from cron to {queue} last sprint",
         ["When did we move the {service} worker to the new queue?", "Which queue does the {service} worker use now?"],
         {"service": ["billing", "report", "notification", "upload"],
          "queue": ["RabbitMQ", "SQS", "Redis streams", "NATS", "Kafka"]},
         ["the {service} worker is slow again on Mondays", "we should think about a queue for background jobs at some point"]),
    Fact("deploy", "user", "heads up, {person} is the release manager for the {service} rollout this quarter",
         ["Who is running the {service} release this quarter?", "Who did we pick as release manager for {service}?"],
         {"person": ["Priya", "Marcus", "Elena", "Tomasz", "Aiko", "Rafael"],
          "service": ["billing", "search", "payment", "auth"]},
         ["the {service} release needs a manager who knows the rollback plan", "the release calendar for this quarter is packed"]),
    Fact("frontend", "user", "design said the {page} page should use {color} as the primary colour from now on",
         ["What primary colour did design choose for the {page} page?", "What did design say about the colour of the {page} page?"],
         {"page": ["checkout", "settings", "dashboard", "onboarding"],
          "color": ["teal", "deep purple", "burnt orange", "forest green", "navy"]},
         ["the {page} page needs a refresh, the colours look dated", "design will send the new mockups next week"]),
    # the assistant states it, in passing
    Fact("cooking", "assistant", "for the dinner party I would make the {dish2} with {spice}, it can be prepared a day ahead",
         ["What dish did you suggest for the dinner party?", "What did you recommend I cook for my dinner party?"],
         {"dish2": ["lamb stew", "mushroom lasagna", "chickpea curry", "fish pie", "ratatouille"],
          "spice": ["smoked paprika", "cumin and cinnamon", "saffron", "fresh ginger"]},
         ["a dinner party is easier when most dishes are made ahead", "I am hosting a dinner for friends soon and I am {feel}"]),
    Fact("fitness", "assistant", "for your {bodypart} I suggested the {exercise} twice a day, ten slow reps each",
         ["What exercise did you recommend for my {bodypart}?", "Which stretch did you tell me to do for the {bodypart} pain?"],
         {"bodypart": ["knee", "lower back", "shoulder", "hip"],
          "exercise": ["clamshell", "cat cow stretch", "wall slide", "glute bridge", "dead bug"]},
         ["pain in the {bodypart} is common for new runners", "any exercise should stop if it causes sharp pain"]),
    Fact("backend", "assistant", "the root cause of the {service} timeouts was {cause}",
         ["What was causing the {service} timeouts?", "Why did the {service} service keep timing out?"],
         {"service": ["search", "payment", "user", "auth"],
          "cause": ["a missing index on the created_at column", "a connection pool of size two", "a retry loop without backoff",
                    "DNS lookups on every request", "a lock held across an HTTP call"]},
         ["timeouts in the {service} service show up in the dashboard every afternoon", "we saw some timeouts but they went away after the restart"]),
    Fact("deploy", "assistant", "the {stage} stage got faster after we {change}, it went from twelve minutes to four",
         ["How did we speed up the {stage} stage?", "What made the pipeline's {stage} step faster?"],
         {"stage": ["build", "test", "lint", "image push"],
          "change": ["cached the dependency layer", "split the suite across four runners", "dropped the debug symbols",
                     "moved to a smaller base image"]},
         ["the {stage} stage is the slowest part of the pipeline", "the pipeline got slower after the last upgrade"]),
    Fact("travel", "assistant", "since you get seasick, I'd take the {transport} to the island instead of the ferry",
         ["How did you suggest I get to the island?", "What transport did you recommend for reaching the island?"],
         {"transport": ["small plane", "morning hydrofoil", "bridge bus", "night train and taxi"]},
         ["the island is beautiful in early summer", "the ferry schedule changes after September"]),
    Fact("money", "assistant", "a simple rule for you: put {share} of every paycheck into the {fund} before anything else",
         ["What share of my paycheck did you say to save?", "What rule did you give me for my paycheck?"],
         {"share": ["15 percent", "a fifth", "200 dollars", "one tenth"],
          "fund": ["emergency fund", "index fund", "house deposit account", "retirement account"]},
         ["my paycheck comes on the last Friday of the month", "saving feels impossible some months"]),
]

COUNTS = [
    Count("fitness", ["I went to the {class} class again {time}, it was tough", "did another {class} class {day}, I'm sore"],
          "How many times did I mention going to the {class} class?", {"class": ["spin", "pilates", "boxing", "kettlebell"]}),
    Count("cooking", ["I baked {bread} again, the family loves it", "made {bread} {day}, better than last time"],
          "How many times have I baked {bread}?", {"bread": ["banana bread", "focaccia", "cinnamon rolls", "rye bread"]}),
]

BANK = ChatBank("chat", TOPICS, FACTS, COUNTS, CHATTER_USER, CHATTER_ASSISTANT, _COMMON, seed=7)
