; PetDesk Windows installer (NSIS 3, Unicode, 64-bit). Built by .github/workflows/build.yml
; and by packaging/windows/build-under-wine.sh:
;
;   makensis -WX -DVERSION=1.0.0 -DVERSION_QUAD=1.0.0.0 -DSOURCE_DIR=dist\PetDesk ^
;            -DOUTFILE=dist\PetDesk-1.0.0-setup-x64.exe [-DICON=build\petdesk.ico] ^
;            packaging\windows\petdesk.nsi
;
; SOURCE_DIR is the PyInstaller onedir (PetDesk.exe, petdesk-cli.exe, _internal\).
; Per-user (no admin: %LOCALAPPDATA%\Programs\PetDesk) or per-machine (admin: Program
; Files); the page asks, the command line decides for silent installs:
;
;   setup.exe /S /AllUsers [/D=C:\Path]      per-machine, silent (IT)
;   setup.exe /S /CurrentUser [/D=C:\Path]   per-user, silent
;   "<dir>\Uninstall.exe" /S                 silent uninstall (the entry's QuietUninstallString)
;
; /D= must come last and takes no quotes. packaging/README.md ("For IT") documents
; these and the HKLM presets. The installer and the uninstaller refuse to run while
; PetDesk runs (the app holds the named mutex APP_MUTEX); the finish page starts PetDesk
; through explorer.exe, so never with the installer's elevation.
; tests/packaging compiles this script with Debian's makensis -WX on a stand-in payload.

Unicode true
Target amd64-unicode
ManifestDPIAware true
SetCompressor /SOLID lzma

!ifndef VERSION
  !error "VERSION is not defined (-DVERSION=1.2.3)"
!endif
!ifndef VERSION_QUAD
  !error "VERSION_QUAD is not defined (-DVERSION_QUAD=1.2.3.0)"
!endif
!ifndef SOURCE_DIR
  !error "SOURCE_DIR is not defined (the PyInstaller onedir)"
!endif
!ifndef OUTFILE
  !define OUTFILE "PetDesk-${VERSION}-setup-x64.exe"
!endif

!define APP_NAME "PetDesk"
!define APP_EXE "PetDesk.exe"
!define CLI_EXE "petdesk-cli.exe"
!define PUBLISHER "PetDesk maintainers"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\PetDesk"
; Created by PetDesk while it runs (petdesk/core/running.py); both names, so a copy
; running in another session (Remote Desktop) counts too.
!define APP_MUTEX "PetDeskRunning"
; Relative to this script (makensis works in the script's folder).
!define LICENSE_FILE "..\..\LICENSE"
!define NOTICES_FILE "..\..\resources\licenses\THIRD-PARTY-NOTICES.txt"

; MultiUser: per-user or per-machine. "Highest": an administrator is asked (UAC) and may
; choose either; anyone else installs for themselves without a prompt.
!define MULTIUSER_EXECUTIONLEVEL Highest
!define MULTIUSER_MUI
!define MULTIUSER_INSTALLMODE_COMMANDLINE
!define MULTIUSER_USE_PROGRAMFILES64
!define MULTIUSER_INSTALLMODE_INSTDIR "${APP_NAME}"
; Where a previous install went (and so which mode the uninstaller is in): the
; uninstall entry of that mode (HKLM or HKCU), nothing under Software\PetDesk, which
; is the settings' own key (and IT's presets in HKLM).
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_KEY "${UNINSTALL_KEY}"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_VALUENAME "InstallLocation"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_KEY "${UNINSTALL_KEY}"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_VALUENAME "InstallLocation"

!include "MultiUser.nsh"
!include "MUI2.nsh"
!include "x64.nsh"
!include "LogicLib.nsh"
!include "FileFunc.nsh"

Name "${APP_NAME} ${VERSION}"
OutFile "${OUTFILE}"
BrandingText "${APP_NAME} ${VERSION}"

; Version resource of setup.exe itself (shown in its Properties > Details).
VIProductVersion "${VERSION_QUAD}"
VIFileVersion "${VERSION_QUAD}"
VIAddVersionKey /LANG=1033 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP_NAME} installer"
VIAddVersionKey /LANG=1033 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=1033 "LegalCopyright" "MIT License"

