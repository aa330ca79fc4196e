// Many items (more than v.rasterItems, 300 unless the URL's raster= says otherwise): drawn by a small rasterizer of
// its own into one ImageData, since a canvas path of thousands of shapes costs tens of ms a frame under software
// rendering. Each shape is its convex outline (an ellipse as a 24-gon) in device pixels; a pixel whose center lies
// inside is filled, within one pixel of an edge it takes the outline colour. No antialiasing: edges are exact to
// half a device pixel.

// Draws every item at a row into the canvas's pixels (the highlighted one last, magenta inside and out).
function rasterItems(v, frame) {
  const W = v.canvas.width, H = v.canvas.height, series = v.series, colors = v.colors;
  if (!v.raster || v.raster.width !== W || v.raster.height !== H) {
    v.raster = v.ctx.createImageData(W, H);
    v.raster.words = new Uint32Array(v.raster.data.buffer);
    v.raster.paint = {
      fillAwake: pixelWord(colors.rasterItemFill), edgeAwake: pixelWord(colors.itemStroke),
      fillAsleep: pixelWord(colors.rasterSleepingFill), edgeAsleep: pixelWord(colors.sleepingStroke),
      lit: pixelWord(colors.highlight),
    };
  }
  const px = v.raster.words, paint = v.raster.paint;
  px.fill(0xffffffff);
  const dpr = window.devicePixelRatio || 1;
  const map = { k: dpr * v.zoom, ox: dpr * v.origin[0], oy: dpr * v.origin[1] };
  const shape = { vx: new Float64Array(48), vy: new Float64Array(48), ea: new Float64Array(48),
    eb: new Float64Array(48), ec: new Float64Array(48), n: 0 };
  const showSleep = !v.hidden.has('sleep');
  const order = v.data.items.filter(item => item.name !== v.highlight)
    .concat(v.data.items.filter(item => item.name === v.highlight));
  for (const item of order) {
    const lit = v.highlight === item.name;
    outlineInPixels(shape, item, series[item.x][frame], series[item.y][frame], series[item.angle][frame], map);
    const sleeping = showSleep && asleep(item, frame);
    const fill = lit ? paint.lit : sleeping ? paint.fillAsleep : paint.fillAwake;
    const edge = lit ? fill : sleeping ? paint.edgeAsleep : paint.edgeAwake;
    fillConvex(px, W, H, shape, fill, edge);
  }
  v.ctx.putImageData(v.raster, 0, 0);
}

// An item's outline at (x, y, angle) in device pixels (map: k px per point, the origin at ox, oy) into shape.vx,
// shape.vy (at most 48 vertices), shape.n.
function outlineInPixels(shape, item, x, y, a, map) {
  const vx = shape.vx, vy = shape.vy, k = map.k, ox = map.ox, oy = map.oy;
  const c = Math.cos(a), s = Math.sin(a), w = item.size[0] / 2, h = item.size[1] / 2;
  let n = 0;
  if (item.shape === 'ellipse') {
    for (let i = 0; i < 24; i++) {
      const t = i / 24 * 2 * Math.PI, lx = w * Math.cos(t), ly = h * Math.sin(t);
      vx[n] = ox + k * (x + c * lx - s * ly); vy[n] = oy + k * (y + s * lx + c * ly); n++;
    }
  } else {
    const pts = item.shape === 'path' ? item.path : [-w, -h, w, -h, w, h, -w, h];
    for (let i = 0; i < pts.length && n < 48; i += 2) {
      vx[n] = ox + k * (x + c * pts[i] - s * pts[i + 1]); vy[n] = oy + k * (y + s * pts[i] + c * pts[i + 1]); n++;
    }
  }
  shape.n = n;
}

// Fills the convex outline in shape into the W x H pixel words px: `fill` where a pixel's center is over a pixel
// inside every edge, `edge` within one.
function fillConvex(px, W, H, shape, fill, edge) {
  const vx = shape.vx, vy = shape.vy, ea = shape.ea, eb = shape.eb, ec = shape.ec, n = shape.n;
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity, area = 0;
  for (let i = 0; i < n; i++) {
    x0 = Math.min(x0, vx[i]); x1 = Math.max(x1, vx[i]); y0 = Math.min(y0, vy[i]); y1 = Math.max(y1, vy[i]);
    const j = (i + 1) % n;
    area += vx[i] * vy[j] - vx[j] * vy[i];
  }
  // Edge functions d(x, y) = ea x + eb y + ec: the distance inside each edge, in device pixels.
  const sign = area >= 0 ? 1 : -1;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ex = vx[j] - vx[i], ey = vy[j] - vy[i], len = Math.hypot(ex, ey) || 1;
    ea[i] = -sign * ey / len; eb[i] = sign * ex / len; ec[i] = -(ea[i] * vx[i] + eb[i] * vy[i]);
  }
  const ix0 = Math.max(0, Math.floor(x0)), ix1 = Math.min(W - 1, Math.ceil(x1));
  const iy0 = Math.max(0, Math.floor(y0)), iy1 = Math.min(H - 1, Math.ceil(y1));
  for (let py = iy0; py <= iy1; py++) {
    const cy = py + 0.5, row = py * W;
    for (let qx = ix0; qx <= ix1; qx++) {
      const cx = qx + 0.5;
      let inside = Infinity;
      for (let i = 0; i < n; i++) {
        const d = ea[i] * cx + eb[i] * cy + ec[i];
        if (d < inside) { inside = d; if (d < 0) break; }
      }
      if (inside >= 0) px[row + qx] = inside < 1 ? edge : fill;
    }
  }
}
