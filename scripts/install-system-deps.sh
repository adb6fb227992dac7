#!/usr/bin/env bash
# Installs the Debian packages Imprint uses, when missing:
#   ghostscript   CMYK conversion of PDFs
#   poppler-utils pdftoppm/pdftotext, used by tests to look at PDFs
#   zbar-tools    zbarimg, used by tests to decode rendered QR codes
#   qpdf          qpdf --check, used by tests to prove PDFs are well formed
#   chromium      headless Chromium: the editor's browser tests, the line-breaking comparison,
#                 and the Chromium service that npm run bench:compare measures Imprint against
#   ffmpeg        ffmpeg and ffprobe: videos are composed and encoded by them (src/video/)
# Runs apt-get only when something is missing; needs root (or sudo) then.
set -euo pipefail
need=()
command -v gs >/dev/null 2>&1 || need+=(ghostscript)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v zbarimg >/dev/null 2>&1 || need+=(zbar-tools)
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing system packages: ${need[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
