#!/usr/bin/env bash
# Build PetDesk's Linux installers from a clean checkout:
#   dist/petdesk-<version>-linux-x86_64.tar.gz   the PyInstaller onedir
#   dist/petdesk_<version>_amd64.deb             /opt/petdesk + /usr/bin/petdesk + desktop entry + icons
#
#   packaging/build-linux.sh            (any user; needs python3 >= 3.11 with venv, dpkg-deb,
#                                        binutils for strip, network access to PyPI)
#
# Environment: PYTHON (default python3), BUILD_DIR (default build/linux),
# DIST_DIR (default dist), SOURCE_DATE_EPOCH (default: last commit time).
# See packaging/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PYTHON=${PYTHON:-python3}
BUILD_DIR=${BUILD_DIR:-build/linux}
DIST_DIR=${DIST_DIR:-dist}
VENV=$BUILD_DIR/venv
log() { printf '\n== %s\n' "$*"; }

for tool in dpkg-deb strip; do
  command -v "$tool" >/dev/null || { echo "build-linux.sh: $tool is missing (apt-get install dpkg binutils)" >&2; exit 1; }
done
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || echo 0)
fi
export SOURCE_DATE_EPOCH

# 1. A build venv from the hash-pinned locks (reused while the locks and Python are unchanged).
stamp=$( { cat packaging/requirements-runtime.lock packaging/requirements-build.lock; "$PYTHON" -VV; } | sha256sum | cut -c1-16)
if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$VENV/.petdesk-stamp" 2>/dev/null)" != "$stamp" ]; then
  log "build venv ($VENV) from packaging/requirements-*.lock"
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check --require-hashes --no-deps \
    -r packaging/requirements-runtime.lock -r packaging/requirements-build.lock
  echo "$stamp" > "$VENV/.petdesk-stamp"
fi
# PetDesk itself, non-editable, so its metadata (the version) is what PyInstaller copies.
log "install petdesk into the build venv"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation \
  --force-reinstall "$ROOT"
VERSION=$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("petdesk"))')

# 2. Freeze.
log "PyInstaller: packaging/petdesk.spec (PetDesk $VERSION)"
"$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN \
  --distpath "$BUILD_DIR/dist" --workpath "$BUILD_DIR/work" packaging/petdesk.spec \
  > "$BUILD_DIR/pyinstaller.log" 2>&1 || { tail -40 "$BUILD_DIR/pyinstaller.log"; exit 1; }
ONEDIR=$BUILD_DIR/dist/petdesk
"$ONEDIR/petdesk" --version

# 3. Installers.
log "installers into $DIST_DIR/"
rm -f "$DIST_DIR"/petdesk-*-linux-*.tar.gz "$DIST_DIR"/petdesk_*.deb
"$VENV/bin/python" packaging/linux/make_deb.py --onedir "$ONEDIR" --version "$VERSION" \
  --resources resources --dist "$DIST_DIR" --work "$BUILD_DIR/deb"
