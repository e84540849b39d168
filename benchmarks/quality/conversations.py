"""The retrieval-quality set's sessions: short multi-turn conversations across four projects,
with topics that overlap on purpose (two about Postgres, two about limits and throttling, two about
memory or speed) so that the right session has to win over a near one.

Each session: (id, project cwd, [(role, text)]); role "tool" is a Bash call and its output.
"""

SESSIONS = [
    ("q01", "/home/dev/api", [
        ("user", "Under load the API starts returning 500s with 'remaining connection slots are reserved'. Postgres connection pool exhausted?"),
        ("tool", ("psql -c 'select count(*) from pg_stat_activity'", " count\n-------\n   97\n(1 row)")),
        ("assistant", "Yes, the pool is exhausted: 97 of 100 slots are in use and most are idle in transaction. The request middleware opens a connection and only returns it on success, so every failed request leaks one."),
        ("user", "Fix it."),
        ("assistant", "I moved the release into a finally block in the request middleware, put pgbouncer in front in transaction mode, and raised the pool size from 10 to 20 per worker. Under the load test the connection count now stays below 40."),
    ]),
    ("q02", "/home/dev/api", [
        ("user", "We need rate limiting on the public API before the launch."),
        ("assistant", "I suggest a token bucket per API key kept in Redis: 100 requests per minute, refilled continuously. When the bucket is empty we answer 429 with a Retry-After header."),
        ("user", "Go with that, and make the limit configurable per plan."),
        ("assistant", "Done: the limiter is a middleware that runs a Lua script in Redis atomically; the per-plan limits live in plans.yaml. Tests cover the 429 path and the Retry-After value."),
    ]),
    ("q03", "/home/dev/api", [
        ("user", "Let's replace the session cookies with JWT for the mobile clients."),
        ("assistant", "Plan: short-lived access tokens (15 minutes) signed with RS256, and refresh tokens stored in an httpOnly secure cookie on the web and in the keychain on mobile. Refresh tokens rotate on every use."),
        ("user", "Some phones have wrong clocks and tokens are rejected as not yet valid."),
        ("assistant", "I added a 30 second leeway for clock skew when validating iat and nbf. Rejected tokens dropped to zero in the staging logs."),
    ]),
    ("q04", "/home/dev/api", [
        ("user", "test_order_totals fails in CI every night but passes locally."),
        ("tool", ("pytest tests/test_orders.py::test_order_totals", "E   AssertionError: assert datetime.date(2026, 3, 2) == datetime.date(2026, 3, 1)\n1 failed in 0.41s")),
        ("assistant", "The test builds the expected date with datetime.now() while the code under test uses UTC. Between midnight UTC and local midnight the two dates differ, which is when the nightly CI job runs."),
        ("assistant", "Fixed by freezing time with freezegun at a fixed UTC instant and comparing in UTC everywhere. The timezone bug in the test is gone."),
    ]),
    ("q05", "/home/dev/web", [
        ("user", "The production bundle from vite build is 1.2 MB. Where does that come from?"),
        ("tool", ("npx vite-bundle-visualizer", "lodash 531 kB\nreact-dom 130 kB\nchart.js 190 kB")),
        ("assistant", "Most of it is lodash: we import the whole library in utils/index.ts. Switching to lodash-es with per-method imports lets tree shaking drop the rest."),
        ("assistant", "After the change the bundle is 640 kB; I also lazy-load chart.js on the reports page."),
    ]),
    ("q06", "/home/dev/web", [
        ("user", "Add dark mode to the web app."),
        ("assistant", "I defined the colours as CSS variables on :root and a [data-theme=dark] override, followed prefers-color-scheme by default, and added a toggle whose choice is persisted in localStorage."),
        ("user", "On reload there is a flash of the light theme before it switches."),
        ("assistant", "That flash of wrong theme happens because the theme is applied after React mounts. An inline script in the head now reads localStorage and sets data-theme before first paint."),
    ]),
    ("q07", "/home/dev/web", [
        ("user", "The customers list with 10k rows takes seconds to scroll and type into the filter box."),
        ("assistant", "Every keystroke re-renders all rows. I wrapped the row component in React.memo, moved the handlers into useCallback, and rendered the list with react-window so only the visible rows are in the DOM."),
        ("user", "Much better. Does sorting still work?"),
        ("assistant", "Yes, sorting happens on the data before virtualization; the profiler shows 4 ms per keystroke instead of 900 ms."),
    ]),
    ("q08", "/home/dev/infra", [
        ("user", "The billing pods keep restarting in kubernetes."),
        ("tool", ("kubectl describe pod billing-7d9f", "Last State: Terminated\n  Reason: OOMKilled\n  Exit Code: 137\nLimits: memory: 1Gi")),
        ("assistant", "They are OOMKilled: the JVM sizes its heap from the node's memory, not the container's 1Gi limit, so the heap grows past the limit."),
        ("assistant", "I set -XX:MaxRAMPercentage=75 so the heap follows the container limit, and raised the memory limit to 2Gi. No restarts for 24 hours."),
    ]),
    ("q09", "/home/dev/infra", [
        ("user", "terraform plan says: Error acquiring the state lock, ConditionalCheckFailedException."),
        ("assistant", "The state lock in DynamoDB is still held by the CI job that was cancelled halfway through an apply. Nobody else is running terraform, so it is safe to release it."),
        ("tool", ("terraform force-unlock 6f1c2a9e-4d2b-11ef-9a3c-0242ac120002", "Terraform state has been successfully unlocked!")),
        ("assistant", "Unlocked with force-unlock and the lock ID. I also added -lock-timeout=5m to the CI job and a trap that releases the lock when the job is cancelled."),
    ]),
    ("q10", "/home/dev/infra", [
        ("user", "Set up nightly backups of the main Postgres database."),
        ("assistant", "A CronJob runs pg_dump in custom format at 02:00, compresses it and uploads to the s3://acme-db-backups bucket. An S3 lifecycle rule deletes objects after 30 days."),
        ("user", "How do we know the backups work?"),
        ("assistant", "A weekly restore drill restores the latest dump into a scratch instance and runs the smoke tests; it pages if the restore fails. Retention is 30 days, as agreed."),
    ]),
    ("q11", "/home/dev/data", [
        ("user", "Customers say names like José and Zoë come out as Jos\u00c3\u00a9 after the CSV import."),
        ("assistant", "Those files are encoded in Windows-1252 (exported from Excel), but the importer decodes everything as UTF-8, so accented characters turn into mojibake."),
        ("assistant", "The CSV import now detects the encoding with charset-normalizer and falls back to cp1252 when detection is unsure. I added fixture files in both encodings."),
    ]),
    ("q12", "/home/dev/data", [
        ("user", "The tenant activity dashboard takes 8 seconds to load."),
        ("tool", ("psql -c 'EXPLAIN ANALYZE select ... from events where tenant_id = 42 and created_at > now() - interval 30 days'", "Seq Scan on events  (cost=0.00..981234.00 rows=120 width=64) (actual time=8012.3..8012.9)")),
        ("assistant", "EXPLAIN ANALYZE shows a sequential scan over the events table: there is no index covering tenant_id with created_at."),
        ("assistant", "I added a composite index on (tenant_id, created_at) concurrently. The query went from 8 s to 40 ms."),
    ]),
    ("q13", "/home/dev/data", [
        ("user", "Some webhook events show up twice in the events table."),
        ("assistant", "The provider retries deliveries, and we insert every delivery. I derived an idempotency key from the provider's event id and the source, with a unique constraint on it."),
        ("assistant", "The insert is now an upsert with ON CONFLICT DO NOTHING, so a redelivered event is ignored. A migration deduplicated the existing rows."),
    ]),
    ("q14", "/home/dev/web", [
        ("user", "前端的国际化要支持中文，日期格式也要本地化。"),
        ("assistant", "我把翻译文件改成按语言懒加载，中文放在 locales/zh-CN.json；日期格式用 Intl.DateTimeFormat 按用户的语言本地化，不再写死 MM/DD/YYYY。"),
        ("user", "繁体中文也要吗？"),
        ("assistant", "加了 zh-TW，缺的词条回退到简体。"),
    ]),
    ("q15", "/home/dev/api", [
        ("user", "Password reset mails are not arriving since this morning."),
        ("assistant", "The SMTP provider is throttling us: the logs show 421 responses after we send a few hundred messages in a burst. Sending happens inline in the request, so the mails are simply dropped."),
        ("assistant", "I moved sending into a queue worker with retries and exponential backoff, and messages go to a dead letter queue after 5 attempts. The backlog drained in ten minutes."),
    ]),
    ("q16", "/home/dev/infra", [
        ("user", "Our log bill tripled this month."),
        ("assistant", "Production is running with debug level in three services, and the health checks log every probe. Together that is 80% of the volume."),
        ("assistant", "Set production to info, sample debug lines at 10% when debug is on, and dropped health check logs at the collector. Ingestion is back to last month's level."),
    ]),
]

