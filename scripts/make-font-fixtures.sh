#!/bin/sh
# Rebuilds the small WOFF/WOFF2 test fonts of test/render/text/fixtures/ from DejaVu Sans Mono
# (printable ASCII only). Needs Debian's python3-fonttools and python3-brotli.
set -eu
src=$(node -p "require('path').join(require('path').dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSansMono.ttf')")
out=test/render/text/fixtures
mkdir -p "$out"
for flavor in woff woff2; do
  /usr/bin/python3 -m fontTools.subset "$src" --unicodes=U+0020-007E --flavor="$flavor" \
    --output-file="$out/dejavu-mono-ascii.$flavor"
done
ls -l "$out"
