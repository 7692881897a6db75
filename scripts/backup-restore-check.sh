#!/usr/bin/env bash
# Backup and restore check on a PostgreSQL server (docs/operations.md, "Backup and restore").
#
#   1. creates a fresh database and brings it to the demo state by starting the
#      built API on it (migrations and the demo seed run before the server
#      listens, so a health answer means both are done), signs in as the demo
#      admin (a session and an audit row, as in a used console) and stops it;
#   2. dumps it with pg_dump -Fc and restores the dump with pg_restore into a
#      second fresh database;
#   3. compares the row count of every table, the value of every sequence and
#      a checksum of the key tables (accounts, users, readings, audit_logs,
#      invoices, invoice_counters) between the two;
#   4. starts the API on the restored database, signs in as the demo admin and
#      reads a page of industries with that session.
# Both databases are dropped at the end, whatever happened.
#
# The server: PGHOST/PGPORT/PGUSER (default 127.0.0.1, 5432, postgres; trust
# or PGPASSWORD). pg_dump and pg_restore of the server's major version are
# taken from /usr/lib/postgresql/<major>/bin when present.
# Exits 0 when everything matches; prints the first difference otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGUSER="${PGUSER:-postgres}"
START_TIMEOUT_SECONDS="${START_TIMEOUT_SECONDS:-600}"
KEY_TABLES=(accounts users readings audit_logs invoices invoice_counters)
DEMO_USER='admin@vayu.demo'
DEMO_PASSWORD='Vayu@Demo2026'

step() { printf '\n== %s\n' "$*"; }
fail() {
  printf 'backup-restore check FAILED: %s\n' "$*" >&2
  exit 1
}

run_id="$(date +%s)_$$"
source_db="vayu_backup_source_${run_id}"
restored_db="vayu_backup_restored_${run_id}"
build_dir="dist-backup-check-$$"
work="$(mktemp -d)"
server_pid=""

cleanup() {
  local status=$?
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  for db in "$source_db" "$restored_db"; do
    psql -X -q -d postgres -c "DROP DATABASE IF EXISTS ${db} WITH (FORCE)" >/dev/null 2>&1 || true
  done
  rm -rf "$work" "apps/api/${build_dir}"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

psql_at() { psql -X -q -v ON_ERROR_STOP=1 -At -d "$1" -c "$2"; }

step "PostgreSQL server and client tools"
pg_isready -q -h "$PGHOST" -p "$PGPORT" || fail "no PostgreSQL server answers at ${PGHOST}:${PGPORT}"
server_version_num="$(psql_at postgres 'SHOW server_version_num')"
major=$((server_version_num / 10000))
pg_bin="/usr/lib/postgresql/${major}/bin"
if [[ -x "${pg_bin}/pg_dump" && -x "${pg_bin}/pg_restore" ]]; then
  PG_DUMP="${pg_bin}/pg_dump" PG_RESTORE="${pg_bin}/pg_restore"
else
  PG_DUMP="$(command -v pg_dump)" PG_RESTORE="$(command -v pg_restore)"
fi
dump_major="$("$PG_DUMP" --version | grep -oE '[0-9]+' | head -n 1)"
[[ "$dump_major" -ge "$major" ]] || fail "pg_dump ${dump_major} is older than the server (${major})"
echo "server ${major} (${server_version_num}); ${PG_DUMP}"

step "Building the API (apps/api/${build_dir})"
(cd apps/api && node build.mjs --outdir "$build_dir")

free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# Starts the API on a database and waits until /api/health answers 200.
start_server() {
  local db="$1" log="$2"
  port="$(free_port)"
  # No simulator, no background jobs: the database holds what the seed wrote and nothing else.
  env NODE_ENV=development SEED_DEMO_DATA=true SIMULATE=false JOB_CONCURRENCY=0 \
    SEED_ADMIN_EMAIL='' SEED_ADMIN_PASSWORD='' MQTT_URL='' SMTP_URL='' \
    DATABASE_URL="postgres://${PGUSER}@${PGHOST}:${PGPORT}/${db}" \
    HOST=127.0.0.1 PORT="$port" DATA_DIR="${work}/data" LOG_LEVEL=warn \
    SECRETS_KEY="$secrets_key" \
    node "apps/api/${build_dir}/server.js" >"$log" 2>&1 &
  server_pid=$!
  local deadline=$((SECONDS + START_TIMEOUT_SECONDS))
  until curl -fsS -o /dev/null "http://127.0.0.1:${port}/api/health" 2>/dev/null; do
    if ! kill -0 "$server_pid" 2>/dev/null; then
      cat "$log" >&2
      fail "the server on ${db} stopped before it answered"
    fi
    ((SECONDS < deadline)) || fail "the server on ${db} did not answer within ${START_TIMEOUT_SECONDS} s"
    sleep 0.5
  done
}

stop_server() {
  kill -TERM "$server_pid"
  wait "$server_pid" || fail "the server did not stop cleanly (exit $?)"
  server_pid=""
}

# Every table's exact row count, every sequence's value, and a checksum of each key table.
fingerprint() {
  local db="$1"
  psql_at "$db" "
    SELECT 'rows ' || n.nspname || '.' || c.relname || ' ' ||
           (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I.%I', n.nspname, c.relname),
                                                false, true, '')))[1]::text
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
       AND n.nspname !~ '^pg_toast'
     ORDER BY n.nspname, c.relname"
  psql_at "$db" "
    SELECT 'sequence ' || schemaname || '.' || sequencename || ' ' || coalesce(last_value::text, 'unused')
      FROM pg_sequences ORDER BY schemaname, sequencename"
  local table
  for table in "${KEY_TABLES[@]}"; do
    [[ "$(psql_at "$db" "SELECT to_regclass('public.${table}') IS NOT NULL")" == t ]] ||
      fail "key table ${table} is missing in ${db}"
    psql_at "$db" "
      SELECT 'checksum ${table} ' || count(*) || ' ' ||
             coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), 'empty')
        FROM public.${table} t"
  done
}

