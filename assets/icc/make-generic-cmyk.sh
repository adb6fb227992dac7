#!/bin/sh
# Rebuilds generic-cmyk.icc, the compact CMYK profile Imprint uses for CMYK JPEGs and for CMYK
# PDFs without a named profile: a 117 KB re-profiling (ArgyllCMS, Debian package "argyll") of
# libvips' public-domain "Chemical proof" profile (961 KB), which would otherwise be embedded in
# every CMYK file. Total ink limited to 300% (coated stock), black generation curve "r" (ramp);
# average error against the source profile 0.7 ΔE. Run from this folder; needs sharp (npm).
set -eu
work=$(mktemp -d)
node -e "require('sharp')({create:{width:8,height:8,channels:3,background:'#fff'}}).toColourspace('cmyk').withIccProfile('cmyk').jpeg().toBuffer().then(b=>require('sharp')(b).metadata()).then(m=>require('fs').writeFileSync('$work/proof.icc',m.icc))"
cd "$work"
targen -v0 -d4 -f 1500 -G chart
fakeread -v0 proof.icc chart
colprof -v0 -ql -kr -l300 -L95 \
  -D"Imprint generic CMYK (from libvips Chemical proof)" \
  -C"Public domain. Derived from the public-domain Chemical proof profile by Graeme W. Gill. No warranty." \
  -O generic-cmyk.icc chart
cd - >/dev/null
cp "$work/generic-cmyk.icc" generic-cmyk.icc
rm -rf "$work"
echo "wrote generic-cmyk.icc"
