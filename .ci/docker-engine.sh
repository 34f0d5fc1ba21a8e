#!/usr/bin/env bash
# Makes a Docker engine answer on this machine and builds the offline JRE base image the
# ZooKeeper containers run on. Idempotent: reuses a running engine and an existing image.
# No image registry is reachable here, so the base image is built from Debian packages.
set -euo pipefail

BASE_IMAGE="${PERF_ZK_BASE_IMAGE:-zk-rpc-perfgate/jre17:bookworm}"
STARTED_MARKER="${DOCKERD_STARTED_MARKER:-}"

log() { printf '[docker-engine] %s\n' "$*"; }

engine_answers() { timeout 10 docker info >/dev/null 2>&1; }

apt_updated=false
apt_install() {
  if [ "$apt_updated" = false ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=true
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! engine_answers; then
  if ! command -v dockerd >/dev/null 2>&1; then
    log "installing docker.io from Debian"
    apt_install docker.io
  fi
  # A dockerd ended from outside leaves its pid file behind and the next start refuses.
  if [ -f /var/run/docker.pid ] && ! kill -0 "$(cat /var/run/docker.pid)" 2>/dev/null; then
    log "removing stale /var/run/docker.pid"
    rm -f /var/run/docker.pid
  fi
  log "starting dockerd"
  nohup dockerd >/tmp/dockerd.log 2>&1 &
  [ -n "$STARTED_MARKER" ] && echo $! >"$STARTED_MARKER"
  for _ in $(seq 1 60); do
    engine_answers && break
    sleep 1
  done
  engine_answers || { log "dockerd did not answer within 60 s; last log lines:"; tail -n 30 /tmp/dockerd.log; exit 1; }
fi
log "engine answers: $(docker version --format '{{.Server.Version}} (API {{.Server.APIVersion}})')"

if docker image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
  log "base image $BASE_IMAGE present; reusing it"
else
  command -v debootstrap >/dev/null 2>&1 || { log "installing debootstrap"; apt_install debootstrap; }
  rootfs=$(mktemp -d /tmp/perfgate-rootfs.XXXXXX)
  trap 'rm -rf "$rootfs"' EXIT
  log "building $BASE_IMAGE with debootstrap (about 40 s)"
  debootstrap --variant=minbase --include=openjdk-17-jre-headless,iproute2 bookworm "$rootfs" >/tmp/debootstrap.log 2>&1 \
    || { log "debootstrap failed; last log lines:"; tail -n 30 /tmp/debootstrap.log; exit 1; }
  tar -C "$rootfs" -c . | docker import -c 'ENV LANG=C.UTF-8' - "$BASE_IMAGE" >/dev/null
  log "built $BASE_IMAGE"
fi