# Signs in as the demo admin on the running server and reads a page of industries with the session.
sign_in() {
  local status
  rm -f "${work}/cookies.txt"
  status="$(curl -sS -o "${work}/login.json" -w '%{http_code}' -c "${work}/cookies.txt" \
    -H 'content-type: application/json' -H 'x-requested-with: XMLHttpRequest' \
    --data "{\"userName\":\"${DEMO_USER}\",\"password\":\"${DEMO_PASSWORD}\"}" \
    "http://127.0.0.1:${port}/api/auth/login")"
  [[ "$status" == 200 ]] || fail "sign-in answered ${status}: $(cat "${work}/login.json")"
  status="$(curl -sS -o /dev/null -w '%{http_code}' -b "${work}/cookies.txt" \
    "http://127.0.0.1:${port}/api/tenants?page=1")"
  [[ "$status" == 200 ]] || fail "the industry list answered ${status} after signing in"
  echo "signed in as ${DEMO_USER}; the industry list answers 200"
}

secrets_key="$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')"

step "Demo data in ${source_db}"
psql_at postgres "CREATE DATABASE ${source_db}"
started=$SECONDS
start_server "$source_db" "${work}/source.log"
echo "seeded and answering after $((SECONDS - started)) s"
# A sign-in leaves what a used console has: a session and its audit row.
sign_in
stop_server
fingerprint "$source_db" >"${work}/source.txt"
for table in accounts users readings; do
  grep -qE "^checksum ${table} [1-9]" "${work}/source.txt" || fail "the demo data has no ${table}"
done
grep '^checksum ' "${work}/source.txt"
echo "$(grep -c '^rows ' "${work}/source.txt") tables, $(grep -c '^sequence ' "${work}/source.txt") sequences"

step "pg_dump -Fc ${source_db}"
"$PG_DUMP" -Fc -d "$source_db" -f "${work}/vayu.dump"
ls -l "${work}/vayu.dump" | awk '{ print $5 " bytes" }'

step "pg_restore into ${restored_db}"
psql_at postgres "CREATE DATABASE ${restored_db}"
"$PG_RESTORE" --exit-on-error --no-owner -d "$restored_db" "${work}/vayu.dump"
fingerprint "$restored_db" >"${work}/restored.txt"

step "Comparing"
if ! diff -u "${work}/source.txt" "${work}/restored.txt"; then
  fail "the restored database differs from the dumped one"
fi
echo "every table's row count, every sequence and the key tables' checksums match"

step "Signing in on the restored database"
start_server "$restored_db" "${work}/restored.log"
sign_in
stop_server

printf '\nbackup-restore check passed\n'
