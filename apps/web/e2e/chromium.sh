#!/bin/sh
# Debian's Chromium for the journeys: its headless shell (package chromium-headless-shell, the
# same build and engine, without the desktop browser's windowing and UI: about a third less CPU
# a journey, docs/decisions/072), or the full browser where the shell is not installed.
#
# Without the right to raise its own priority: run as root (CAP_SYS_NICE), Chromium puts its
# browser and GPU processes at nice -8 (display-critical threads); beside the vitest runs on a
# two-core CI machine that starved them tenfold, into their timeouts (docs/decisions/065).
# Without the capability it keeps the priority it was given.
chromium="${CHROMIUM_BINARY:-}"
if [ -z "$chromium" ]; then
  chromium=/usr/bin/chromium
  # The binary itself: /usr/bin/chromium-headless-shell is a wrapper that does not exec it.
  [ -x /usr/lib/chromium/chromium-headless-shell ] && chromium=/usr/lib/chromium/chromium-headless-shell
fi
if command -v setpriv >/dev/null 2>&1; then
  exec setpriv --bounding-set=-sys_nice --inh-caps=-sys_nice "$chromium" "$@"
fi
exec "$chromium" "$@"
