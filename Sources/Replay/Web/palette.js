// Colours: every colour the stage, the rasterizer and the plots draw with is a CSS custom property of viewer.css
// (its :root rule), read here once at start-up.

// The palette's keys and the properties they are read from.
const PALETTE_PROPERTIES = {
  background: '--stage-background', highlight: '--highlight', label: '--label',
  bounds: '--bounds', boundsBoundary: '--bounds-boundary', boundary: '--boundary', dragPath: '--drag-path',
  itemFill: '--item-fill', itemStroke: '--item-stroke', sleepingFill: '--sleeping-fill',
  sleepingStroke: '--sleeping-stroke', itemAxis: '--item-axis', rasterItemFill: '--raster-item-fill',
  rasterSleepingFill: '--raster-sleeping-fill', anchor: '--anchor', finger: '--finger', contact: '--contact',
  ghost1: '--ghost-1', ghost2: '--ghost-2', ghost3: '--ghost-3', ghost4: '--ghost-4',
  curveTrack: '--curve-track', curveEnds: '--curve-ends', event: '--event', contactEvent: '--contact-event',
  settleBand: '--settle-band', settleTime: '--settle-time', overshoot: '--overshoot',
};

// The palette: each key's colour as CSS text (what a canvas's fillStyle takes), the four overlay colours as
// `ghosts`, and the highlight's channels (`highlightRGBA`, 0 ... 1) for layers. A property viewer.css does not set is
// an error on the console (the browser check fails on it).
function readPalette() {
  const style = getComputedStyle(document.documentElement);
  const colors = {};
  for (const [key, property] of Object.entries(PALETTE_PROPERTIES)) {
    colors[key] = style.getPropertyValue(property).trim();
    if (!colors[key]) console.error('dynsim view: viewer.css does not set ' + property);
  }
  colors.ghosts = [colors.ghost1, colors.ghost2, colors.ghost3, colors.ghost4];
  const [r, g, b, a] = colorChannels(colors.highlight);
  colors.highlightRGBA = [r / 255, g / 255, b / 255, a];
  return colors;
}

// A CSS colour's channels [red, green, blue (0 ... 255), alpha (0 ... 1)], as a canvas reads it (it writes an
// opaque colour back as #rrggbb and any other as rgba(r, g, b, a)).
function colorChannels(css) {
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.fillStyle = css;
  const s = ctx.fillStyle;
  if (s[0] === '#') return [1, 3, 5].map(i => parseInt(s.slice(i, i + 2), 16)).concat([1]);
  const m = s.match(/[\d.]+/g).map(Number);
  return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
}

// A colour as a pixel of an ImageData's Uint32Array: an ABGR word (the little-endian RGBA bytes), opaque.
function pixelWord(css) {
  const [r, g, b] = colorChannels(css);
  return (0xff000000 | (b << 16) | (g << 8) | r) >>> 0;
}
