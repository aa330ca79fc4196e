// Geometry of the stage, in world points: items' outlines, layers' homographies, and what the stage must show.

// A layer's point (its own space) -> world, through its homography h (9 values, column-major 3 x 3); null behind the
// eye.
function project(h, x, y) {
  const w = x * h[2] + y * h[5] + h[8];
  if (!(w > 0)) return null;
  return [(x * h[0] + y * h[3] + h[6]) / w, (x * h[1] + y * h[4] + h[7]) / w];
}

// Sutherland-Hodgman against the half-plane w(x, y) = x h13 + y h23 + h33 >= a millionth.
function clipInFront(pts, h) {
  const w = p => p[0] * h[2] + p[1] * h[5] + h[8];
  const eps = 1e-6;
  if (pts.every(p => w(p) >= eps)) return pts;
  const out = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i], b = pts[(i + 1) % pts.length], wa = w(a), wb = w(b);
    if (wa >= eps) out.push(a);
    if ((wa >= eps) !== (wb >= eps)) {
      const f = (eps - wa) / (wb - wa);
      out.push([a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])]);
    }
  }
  return out;
}

// A colour c (4 channels, 0 ... 1) with its alpha times `alpha`, as CSS rgba().
function rgba(c, alpha) {
  const to = v => Math.round(Math.min(1, Math.max(0, v)) * 255);
  return 'rgba(' + to(c[0]) + ',' + to(c[1]) + ',' + to(c[2]) + ',' + Math.min(1, Math.max(0, c[3] * alpha)) + ')';
}

// The outline of the rectangle (bx, by, bw, bh) with corners of radius r, each corner 9 points (4 without radius).
function roundedOutline(bx, by, bw, bh, r) {
  r = Math.max(0, Math.min(r, bw / 2, bh / 2));
  const pts = [];
  const corners = [[bx + bw - r, by + r, -Math.PI / 2], [bx + bw - r, by + bh - r, 0],
    [bx + r, by + bh - r, Math.PI / 2], [bx + r, by + r, Math.PI]];
  for (const [cx, cy, a0] of corners) {
    const n = r > 0 ? 8 : 0;
    for (let k = 0; k <= n; k++) {
      const a = a0 + (k / Math.max(n, 1)) * Math.PI / 2;
      pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
  }
  if (r === 0) return [[bx, by], [bx + bw, by], [bx + bw, by + bh], [bx, by + bh]];
  return pts;
}

// Adds an item's collision outline (rectangle, ellipse or path) at (x, y) turned by `angle` (radians) to `path`.
function itemPath(path, item, x, y, angle) {
  const c = Math.cos(angle), s = Math.sin(angle);
  const w = item.size[0] / 2, h = item.size[1] / 2;
  if (item.shape === 'ellipse') {
    path.moveTo(x + w * c, y + w * s);
    path.ellipse(x, y, w, h, angle, 0, 2 * Math.PI);
    return;
  }
  const pts = item.shape === 'path' ? item.path : [-w, -h, w, -h, w, h, -w, h];
  for (let i = 0; i < pts.length; i += 2) {
    const px = x + c * pts[i] - s * pts[i + 1], py = y + s * pts[i] + c * pts[i + 1];
    if (i === 0) path.moveTo(px, py); else path.lineTo(px, py);
  }
  path.closePath();
}

// Where an attachment holds an item at a row: the item's center plus `offset` turned with it, world points.
function attachmentPoint(series, item, frame, offset) {
  const x = series[item.x][frame], y = series[item.y][frame], a = series[item.angle][frame];
  const c = Math.cos(a), s = Math.sin(a);
  return [x + c * offset[0] - s * offset[1], y + s * offset[0] + c * offset[1]];
}

// Whether an item sleeps at a row (its `sleep` holds [start, end) row pairs).
function asleep(item, frame) {
  const s = item.sleep;
  for (let i = 0; i < s.length; i += 2) if (frame >= s[i] && frame < s[i + 1]) return true;
  return false;
}

// Layers in Core Animation's order: each superlayer, then its sublayers in order (indices into `layers`).
function layerOrderOf(layers) {
  const order = [];
  const children = layers.map(() => []);
  const roots = [];
  layers.forEach((l, i) => {
    if (l.superlayer === null || l.superlayer === undefined) roots.push(i); else children[l.superlayer].push(i);
  });
  const visit = i => { order.push(i); children[i].forEach(visit); };
  roots.forEach(visit);
  return order;
}

// What the stage shows when it fits, [x, y, width, height] in points: the reference bounds `world` and wherever the
// items go (a container wider than the screen, a view thrown off it) and the layers' corners (at up to 20,000
// layer-rows), over the whole run.
function stageExtent(data, series, world) {
  let x0 = world[0], y0 = world[1], x1 = world[0] + world[2], y1 = world[1] + world[3];
  for (const item of data.items || []) {
    const r = Math.hypot(item.size[0], item.size[1]) / 2;
    const xs = series[item.x], ys = series[item.y];
    for (let i = 0; i < xs.length; i++) {
      if (xs[i] - r < x0) x0 = xs[i] - r;
      if (xs[i] + r > x1) x1 = xs[i] + r;
      if (ys[i] - r < y0) y0 = ys[i] - r;
      if (ys[i] + r > y1) y1 = ys[i] + r;
    }
  }
  const layers = data.layers || [], rows = data.rows;
  const every = Math.max(1, Math.ceil(rows * layers.length / 20000));
  for (const layer of layers) {
    for (let f = 0; f < rows; f += every) {
      if (!(series[layer.opacity][f] > 0)) continue;
      const h = layer.h.map(k => series[k][f]), b = layer.bounds.map(k => series[k][f]);
      for (const [px, py] of [[b[0], b[1]], [b[0] + b[2], b[1]], [b[0], b[1] + b[3]], [b[0] + b[2], b[1] + b[3]]]) {
        const p = project(h, px, py);
        if (!p || !isFinite(p[0]) || !isFinite(p[1])) continue;
        x0 = Math.min(x0, p[0]); x1 = Math.max(x1, p[0]); y0 = Math.min(y0, p[1]); y1 = Math.max(y1, p[1]);
      }
    }
  }
  return [x0, y0, x1 - x0, y1 - y0];
}
