#!/usr/bin/env bash
# The self-check with every run in a fresh test JVM, as every build starts: `./mvnw verify
# -Pselfcheck` once per group run (-Dperf.selfcheck.runsPerJvm=1), each JVM resuming from the
# ledger the one before it left. A warm JVM hid what a cold one shows (3 of 6 cold NameNode
# builds failed unchanged where 1 of 10 warm runs did).
#
#   scripts/selfcheck-fresh-jvms.sh [Maven arguments...]
#   SELFCHECK_RESUME=docs/selfcheck-6-session-1.json scripts/selfcheck-fresh-jvms.sh -Dperf.scenarios='nn-*,rpc-*'
#
# The Maven arguments go to every JVM's build; the harness's unit tests run in the first only.
# The ledger between JVMs is target/selfcheck-ledger.json; the report is target/perf-report/selfcheck.{json,md}.
set -euo pipefail
cd "$(dirname "$0")/.."

ledger=target/selfcheck-ledger.json
pending=target/perf-report/selfcheck.pending
resume="${SELFCHECK_RESUME:-}"
# One sitting, one label, however many JVMs it takes: when it began.
session="$(date -u +%Y-%m-%dT%H:%MZ) fresh JVMs"
max_jvms="${SELFCHECK_MAX_JVMS:-200}"
unit_tests=()
mkdir -p target

for ((jvm = 1; jvm <= max_jvms; jvm++)); do
  rm -f "$pending"
  args=(-B verify -Pselfcheck -Dperf.selfcheck.runsPerJvm=1 "-Dperf.selfcheck.session=$session")
  if [ -n "$resume" ]; then args+=("-Dperf.selfcheck.resume=$resume"); fi
  echo "[selfcheck-fresh-jvms] JVM $jvm (${resume:-no ledger yet})"
  rc=0
  ./mvnw "${args[@]}" "${unit_tests[@]}" "$@" || rc=$?
  if [ "$rc" -ne 0 ] || [ ! -f "$pending" ]; then
    # Done (the self-check's own verdict is the build's), or the build failed before finishing a run.
    exit "$rc"
  fi
  cp target/perf-report/selfcheck.json "$ledger.tmp" && mv "$ledger.tmp" "$ledger"
  resume="$ledger"
  unit_tests=(-Dtest=NoUnitTests -Dsurefire.failIfNoSpecifiedTests=false)
done
echo "[selfcheck-fresh-jvms] stopped after $max_jvms JVMs with work left; resume with SELFCHECK_RESUME=$ledger" >&2
exit 1
