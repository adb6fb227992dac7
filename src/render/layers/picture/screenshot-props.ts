/**
 * The screenshot options of picture and browser-frame layers: when `image` answers with a web
 * page (or `image_type` is "screenshot"), the page is shot in a browser window of
 * `image_viewport` and the shot is drawn like any picture.
 */
import { addProblem } from '../../design/props.ts';
import { propSpecs } from '../../design/prop-specs.ts';
import type { PropContext } from '../../design/props.ts';
import {
  DEFAULT_VIEWPORT,
  parseViewport,
  SCREENSHOT_WAIT_MAX_MS,
  SELECTOR_MAX,
  VIEWPORT_MAX,
  VIEWPORT_MIN,
} from '../../images/screenshot-key.ts';

const DEFAULT_VIEWPORT_TEXT = `${DEFAULT_VIEWPORT.width}x${DEFAULT_VIEWPORT.height}`;

/** `image_viewport`: `WIDTHxHEIGHT`, each within the bounds; stored normalised ("1280x1024"). */
function checkViewport(c: PropContext): void {
  const v = c.layer.image_viewport;
  if (v === undefined || v === null || v === '') {
    c.layer.image_viewport = DEFAULT_VIEWPORT_TEXT;
    return;
  }
  const vp = parseViewport(v);
  if (!vp) {
    addProblem(
      c.problems,
      c.path,
      'image_viewport',
      `WIDTHxHEIGHT in CSS pixels, each from ${VIEWPORT_MIN} to ${VIEWPORT_MAX} (e.g. "1280x1024")`,
      v,
    );
    c.layer.image_viewport = DEFAULT_VIEWPORT_TEXT;
    return;
  }
  c.layer.image_viewport = `${vp.width}x${vp.height}`;
}

const isViewport = (v: unknown): v is string => parseViewport(v) !== null;

/** The screenshot options, shared by the picture and browser-frame layers. */
export const SCREENSHOT_PROPS = propSpecs({
  image_viewport: {
    kind: 'custom',
    check: checkViewport,
    is: isViewport,
    schema: () => ({
      type: ['string', 'null'],
      maxLength: 11,
      // Empty (or null) stands for the default window.
      pattern: '^(\\s*\\d+\\s*[xX×]\\s*\\d+\\s*)?$',
    }),
    description: `When \`image\` is a web page: the browser window, WIDTHxHEIGHT in CSS pixels, each ${VIEWPORT_MIN}–${VIEWPORT_MAX}. Default "${DEFAULT_VIEWPORT_TEXT}".`,
  },
  screenshot_full_page: {
    kind: 'boolean',
    def: false,
    description: 'When `image` is a web page: shoot the whole page, not just the window.',
  },
  screenshot_wait: {
    kind: 'number',
    def: 0,
    min: 0,
    max: SCREENSHOT_WAIT_MAX_MS,
    integer: true,
    description: `When \`image\` is a web page: milliseconds to wait after it loaded (at most ${SCREENSHOT_WAIT_MAX_MS}).`,
  },
  screenshot_selector: {
    kind: 'string',
    def: '',
    max: SELECTOR_MAX,
    description:
      'When `image` is a web page: a CSS selector; the shot is clipped to the first matching element.',
  },
  image_type: {
    kind: 'enum',
    values: ['auto', 'screenshot'],
    def: 'auto',
    description:
      '"auto": a URL answering with a web page (text/html) is shot in a browser; "screenshot": always shoot it.',
  },
});
