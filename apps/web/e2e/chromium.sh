#!/bin/sh
# Debian's Chromium for the journeys, without the right to raise its own priority. Run as root
# (CAP_SYS_NICE), Chromium puts its browser and GPU processes at nice -8 (display-critical
# threads); beside the vitest runs on a two-core CI machine that starved them tenfold, into
# their timeouts (docs/decisions/065). Without the capability it keeps the priority it was given.
chromium="${CHROMIUM_BINARY:-/usr/bin/chromium}"
if command -v setpriv >/dev/null 2>&1; then
  exec setpriv --bounding-set=-sys_nice --inh-caps=-sys_nice "$chromium" "$@"
fi
exec "$chromium" "$@"