# (question, the session that answers it, whether it is asked in words the evidence does not use)
QUESTIONS = [
    ("postgres connection pool exhausted", "q01", False),
    ("the app could not get a db handle during traffic spikes", "q01", True),
    ("rate limiting public api redis token bucket", "q02", False),
    ("how do we keep abusive clients from flooding our endpoints", "q02", True),
    ("jwt refresh tokens httpOnly cookie", "q03", False),
    ("phones with a wrong clock could not log in", "q03", True),
    ("test_order_totals fails nightly timezone", "q04", False),
    ("a test that breaks only at certain hours", "q04", True),
    ("lodash bundle size vite", "q05", False),
    ("make the javascript download smaller", "q05", True),
    ("dark mode flash of wrong theme", "q06", False),
    ("page blinks white on reload before going dark", "q06", True),
    ("react-window virtualization 10k rows", "q07", False),
    ("long customer table is sluggish when typing a search", "q07", True),
    ("pods OOMKilled JVM heap", "q08", False),
    ("java service keeps getting killed in the cluster for using too much ram", "q08", True),
    ("terraform state lock dynamodb force-unlock", "q09", False),
    ("infrastructure apply stuck after a cancelled pipeline", "q09", True),
    ("pg_dump backups s3 retention", "q10", False),
    ("how long are database dumps kept", "q10", True),
    ("csv import Windows-1252 encoding", "q11", False),
    ("accented names come out garbled after uploading a spreadsheet", "q11", True),
    ("composite index tenant_id created_at", "q12", False),
    ("why was the activity dashboard slow", "q12", False),
    ("upsert ON CONFLICT DO NOTHING idempotency key", "q13", False),
    ("same webhook stored twice", "q13", False),
    ("日期格式 本地化", "q14", False),
    ("翻译 懒加载", "q14", False),
    ("password reset emails not delivered", "q15", False),
    ("cut the logging costs", "q16", True),
]
