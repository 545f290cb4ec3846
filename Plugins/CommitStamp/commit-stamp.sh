#!/bin/sh
# commit-stamp.sh PACKAGE OUTPUT: writes OUTPUT, a Swift file that sets `stampedCommit` (BuildCommit.current) to
# the commit PACKAGE's git checkout is at and that commit's day in UTC, or to nil when PACKAGE is not the top of a
# git checkout (a source archive, even one unpacked inside some other repository) or git cannot say. OUTPUT is
# replaced only when what it says changes, so that an unchanged checkout rebuilds nothing.
package=$1 output=$2
current=nil
if top=$(git -C "$package" rev-parse --show-toplevel 2>/dev/null) && [ "$top" -ef "$package" ] &&
  line=$(TZ=UTC0 git -C "$package" log -1 --date=format-local:%Y-%m-%d --format='%H %cd' 2>/dev/null) &&
  [ -n "$line" ]; then
  current="BuildCommit(hash: \"$(printf %.7s "${line%% *}")\", date: \"${line#* }\")"
fi
printf '%s\n' '// Written by the CommitStamp plugin (Plugins/CommitStamp/commit-stamp.sh) at build time.' \
  '/// The commit this build was made from; nil outside a git checkout.' \
  "package let stampedCommit: BuildCommit? = $current" >"$output.new"
if cmp -s "$output.new" "$output"; then rm -f "$output.new"; else mv -f "$output.new" "$output"; fi
