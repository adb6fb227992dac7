/**
 * The reference card (bench/reference-card/design.json) as HTML, for the Chromium side of
 * `npm run bench:compare`: the same boxes, colours, fonts and QR value, the photo by URL.
 */
import bwipjs from 'bwip-js';

/**
 * The QR code as inline SVG, built once (a Chromium service would template it the same way), by
 * the barcode engine Imprint itself uses.
 */
const qrSvg = bwipjs.toSVG({
  bcid: 'qrcode',
  text: 'https://example.com/r/123',
  paddingwidth: 2,
  paddingheight: 2,
});

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The card's HTML with the photo at `photoUrl`. */
export function cardHtml(photoUrl: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0}
body{width:1200px;height:630px;background:#1e293b;position:relative;overflow:hidden;font-family:'DejaVu Sans'}
.l{position:absolute;box-sizing:border-box}
#badge{left:40px;top:40px;width:300px;height:200px;background:#f59e0b;border-radius:24px}
#photo{left:760px;top:40px;width:400px;height:300px;object-fit:cover;display:block}
#title{left:60px;top:300px;width:1000px;height:220px;font-weight:bold;font-size:64px;line-height:1.2;color:#fff}
#subtitle{left:60px;top:520px;width:900px;height:50px;font-size:32px;color:#cbd5e1}
#qr{left:1040px;top:470px;width:120px;height:120px;background:#fff}
#qr svg{width:100%;height:100%;display:block}
@page{size:1200px 630px;margin:0}
</style></head><body>
<div class="l" id="badge"></div>
<img class="l" id="photo" src="${escapeAttr(photoUrl)}" alt="">
<div class="l" id="title">Quarterly results are in: revenue up 42% on record demand</div>
<div class="l" id="subtitle">Published 21 November 2026</div>
<div class="l" id="qr">${qrSvg}</div>
</body></html>`;
}
