"""The held-out long-chat bank: other topics (family, car, music, health, career; databases,
mobile releases, security, data pipelines), another style (short casual user lines, assistant
answers as bullet lists, more sessions, longer ones) and another seed than chat.py's tuning bank.
Written before tuning; run once before tuning and once after (docs/benchmarks.md). Every line is
written for deja.
"""

from __future__ import annotations

from chat import ChatBank, Count, Fact, Topic

_COMMON = {
    "when": ["tonight", "tomorrow", "this weekend", "next week", "later today", "on friday"],
    "mood": ["kinda lost", "fine", "annoyed", "hopeful", "worn out", "pumped"],
}

TOPICS = [
    Topic("kids", "/home/me/family", [
        "my {kid} won't sleep before 10pm, ideas?", "what's a fun thing to do with a {age} year old {when}?",
        "{kid} keeps fighting with her brother over the tablet", "school wants us to help with a {project} project, where to start",
        "how much screen time is ok for a {age} year old", "need healthy snack ideas for the lunch box",
        "{kid} says the homework is boring, how do i motivate her", "we're {mood} about picking a school for next year",
    ], [
        "A fixed bedtime routine with the same three steps every night helps most kids settle",
        "At {age} kids like short activities with a clear finish, like baking or a scavenger hunt",
        "Give each child a timer for the tablet so the rule is the timer, not you",
        "For a {project} project let {kid} choose the topic, then break it into small evenings",
        "Screen time works better with a fixed slot than with a daily number of minutes",
        "Cut fruit, cheese cubes and crackers keep well in a lunch box",
        "Homework goes easier when it comes right after a snack and before any screen",
        "Visit the schools on an open day and ask the kids how they felt there",
    ], {"kid": ["Mia", "Lena", "Zoe", "Ava"], "age": ["five", "seven", "nine", "eleven"],
        "project": ["science", "history", "art", "volcano", "solar system"]}),
    Topic("car", "/home/me/garage", [
        "car makes a squeal when i brake, bad?", "when should i change the {part} on a {car}",
        "is it worth fixing the {car} or should i sell it", "check engine light came on {when}, panic?",
        "tire pressure keeps dropping on the front left", "what's a fair price for a {service}?",
        "thinking about going electric, {mood} about range though",
    ], [
        "A squeal when braking usually means the pads are worn down to the wear indicator",
        "Most makers say to change the {part} every year or so, check the manual of the {car}",
        "Compare the repair cost with what the {car} is worth, and with a year of payments on another",
        "A steady check engine light is not an emergency, a blinking one means stop driving",
        "Slow pressure loss is often a nail or a leaking valve, a tire shop can find it quickly",
        "Ask two garages for a written quote for the {service}",
        "For daily commuting most electric cars have more range than people need",
    ], {"part": ["oil", "air filter", "brake fluid", "timing belt", "spark plugs", "coolant"],
        "car": ["Corolla", "Golf", "Civic", "Focus", "Outback"],
        "service": ["brake job", "timing belt change", "wheel alignment", "AC recharge"]}),
    Topic("music", "/home/me/music", [
        "trying to learn {song} on the {instrument}, the chords are hard", "how often should i practice {instrument}",
        "my fingers hurt after playing, normal?", "should i take lessons or learn from videos",
        "what {instrument} should a beginner buy", "band practice {when}, we're {mood}",
    ], [
        "Slow the song down and loop the hardest bar until it is clean, then speed up",
        "Twenty minutes every day beats two hours once a week for the {instrument}",
        "Sore fingertips are normal for the first weeks, they toughen up",
        "A few lessons early on stop bad habits, videos are great after that",
        "A mid-range {instrument} from a known brand holds its value if you stop",
        "Record the band practice on a phone, listening back shows what to fix",
    ], {"song": ["Wonderwall", "Blackbird", "Hallelujah", "a bossa nova tune", "Clair de Lune"],
        "instrument": ["guitar", "piano", "ukulele", "bass", "violin"]}),
    Topic("health", "/home/me/health", [
        "been sleeping badly all week", "how much coffee is too much", "my doctor wants me to lower my {marker}",
        "any tips to drink more water", "headaches every afternoon lately", "feeling {mood}, maybe burnout?",
        "should i get a standing desk for my back",
    ], [
        "Keep the same wake-up time every day, even on weekends, it anchors sleep",
        "Up to about four cups of coffee a day is fine for most adults, less after noon",
        "Small changes to food and a daily walk move {marker} more than people expect",
        "A bottle on the desk and a glass with every meal add up",
        "Afternoon headaches often come from screen glare, dehydration or skipped lunch",
        "Burnout shows as lasting tiredness and distance from work, talk to someone you trust",
        "Alternating sitting and standing helps the back more than standing all day",
    ], {"marker": ["blood pressure", "cholesterol", "blood sugar", "resting heart rate"]}),
    Topic("career", "/home/me/career", [
        "got an interview at {company} {when}, what should i prepare", "how do i ask for a raise",
        "my manager gives vague feedback, how do i get more", "should i take the {role} offer",
        "writing my resume again, {mood}", "is a career switch to {role} realistic",
    ], [
        "Prepare three stories about problems you solved, with what you did and the result",
        "Ask for a raise with numbers: what you delivered and what the market pays for the role",
        "Ask your manager one specific question after each project: what should I do differently",
        "Compare offers on growth, team and money, in that order if you are early in your career",
        "Keep the resume to one page and start each line with what changed because of you",
        "A switch to {role} is realistic if you can build a small portfolio first",
    ], {"company": ["Fintech startup", "a logistics company", "a game studio", "a bank", "a health app"],
        "role": ["product manager", "data engineer", "engineering manager", "designer", "SRE"]}),
    Topic("db", "/home/me/work/db", [
        "query on the {table} table takes 8s, help", "should we shard {table} or just add a replica",
        "migration on {table} locked the db for a minute", "vacuum keeps falling behind on {table}",
        "do we need an orm or is raw sql fine here", "connection count spikes at 9am, {mood}",
    ], [
        "Run EXPLAIN ANALYZE on the {table} query and look for a sequential scan",
        "A read replica is far simpler than sharding and buys time for years at this size",
        "Add columns without defaults and backfill in batches so the {table} table is not locked",
        "Tune autovacuum per table, {table} gets more updates than the defaults expect",
        "Raw SQL is fine for a small service, an ORM pays off with many models",
        "Use a pooler in front of the database so the 9am spike does not open new connections",
    ], {"table": ["orders", "events", "users", "invoices", "sessions", "audit_log"]}),
    Topic("mobile", "/home/me/work/app", [
        "app store rejected the build again", "crash rate went up after {version}", "how do we do staged rollouts on android",
        "push notifications not arriving on some phones", "app size is 180mb, too big?", "release is {when}, {mood}",
    ], [
        "Read the rejection note line by line, most rejections cite one guideline",
        "Compare crash reports of {version} with the previous build, filter by device",
        "Staged rollout lets you start at one percent of users and halt if crashes rise",
        "Some phones kill background apps, check battery optimisation and token refresh",
        "Large assets can be downloaded on first launch instead of shipped in the binary",
        "Freeze features two days before the release and only fix bugs",
    ], {"version": ["2.4.0", "3.1", "5.0.2", "1.9", "4.2.1"]}),
    Topic("security", "/home/me/work/sec", [
        "someone found our api key in a public repo", "do we need 2fa for the admin panel",
        "pen test report came back with {finding}", "how should we store passwords", "{mood} about the audit {when}",
    ], [
        "Rotate the key now, then search the history for any other secrets",
        "Yes, 2fa on the admin panel is the cheapest big win in security",
        "Fix {finding} first if it is reachable without login",
        "Store passwords with a slow hash like argon2 or bcrypt, never plain hashes",
        "Write down who has access to what before the audit, auditors always ask",
    ], {"finding": ["an open redirect", "missing rate limits", "a stored XSS", "verbose error pages", "weak TLS settings"]}),
]