!ifdef ICON
  !define MUI_ICON "${ICON}"
  !define MUI_UNICON "${ICON}"
!endif
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP_NAME}"
!define MUI_FINISHPAGE_RUN_FUNCTION StartUnelevated

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_LICENSE "${LICENSE_FILE}"
!insertmacro MULTIUSER_PAGE_INSTALLMODE
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

; Stop (with the reason) while PetDesk runs: its files are in use, and an uninstall
; would pull them from under it. Silent: the answer is Cancel, exit status 2.
!macro REFUSE_WHILE_RUNNING WHAT
  ${Do}
    System::Call 'kernel32::OpenMutexW(i 0x00100000, i 0, w "${APP_MUTEX}") p .r0'
    ${If} $0 P= 0
      System::Call 'kernel32::OpenMutexW(i 0x00100000, i 0, w "Global\${APP_MUTEX}") p .r0'
    ${EndIf}
    ${If} $0 P= 0
      ${Break}
    ${EndIf}
    System::Call 'kernel32::CloseHandle(p r0)'
    MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION \
      "${APP_NAME} is running. Close every ${APP_NAME} window (and any petdesk-cli import or export), then click Retry to ${WHAT}." \
      /SD IDCANCEL IDRETRY +3
    SetErrorLevel 2
    Quit
  ${Loop}
!macroend

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "${APP_NAME} needs 64-bit Windows." /SD IDOK
    Abort
  ${EndIf}
  SetRegView 64
  ; /D= sets $INSTDIR before .onInit; MultiUser would replace it with its default.
  StrCpy $1 $INSTDIR
  !insertmacro MULTIUSER_INIT
  ${If} $1 != ""
    StrCpy $INSTDIR $1
  ${EndIf}
  !insertmacro REFUSE_WHILE_RUNNING "continue"
FunctionEnd

Function un.onInit
  SetRegView 64
  !insertmacro MULTIUSER_UNINIT
  !insertmacro REFUSE_WHILE_RUNNING "uninstall"
FunctionEnd

; The finish page runs elevated when an administrator installed for all users; PetDesk
; started from it would then write its settings and keys as that elevated user. The
; shell (explorer.exe) starts it as the signed-in user, unelevated.
Function StartUnelevated
  Exec '"$WINDIR\explorer.exe" "$INSTDIR\${APP_EXE}"'
FunctionEnd

Section "PetDesk" SecMain
  SectionIn RO
  ; A previous version's files go first, so nothing stale stays next to the new ones.
  RMDir /r "$INSTDIR\_internal"
  SetOutPath "$INSTDIR"
  File /r "${SOURCE_DIR}\*"
  File "/oname=LICENSE.txt" "${LICENSE_FILE}"
  File "/oname=THIRD-PARTY-NOTICES.txt" "${NOTICES_FILE}"
  WriteUninstaller "$INSTDIR\Uninstall.exe"

  ; $SMPROGRAMS is the user's or all users' Start menu (MultiUser set the context).
  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0

  ; SHCTX: HKLM for a per-machine install, HKCU for a per-user one.
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "EstimatedSize" "$0"
SectionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  ; Only what the installer put there, then the folder if it is empty (user files
  ; someone saved there are left alone). Settings, keys, logs and the local store
  ; belong to each user and stay.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${APP_EXE}"
  Delete "$INSTDIR\${CLI_EXE}"
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\THIRD-PARTY-NOTICES.txt"
  Delete "$INSTDIR\Uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey SHCTX "${UNINSTALL_KEY}"
SectionEnd
