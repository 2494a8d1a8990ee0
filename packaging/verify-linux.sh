#!/usr/bin/env bash
# Prove the Linux installers on this machine (root, Debian/Ubuntu with apt):
#   1. build them (packaging/build-linux.sh), unless --no-build;
#   2. the .deb is at most 60 MB;
#   3. install its Depends from the archive (apt-get satisfy), then `dpkg -i` it;
#   4. every ELF file under /opt/petdesk resolves all its libraries (ldd);
#   5. /usr/bin/petdesk --version and --self-test pass headless, and --self-test again
#      inside a private D-Bus session with gnome-keyring (the Secret Service backend
#      frozen into the bundle must resolve) when dbus-run-session and gnome-keyring exist;
#   6. the .tar.gz, unpacked elsewhere, passes --self-test too;
#   7. `dpkg -r petdesk` leaves nothing behind: the file lists of /opt, /usr/bin,
#      /usr/share/{applications,icons/hicolor,doc} are what they were before `dpkg -i`;
#   8. with --measure: packaging/measure.py (sizes and start-up vs a bare PySide6 app,
#      frozen in this run) into dist/RESULTS.md.
#
#   sudo packaging/verify-linux.sh [--no-build] [--measure] [--runs N]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=1 MEASURE=0 RUNS=${RUNS:-9}
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) BUILD=0 ;;
    --measure) MEASURE=1 ;;
    --runs) RUNS=$2; shift ;;
    *) echo "usage: $0 [--no-build] [--measure] [--runs N]" >&2; exit 2 ;;
  esac
  shift
done
[ "$(id -u)" = 0 ] || { echo "verify-linux.sh: run as root (it installs and removes the .deb)" >&2; exit 1; }
command -v apt-get >/dev/null || { echo "verify-linux.sh: needs apt-get (Debian/Ubuntu)" >&2; exit 1; }
log() { printf '\n== %s\n' "$*"; }
fail() { echo "verify-linux.sh: FAIL: $*" >&2; exit 1; }