CHATTER_USER = ["ok", "hmm not sure", "makes sense", "wait what do you mean", "cool thanks", "go on",
                "that's too complicated for me", "and then?", "lol ok", "can you shorten that", "right, i forgot"]
CHATTER_ASSISTANT = ["Here is a short version", "A few options", "In short", "Roughly, it works like this",
                     "It depends on your situation, but usually", "Two things to keep in mind", "The quick answer is yes, with a caveat",
                     "Try one change at a time", "No worries, this trips up a lot of people"]

FACTS = [
    Fact("kids", "user", "oh also {kid}'s teacher this year is {teacher}, seems nice",
         ["what's the name of my daughter's teacher?", "who teaches {kid} this year?"],
         {"kid": ["Mia", "Lena", "Zoe"], "teacher": ["Mr Okafor", "Ms Lindqvist", "Mrs Duarte", "Mr Haddad"]},
         ["{kid} wants to bring something for the teacher at the end of the year", "the school sends too many emails"]),
    Fact("kids", "assistant", "for the birthday a {theme} party in the garden is easy to run with ten kids",
         ["what party theme did you suggest for the birthday?", "which theme did we go with for the kids party?"],
         {"theme": ["pirate treasure hunt", "dinosaur dig", "mini olympics", "space camp"]},
         ["the birthday is coming up and i have no plan", "ten kids at a party is a lot"]),
    Fact("car", "user", "garage quoted {price} for the {service2}, way more than i expected",
         ["how much did the garage want for the {service2}?", "what was the quote for the {service2}?"],
         {"price": ["640 euros", "$1,150", "380 pounds", "$920"], "service2": ["timing belt", "clutch", "brake discs", "gearbox"]},
         ["the {service2} might need attention soon", "i trust the garage near work more"]),
    Fact("car", "assistant", "with your commute an {ev} would cover the week on one charge",
         ["which electric car did you say would fit my commute?", "what ev did you recommend?"],
         {"ev": ["older Leaf", "ID.3", "Ioniq 5", "Model 3 standard range", "Zoe"]},
         ["electric cars lose value fast in the first years", "charging at home is cheaper than public chargers"]),
    Fact("music", "user", "we named the band {band}, don't laugh",
         ["what did we call the band?", "what's our band's name again?"],
         {"band": ["The Late Bloomers", "Static Garden", "Second Breakfast", "Velvet Hum"]},
         ["the band needs a name before the first gig", "we practice in the garage on thursdays"]),
    Fact("health", "user", "doctor switched me to {med} in the mornings instead of the old pills",
         ["what medication did my doctor switch me to?", "what did the doctor change about my pills?"],
         {"med": ["a lower dose of amlodipine", "magnesium and vitamin D", "a statin", "losartan"]},
         ["my doctor wants to see me again in three months", "i keep forgetting the pills in the morning"]),
    Fact("health", "assistant", "for your sleep try {habit} for two weeks and see if it changes anything",
         ["what did you tell me to try for my sleep?", "what was the sleep tip you gave me?"],
         {"habit": ["no screens after 9pm", "a cold bedroom at 18 degrees", "no coffee after noon", "a short walk after dinner"]},
         ["sleep has been better this month", "my partner sleeps badly too"]),
    Fact("career", "user", "final round at {company} went well, they offered {salary}",
         ["how much did {company} offer me?", "what was the salary in the {company} offer?"],
         {"company": ["Brightpath", "Northstar Labs", "Quillon", "Tidewater"], "salary": ["95k", "120k plus bonus", "88k", "a 20 percent raise"]},
         ["{company} has a long interview process", "i'm not sure about the salary range for this role"]),
    Fact("db", "user", "fyi we bumped the pool size to {pool} in prod and the 9am spike is gone",
         ["what pool size did we set in production?", "how did we fix the morning connection spike?"],
         {"pool": ["40", "64", "25", "120"]},
         ["the morning spike shows up in the dashboard", "prod and staging have different pool settings"]),
    Fact("db", "assistant", "the {table} query was slow because of {cause2}, adding the index fixed it",
         ["why was the {table} query slow?", "what made the {table} query take so long?"],
         {"table": ["orders", "events", "invoices"],
          "cause2": ["a function call on the indexed column", "an implicit cast from text to int", "a missing composite index on tenant and date"]},
         ["the {table} table grows by a million rows a month", "some queries on {table} are slow in the reports"]),
    Fact("mobile", "user", "we pushed {version} to {share} of android users and paused it",
         ["how far did we roll out {version}?", "what share of users got {version}?"],
         {"version": ["2.4.0", "3.1", "5.0.2"], "share": ["5 percent", "10 percent", "a quarter", "1 percent"]},
         ["{version} had a crash on older phones", "the android rollout takes a week usually"]),
    Fact("security", "assistant", "for the leaked key the first step was revoking it in the {provider} console",
         ["what did we do first about the leaked key?", "where did we revoke the api key?"],
         {"provider": ["AWS", "Stripe", "Twilio", "GitHub", "Google Cloud"]},
         ["a leaked key is a common incident", "the key rotation script is in the ops repo"]),
    Fact("security", "user", "the auditor is {auditor}, coming on the {date2}",
         ["who is doing the audit?", "when is the auditor coming?"],
         {"auditor": ["Halden & Co", "a woman named Greta Solberg", "Brightline Assurance"], "date2": ["3rd", "17th", "29th"]},
         ["the audit checklist is long", "we failed one audit item last year"]),
]

COUNTS = [
    Count("car", ["topped up the {fluid} again", "had to add {fluid} again {when}"],
          "how many times did i have to top up the {fluid}?", {"fluid": ["coolant", "oil", "washer fluid"]}),
    Count("music", ["we played {venue} again, small crowd", "another gig at {venue}, went ok"],
          "how many gigs did we play at {venue}?", {"venue": ["the Crow Bar", "Cafe Lumen", "the student union"]}),
]

BANK = ChatBank("held", TOPICS, FACTS, COUNTS, CHATTER_USER, CHATTER_ASSISTANT, _COMMON, seed=1913,
                homes=3, sessions=60, exchanges=(6, 20), sentences=(3, 7), bullets=True)
