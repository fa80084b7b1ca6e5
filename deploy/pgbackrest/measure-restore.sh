#!/usr/bin/env bash
# Measures pgBackRest on a database of a given size, with the options of pgbackrest.conf (repository on a local
# disk instead of S3): full backup, then WAL written after it, then a restore of the latest state into a fresh data
# directory and the recovery until the database accepts writes. Figures for docs/decisions/0047-backups.md.
#   deploy/pgbackrest/measure-restore.sh [pgbench scale, 100 ≈ 1.5 GB] [seconds of pgbench writes after the backup]
# Runs its own cluster on a free port in a temp directory (as the postgres user when run as root) and removes it.
set -euo pipefail
scale="${1:-50}"
write_seconds="${2:-30}"
here="$(cd "$(dirname "$0")" && pwd)"
bin="${PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
now() { date +%s.%N; }
took() { printf '%.1f' "$(echo "$(now) - $1" | bc)"; }

dir="$(mktemp -d /tmp/pgbackrest-measure-XXXXXX)"
port="$(free_port)"
port2="$(free_port)"
cleanup() {
  for data in "$dir/restored" "$dir/primary"; do
    [ -f "$data/postmaster.pid" ] && as_pg "$bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null || true
  done
  rm -rf "$dir"
}
trap cleanup EXIT
mkdir -p "$dir"/{repo,spool,spool-restored,log,lock}
# The production [global] options, minus S3 and the paths (as apps/api/test/ops/pg-cluster.ts does).
{
  echo '[global]'
  sed -n '/^\[global\]/,/^\[/p' "$here/pgbackrest.conf" | grep -E '^[a-z0-9-]+=' |
    grep -vE '^(repo1-type|repo1-path|repo1-s3-[a-z-]+|spool-path|log-path|lock-path|log-level-console)='
  printf 'repo1-type=posix\nrepo1-path=%s/repo\nspool-path=%s/spool\nlog-path=%s/log\nlock-path=%s/lock\n' \
    "$dir" "$dir" "$dir" "$dir"
  echo 'log-level-console=warn'
  echo 'repo1-cipher-pass=measure-only-passphrase'
  printf '\n[measure]\npg1-path=%s/primary\npg1-port=%s\npg1-socket-path=%s\n' "$dir" "$port" "$dir"
} >"$dir/pgbackrest.conf"
chown -R postgres:postgres "$dir" 2>/dev/null || true
pgbr() { as_pg pgbackrest --config="$dir/pgbackrest.conf" --stanza=measure "$@"; }

as_pg "$bin/initdb" -D "$dir/primary" -U postgres --auth=trust -N >/dev/null
cat >>"$dir/primary/postgresql.conf" <<EOF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
wal_level = replica
archive_mode = on
archive_command = 'pgbackrest --config=$dir/pgbackrest.conf --stanza=measure archive-push %p'
shared_buffers = 256MB
max_wal_size = 4GB
EOF
as_pg "$bin/pg_ctl" -D "$dir/primary" -l "$dir/primary.log" -w start >/dev/null
psql=(as_pg "$bin/psql" -h "$dir" -p "$port" -U postgres -Atq)
pgbr stanza-create
as_pg "$bin/pgbench" -h "$dir" -p "$port" -U postgres -i -s "$scale" -q postgres 2>/dev/null
size="$("${psql[@]}" -c "SELECT pg_size_pretty(pg_database_size('postgres'))")"
# The load's WAL is queued for the archive: time how long the archive takes to catch up with it.
load_wal="$("${psql[@]}" -c "SELECT pg_size_pretty(pg_current_wal_lsn() - '0/0')")"
last_wal="$("${psql[@]}" -c 'SELECT pg_walfile_name(pg_switch_wal())')"
t="$(now)"
until "${psql[@]}" -c "SELECT last_archived_wal >= '$last_wal' FROM pg_stat_archiver" | grep -qx t; do sleep 0.5; done
archive_s="$(took "$t")"
pgbr check
t="$(now)"; pgbr backup --type=full --start-fast; backup_s="$(took "$t")"
wal_before="$("${psql[@]}" -c 'SELECT pg_current_wal_lsn()')"
as_pg "$bin/pgbench" -h "$dir" -p "$port" -U postgres -c 4 -j 2 -T "$write_seconds" postgres >/dev/null 2>&1
wal_bytes="$("${psql[@]}" -c "SELECT pg_size_pretty(pg_current_wal_lsn() - '$wal_before')")"
"${psql[@]}" -c 'SELECT pg_switch_wal()' >/dev/null
pgbr check
repo_size="$(du -sh "$dir/repo" | cut -f1)"

mkdir -m 0700 "$dir/restored" && chown postgres:postgres "$dir/restored" 2>/dev/null || true
t="$(now)"
# A spool of its own: a restore clears the stanza's spool, which the primary's async archiving is still using.
pgbr --pg1-path="$dir/restored" --spool-path="$dir/spool-restored" --type=default restore
copy_s="$(took "$t")"
as_pg "$bin/pg_ctl" -D "$dir/restored" -l "$dir/restored.log" -w -t 3600 \
  -o "-p $port2 -c archive_mode=off" start >/dev/null
until [ "$(as_pg "$bin/psql" -h "$dir" -p "$port2" -U postgres -Atq -c 'SELECT pg_is_in_recovery()' 2>/dev/null)" = f ]; do
  sleep 0.2
done
restore_s="$(took "$t")"
echo "database $size (pgbench scale $scale), repository $repo_size (zstd, encrypted)"
echo "archive catching up with the load's ${load_wal} of WAL: ${archive_s}s after the load ended"
echo "full backup ${backup_s}s; WAL after it ${wal_bytes} (${write_seconds}s of pgbench)"
echo "restore: files ${copy_s}s; files + WAL replay until writable ${restore_s}s"
