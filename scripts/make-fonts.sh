#!/bin/sh
# Rebuilds assets/fonts/ (the bundled fallback stack) from Debian's font packages, so the repo's
# font files can be traced to a source and its licence. Run from the repo root on Debian 12:
#   sh scripts/make-fonts.sh
# Only the faces the stack names are copied (no subsetting: the files are used as Debian ships them).
# DejaVu is not copied: it comes from the npm package dejavu-fonts-ttf.
set -eu
out=assets/fonts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && apt-get download fonts-noto-core fonts-noto-color-emoji fonts-droid-fallback fonts-nanum)
for deb in "$tmp"/*.deb; do dpkg-deb -x "$deb" "$tmp/x"; done
src="$tmp/x/usr/share/fonts/truetype"
doc="$tmp/x/usr/share/doc"
mkdir -p "$out/noto" "$out/droid" "$out/nanum"
for f in NotoSansArabic-Regular NotoSansArabic-Bold NotoSansHebrew-Regular NotoSansHebrew-Bold \
  NotoSansDevanagari-Regular NotoSansDevanagari-Bold NotoColorEmoji; do
  cp "$src/noto/$f.ttf" "$out/noto/"
done
cp "$doc/fonts-noto-core/copyright" "$out/noto/COPYRIGHT-noto-core"
cp "$doc/fonts-noto-color-emoji/copyright" "$out/noto/COPYRIGHT-noto-color-emoji"
cp "$src/droid/DroidSansFallbackFull.ttf" "$out/droid/"
cp "$doc/fonts-droid-fallback/copyright" "$out/droid/COPYRIGHT"
cp "$src/nanum/NanumGothic.ttf" "$out/nanum/"
cp "$doc/fonts-nanum/copyright" "$out/nanum/COPYRIGHT"
ls -l "$out"/*/