[ "$BUILD" = 1 ] && packaging/build-linux.sh
shopt -s nullglob
debs=(dist/petdesk_*.deb); tars=(dist/petdesk-*-linux-*.tar.gz)
[ ${#debs[@]} = 1 ] || fail "expected one dist/petdesk_*.deb, found ${#debs[@]}"
[ ${#tars[@]} = 1 ] || fail "expected one dist/petdesk-*-linux-*.tar.gz, found ${#tars[@]}"
DEB=${debs[0]} TAR=${tars[0]}
SCRATCH=$(mktemp -d /tmp/petdesk-verify.XXXXXX)
trap 'rm -rf "$SCRATCH"' EXIT

log "size of $DEB"
size=$(stat -c %s "$DEB")
echo "$DEB: $size bytes ($((size / 1000000)) MB)"
[ "$size" -le 60000000 ] || fail ".deb is larger than 60 MB"

if dpkg-query -W -f='${Status}' petdesk 2>/dev/null | grep -q "ok installed"; then
  log "removing a previously installed petdesk"
  dpkg -r petdesk >/dev/null
fi

log "dependencies (from the Debian archive): $(dpkg-deb -f "$DEB" Depends)"
export DEBIAN_FRONTEND=noninteractive
apt-get satisfy -y -qq --no-install-recommends "$(dpkg-deb -f "$DEB" Depends)" >/dev/null \
  || { apt-get update -qq && apt-get satisfy -y -qq --no-install-recommends "$(dpkg-deb -f "$DEB" Depends)" >/dev/null; }

snapshot() {
  find /opt /usr/bin /usr/share/applications /usr/share/icons/hicolor /usr/share/doc /usr/share/metainfo \
    -xdev 2>/dev/null | sort
}
snapshot > "$SCRATCH/before"

log "dpkg -i $DEB"
dpkg -i "$DEB"
for path in /opt/petdesk/petdesk /usr/bin/petdesk /usr/share/applications/petdesk.desktop \
            /usr/share/icons/hicolor/scalable/apps/petdesk.svg \
            /usr/share/icons/hicolor/48x48/apps/petdesk.png /usr/share/doc/petdesk/copyright \
            /usr/share/metainfo/org.petdesk.PetDesk.metainfo.xml; do
  [ -e "$path" ] || fail "$path not installed"
done
# (desktop-file-validate and appstreamcli validate also run at build time, in make_deb.py.)

log "every ELF file under /opt/petdesk finds its libraries"
missing=0
while IFS= read -r -d '' f; do
  if head -c4 "$f" | grep -q $'\x7fELF'; then
    out=$(LD_LIBRARY_PATH=/opt/petdesk/_internal ldd "$f" 2>/dev/null | grep "not found" || true)
    if [ -n "$out" ]; then echo "$f:"; echo "$out"; missing=1; fi
  fi
done < <(find /opt/petdesk -type f -print0)
[ "$missing" = 0 ] || fail "libraries not found (add them to packaging/linux/soname-packages.txt)"
echo "ok"

headless() {  # a clean, display-less environment with a private HOME
  local home=$SCRATCH/home-$1; shift
  mkdir -p "$home"
  env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 XDG_RUNTIME_DIR="$home" "$@"
}

log "/usr/bin/petdesk --version"
headless version /usr/bin/petdesk --version | tee "$SCRATCH/version"
grep -q "petdesk $(dpkg-deb -f "$DEB" Version | sed 's/~.*//')" "$SCRATCH/version" || fail "--version does not match the package version"

log "/usr/bin/petdesk --self-test (headless, no keyring service)"
headless plain /usr/bin/petdesk --self-test || fail "--self-test failed"

if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  log "/usr/bin/petdesk --self-test with gnome-keyring in a private D-Bus session"
  headless keyring dbus-run-session -- sh -c '
    printf "verify" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
    /usr/bin/petdesk --self-test' | tee "$SCRATCH/keyring.txt"
  grep -q "^PASS  keyring .*Secret Service" "$SCRATCH/keyring.txt" \
    || fail "the Secret Service keyring backend did not resolve in the installed bundle"
else
  echo "(skipped: dbus-run-session or gnome-keyring-daemon missing; apt-get install dbus gnome-keyring)"
fi

log "the .tar.gz, unpacked: ./petdesk --self-test"
mkdir -p "$SCRATCH/tar"
tar -xzf "$TAR" -C "$SCRATCH/tar"
headless tar "$SCRATCH"/tar/petdesk-*/petdesk --self-test >/dev/null || fail "--self-test of the tarball failed"
echo "ok"

log "dpkg -r petdesk"
dpkg -r petdesk
snapshot > "$SCRATCH/after"
if ! diff -u "$SCRATCH/before" "$SCRATCH/after"; then
  fail "dpkg -r left files behind (diff above)"
fi
dpkg-query -W -f='${Status}\n' petdesk 2>/dev/null | grep -q "ok installed" && fail "petdesk still installed"
for path in /opt/petdesk /usr/bin/petdesk /usr/share/applications/petdesk.desktop; do
  [ ! -e "$path" ] && [ ! -L "$path" ] || fail "$path still there after dpkg -r"
done
if find /usr/share/icons/hicolor -name 'petdesk.*' | grep -q .; then fail "icons left behind"; fi
echo "nothing left behind"
# dpkg keeps a removed package that has a postrm in the "config-files" state (no
# files: it has no conffiles) until purged; purge it so the machine is as before.
dpkg --purge petdesk >/dev/null
if dpkg-query -W petdesk >/dev/null 2>&1 && [ "$(dpkg-query -W -f='${db:Status-Status}' petdesk)" != not-installed ]; then
  fail "petdesk still known to dpkg after --purge"
fi
snapshot > "$SCRATCH/purged"
diff -u "$SCRATCH/before" "$SCRATCH/purged" || fail "dpkg --purge changed files"

if [ "$MEASURE" = 1 ]; then
  log "measure: sizes and start-up against a bare PySide6 app (frozen now), $RUNS runs"
  build/linux/venv/bin/python packaging/measure.py --runs "$RUNS" --deb "$DEB" \
    --output dist/RESULTS.md --json dist/measure.json
fi
log "verify-linux.sh: OK"
