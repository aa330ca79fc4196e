// dynsim view: replays a run embedded in this page (docs/view.md). No network: everything is in the page.
// URL parameters: t=SECONDS (start there), highlight=NAME (draw that item or layer alone in magenta, #ff00ff),
// zoom=PX (CSS pixels per point), origin=X,Y (CSS pixels in the canvas where the point (0, 0) lands), play=1,
// speed=S, plot=a,b (columns to plot), hide=contacts,sleep,anchors,paths,labels,ghosts,bounds, raster=1|0 (draw items
// with the page's own rasterizer, as it does past 300 items, or never).
(function () {
  'use strict';
  const started = performance.now();
  const data = JSON.parse(document.getElementById('dynsim-data').textContent);
  // The payload's contract (Page.swift: format "dynsim-replay 1"): a page this viewer cannot read says so and stops.
  const FORMAT = 'dynsim-replay 1';
  if (data.format !== FORMAT) {
    const note = document.createElement('p');
    note.id = 'format-error';
    note.textContent = 'This page holds data in format "' + data.format + '", which this viewer (' + FORMAT +
      ') cannot read: write the page again with the dynsim that reads it.';
    document.body.prepend(note);
    console.info('dynsim view: unsupported payload format ' + data.format);
    return;
  }
  const bytes = decodeBase64(document.getElementById('dynsim-blob').textContent.trim());
  const params = new URLSearchParams(location.search);
  const series = data.series.map(decodeSeries);
  // Where each frame's contact points start in the flat list: prefix sums of the counts, made once (a frame used to
  // re-add every earlier frame's count, so its cost grew with the frame number).
  let contactStartsMemo = null;
  function contactStarts() {
    if (contactStartsMemo) return contactStartsMemo;
    const counts = series[data.contacts.counts];
    contactStartsMemo = new Float64Array(counts.length + 1);
    for (let f = 0; f < counts.length; f++) contactStartsMemo[f + 1] = contactStartsMemo[f] + counts[f];
    return contactStartsMemo;
  }
  const HIGHLIGHT = '#ff00ff';

  function decodeBase64(text) {
    if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
    const s = atob(text);
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  // One series of the packed data (Packing.swift): const, q (zigzag LEB128 differences of multiples of s), f64, and
  // ticks (row times: each row's index over the rate, by the same IEEE division Swift made).
  function decodeSeries(d) {
    const out = new Float64Array(d.len);
    if (d.enc === 'const') { out.fill(d.v); return out; }
    if (d.enc === 'ticks') {
      for (let i = 0; i < d.len; i++) out[i] = (i === d.len - 1 ? d.last : i * d.stride) / d.rate;
      return out;
    }
    if (d.enc === 'f64') {
      const view = new DataView(bytes.buffer, bytes.byteOffset + d.o, d.n);
      for (let i = 0; i < d.len; i++) out[i] = view.getFloat64(i * 8, true);
      return out;
    }
    let p = d.o, q = 0;
    for (let i = 0; i < d.len; i++) {
      let z = 0, mul = 1, b;
      do { b = bytes[p++]; z += (b & 127) * mul; mul *= 128; } while (b & 128);
      q += (z % 2 === 1) ? -(z + 1) / 2 : z / 2;
      out[i] = q * d.s;
    }
    return out;
  }

  const rows = data.rows;
  const times = data.times !== undefined ? series[data.times] : new Float64Array(rows);
  const state = { frame: 0, time: 0, playing: false, speed: 1, drawn: -1, draws: 0, firstDraw: null, playStart: null };
  const hidden = new Set((params.get('hide') || '').split(',').filter(Boolean));
  const highlight = params.get('highlight');

  // ---------- page text ----------
  document.getElementById('title').textContent = 'dynsim view: ' + data.title;
  document.getElementById('description').textContent =
    (data.description || '') + (data.kind === 'scene' ? ' (profile ' + data.profile + ', ' + data.rate + ' rows/s' +
      (data.stride > 1 ? ', every ' + data.stride + 'th row shown' : '') + ')' : '');
  for (const n of data.notices || []) {
    const li = document.createElement('li');
    li.textContent = n;
    document.getElementById('notices').appendChild(li);
  }

  // ---------- the stage: world -> canvas ----------
  const canvas = document.getElementById('stage');
  const ctx = canvas.getContext('2d');
  const world = data.bounds || [0, 0, 375, 667];
  // What the stage shows when it fits: the reference bounds and wherever the items go (a container wider than the
  // screen, a view thrown off it), over the whole run.
  const extent = (function () {
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
    // Layers: their corners on the screen, at up to 200 rows over the run.
    const layers = data.layers || [];
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
  })();
  let zoom, origin;
  function layoutStage() {
    const maxH = Math.max(320, window.innerHeight - 190), maxW = Math.max(280, Math.min(window.innerWidth - 40, 640));
    const margin = 16;
    const asked = Number(params.get('zoom'));
    zoom = params.has('zoom') && Number.isFinite(asked) && asked > 0 ? asked
      : Math.min((maxW - 2 * margin) / extent[2], (maxH - 2 * margin) / extent[3]);
    let cssW = Math.ceil(extent[2] * zoom + 2 * margin), cssH = Math.ceil(extent[3] * zoom + 2 * margin);
    const o = (params.get('origin') || '').split(',').map(Number);
    if (o.length === 2 && o.every(Number.isFinite)) {
      origin = [o[0], o[1]];
      cssW = Math.ceil(origin[0] + (extent[0] + extent[2]) * zoom + margin);
      cssH = Math.ceil(origin[1] + (extent[1] + extent[3]) * zoom + margin);
    } else {
      origin = [margin - extent[0] * zoom, margin - extent[1] * zoom];
    }
    const dpr = window.devicePixelRatio || 1;
    canvas.style.width = cssW + 'px';
    canvas.style.height = cssH + 'px';
    canvas.width = Math.round(cssW * dpr);
    canvas.height = Math.round(cssH * dpr);
    // Put the canvas on whole device pixels (text above it may end at a fraction of one), so its bitmap is not
    // resampled: every pixel lands where it was drawn.
    canvas.style.marginLeft = canvas.style.marginTop = '0px';
    const r = canvas.getBoundingClientRect();
    const snap = v => (((Math.ceil(v * dpr - 1e-6) - v * dpr) / dpr) + 'px');
    canvas.style.marginLeft = snap(r.left + canvas.clientLeft);
    canvas.style.marginTop = snap(r.top + canvas.clientTop);
    state.drawn = -1;
  }
  // World points -> device pixels.
  function worldTransform() {
    const k = (window.devicePixelRatio || 1);
    ctx.setTransform(k * zoom, 0, 0, k * zoom, k * origin[0], k * origin[1]);
  }

  const toggles = [['bounds', 'bounds'], ['paths', 'drag path'], ['anchors', 'anchors'], ['contacts', 'contacts'],
    ['sleep', 'sleeping'], ['labels', 'labels'], ['ghosts', 'overlays']];
  const togglesBox = document.getElementById('toggles');
  if (data.kind === 'scene') {
    for (const [key, label] of toggles) {
      if (key === 'contacts' && !data.contacts) continue;
      if ((key === 'sleep' || key === 'labels') && !data.items.length) continue;
      if (key === 'anchors' && !data.attachments.length) continue;
      if (key === 'paths' && !data.drags.length) continue;
      if (key === 'ghosts' && !(data.overlays || []).length) continue;
      const l = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = !hidden.has(key) && key !== 'labels';
      if (!box.checked) hidden.add(key);
      box.addEventListener('change', () => { if (box.checked) hidden.delete(key); else hidden.add(key); redraw(); });
      l.append(box, ' ' + label);
      togglesBox.appendChild(l);
    }
  }

  function value(k, frame) { return series[k][frame]; }

  function asleep(item, frame) {
    const s = item.sleep;
    for (let i = 0; i < s.length; i += 2) if (frame >= s[i] && frame < s[i + 1]) return true;
    return false;
  }

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

  function attachmentPoint(item, frame, offset) {
    const x = value(item.x, frame), y = value(item.y, frame), a = value(item.angle, frame);
    const c = Math.cos(a), s = Math.sin(a);
    return [x + c * offset[0] - s * offset[1], y + s * offset[0] + c * offset[1]];
  }

  // A layer's point (its own space) -> world, through its homography; null behind the eye.
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

  function rgba(c, alpha) {
    const to = v => Math.round(Math.min(1, Math.max(0, v)) * 255);
    return 'rgba(' + to(c[0]) + ',' + to(c[1]) + ',' + to(c[2]) + ',' + Math.min(1, Math.max(0, c[3] * alpha)) + ')';
  }

  function roundedOutline(bx, by, bw, bh, r) {
    r = Math.max(0, Math.min(r, bw / 2, bh / 2));
    const pts = [];
    const corners = [[bx + bw - r, by + r, -Math.PI / 2], [bx + bw - r, by + bh - r, 0], [bx + r, by + bh - r, Math.PI / 2], [bx + r, by + r, Math.PI]];
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

  // Layers in Core Animation's order: each superlayer, then its sublayers in order.
  const layerOrder = [];
  (function () {
    const layers = data.layers || [];
    const children = layers.map(() => []);
    const roots = [];
    layers.forEach((l, i) => { if (l.superlayer === null || l.superlayer === undefined) roots.push(i); else children[l.superlayer].push(i); });
    const visit = i => { layerOrder.push(i); children[i].forEach(visit); };
    roots.forEach(visit);
  })();

  function textOf(t, frame) { return t.strings[series[t.series][frame]]; }

  function drawLayer(layer, frame) {
    const isHighlight = highlight === layer.name;
    if (highlight && !isHighlight && highlightIsLayer) return;
    const opacity = isHighlight ? 1 : value(layer.opacity, frame);
    const h = layer.h.map(k => value(k, frame));
    const b = layer.bounds.map(k => value(k, frame));
    const color = isHighlight ? [1, 0, 1, 1] : layer.color.map(k => value(k, frame));
    // The part in front of the eye (w > 0; w is affine in the layer's own coordinates, so the outline is clipped
    // there before it is projected).
    const outline = clipInFront(roundedOutline(b[0], b[1], b[2], b[3], value(layer.cornerRadius, frame)), h)
      .map(p => project(h, p[0], p[1]));
    if (outline.length < 3 || outline.some(p => p === null)) return;
    if (opacity > 0 && color[3] > 0) {
      ctx.beginPath();
      outline.forEach((p, i) => (i === 0 ? ctx.moveTo(p[0], p[1]) : ctx.lineTo(p[0], p[1])));
      ctx.closePath();
      ctx.fillStyle = rgba(color, opacity);
      ctx.fill();
    }
    if (isHighlight) return;
    // Text: drawn in the layer's plane through the affine map that fits its corners (exact when the map is affine).
    const entries = [[layer.text, layer.textColor, layer.newOpacity, layer.newOffset], [layer.oldText, layer.oldTextColor, layer.oldOpacity, layer.oldOffset]];
    const p0 = project(h, b[0], b[1]), px = project(h, b[0] + 1, b[1]), py = project(h, b[0], b[1] + 1);
    if (!p0 || !px || !py) return;
    for (const [text, tc, op, off] of entries) {
      const s = textOf(text, frame);
      const alpha = value(op, frame) * opacity;
      if (!s || alpha <= 0) continue;
      ctx.save();
      const k = (window.devicePixelRatio || 1);
      const a = [px[0] - p0[0], px[1] - p0[1], py[0] - p0[0], py[1] - p0[1]];
      ctx.transform(a[0], a[1], a[2], a[3], p0[0], p0[1]);
      ctx.fillStyle = rgba(tc.map(i => value(i, frame)), alpha);
      ctx.font = '17px -apple-system, "Helvetica Neue", Arial, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(s, b[2] / 2 + value(off[0], frame), b[3] / 2 + value(off[1], frame));
      ctx.restore();
      void k;
    }
  }
  const highlightIsLayer = !!highlight && (data.layers || []).some(l => l.name === highlight);

  function overlayValueAt(o, name, t) {
    const col = o.columns.find(c => c.name === name);
    if (!col) return null;
    const ts = series[o.t], vs = series[col.series];
    if (t < ts[0] || t > ts[ts.length - 1]) return null;
    let lo = 0, hi = ts.length - 1;
    while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (ts[mid] <= t) lo = mid; else hi = mid; }
    if (ts[hi] === ts[lo]) return vs[lo];
    const f = (t - ts[lo]) / (ts[hi] - ts[lo]);
    return vs[lo] + (vs[hi] - vs[lo]) * Math.max(0, Math.min(1, f));
  }

  const ghostColors = ['#e07000', '#7a3fc0', '#008a6e', '#c0306a'];

  // Many items (more than RASTER_ITEMS): drawn by a small rasterizer of its own into one ImageData, since a canvas
  // path of thousands of shapes costs tens of ms a frame under software rendering. Each shape is its convex outline
  // (an ellipse as a 24-gon) in device pixels; a pixel whose center lies inside is filled, within one pixel of an
  // edge it takes the outline colour. No antialiasing: edges are exact to half a device pixel.
  const RASTER_ITEMS = params.get('raster') === '1' ? 0 : params.get('raster') === '0' ? Infinity : 300;
  let raster = null;
  function rasterItems(frame) {
    const W = canvas.width, H = canvas.height;
    if (!raster || raster.width !== W || raster.height !== H) {
      raster = ctx.createImageData(W, H);
      raster.words = new Uint32Array(raster.data.buffer);
    }
    const px = raster.words;
    px.fill(0xffffffff);
    const k = (window.devicePixelRatio || 1) * zoom, ox = (window.devicePixelRatio || 1) * origin[0], oy = (window.devicePixelRatio || 1) * origin[1];
    // ABGR words (little-endian RGBA bytes).
    const word = (r, g, b) => (0xff000000 | (b << 16) | (g << 8) | r) >>> 0;
    const fillAwake = word(190, 212, 242), edgeAwake = word(43, 87, 151), fillAsleep = word(200, 200, 200), edgeAsleep = word(119, 119, 119);
    const showSleep = !hidden.has('sleep');
    const vx = new Float64Array(48), vy = new Float64Array(48), ea = new Float64Array(48), eb = new Float64Array(48), ec = new Float64Array(48);
    // The highlighted item last, magenta inside and out.
    const order = data.items.filter(item => item.name !== highlight).concat(data.items.filter(item => item.name === highlight));
    for (const item of order) {
      const lit = highlight === item.name;
      const x = value(item.x, frame), y = value(item.y, frame), a = value(item.angle, frame);
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
      const sleeping = showSleep && asleep(item, frame);
      const fill = lit ? word(255, 0, 255) : sleeping ? fillAsleep : fillAwake;
      const edge = lit ? fill : sleeping ? edgeAsleep : edgeAwake;
      const ix0 = Math.max(0, Math.floor(x0)), ix1 = Math.min(W - 1, Math.ceil(x1)), iy0 = Math.max(0, Math.floor(y0)), iy1 = Math.min(H - 1, Math.ceil(y1));
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
    ctx.putImageData(raster, 0, 0);
  }

  function drawScene(frame) {
    const t = times[frame];
    const lw = 1 / zoom;
    const rastered = data.items.length > RASTER_ITEMS && !(highlight && highlightIsLayer);
    if (rastered) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      rasterItems(frame);
      ctx.restore();
    }
    // Bounds and boundaries.
    if (!hidden.has('bounds')) {
      ctx.lineWidth = (data.referenceBoundary ? 2 : 1) * lw;
      ctx.strokeStyle = data.referenceBoundary ? '#555' : '#bbb';
      ctx.setLineDash(data.referenceBoundary ? [] : [4 * lw, 4 * lw]);
      ctx.strokeRect(world[0], world[1], world[2], world[3]);
      ctx.setLineDash([]);
      ctx.strokeStyle = '#333';
      ctx.lineWidth = 2 * lw;
      for (const b of data.boundaries) {
        ctx.beginPath();
        for (let i = 0; i < b.points.length; i += 2) (i === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, b.points[i], b.points[i + 1]);
        if (b.closed) ctx.closePath();
        ctx.stroke();
      }
    }
    for (const i of layerOrder) drawLayer(data.layers[i], frame);
    if (!hidden.has('paths')) {
      ctx.strokeStyle = '#f0a030';
      ctx.lineWidth = 1.5 * lw;
      ctx.setLineDash([6 * lw, 4 * lw]);
      for (const d of data.drags) {
        ctx.beginPath();
        for (let i = 0; i < d.points.length; i += 2) (i === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, d.points[i], d.points[i + 1]);
        ctx.stroke();
      }
      ctx.setLineDash([]);
    }
    // Items: one path for awake, one for sleeping (Box2D's debug draw colours), the highlighted one alone.
    const awake = new Path2D(), sleeping = new Path2D(), axes = new Path2D();
    let hi = null;
    const showSleep = !hidden.has('sleep');
    data.items.forEach(item => {
      const x = value(item.x, frame), y = value(item.y, frame), a = value(item.angle, frame);
      if (highlight === item.name) { hi = [item, x, y, a]; return; }
      if (rastered) return;
      if (highlight && highlightIsLayer) return;
      itemPath(showSleep && asleep(item, frame) ? sleeping : awake, item, x, y, a);
      if (data.items.length <= 200) {
        axes.moveTo(x, y);
        axes.lineTo(x + Math.cos(a) * item.size[0] / 2, y + Math.sin(a) * item.size[0] / 2);
      }
    });
    ctx.lineWidth = lw;
    ctx.fillStyle = 'rgba(120, 170, 230, 0.45)';
    ctx.strokeStyle = '#2b5797';
    ctx.fill(awake); ctx.stroke(awake);
    ctx.fillStyle = 'rgba(160, 160, 160, 0.45)';
    ctx.strokeStyle = '#777';
    ctx.fill(sleeping); ctx.stroke(sleeping);
    ctx.strokeStyle = '#b03030';
    ctx.stroke(axes);
    // Attachments and anchors.
    if (!hidden.has('anchors')) {
      for (const a of data.attachments) {
        const item = data.items[a.item];
        const p = attachmentPoint(item, frame, a.offset);
        let q = null;
        if (a.other !== undefined) q = attachmentPoint(data.items[a.other], frame, a.otherOffset);
        else if (a.anchor) q = [value(a.anchor[0], frame), value(a.anchor[1], frame)];
        else if (a.snap) q = a.snap;
        if (!q) continue;
        ctx.strokeStyle = '#2a7a2a';
        ctx.lineWidth = 1.5 * lw;
        ctx.setLineDash(a.spring ? [3 * lw, 3 * lw] : []);
        ctx.beginPath(); ctx.moveTo(q[0], q[1]); ctx.lineTo(p[0], p[1]); ctx.stroke();
        ctx.setLineDash([]);
        ctx.fillStyle = '#2a7a2a';
        ctx.beginPath(); ctx.arc(q[0], q[1], 3 * lw, 0, 2 * Math.PI); ctx.fill();
      }
      // The finger while a drag moves its anchor.
      for (const d of data.drags) {
        const a = data.attachments[d.attachment];
        if (!a.anchor || t < d.times[0] || t > d.times[d.times.length - 1]) continue;
        ctx.strokeStyle = '#f07000';
        ctx.lineWidth = 2 * lw;
        ctx.beginPath(); ctx.arc(value(a.anchor[0], frame), value(a.anchor[1], frame), 11 * lw, 0, 2 * Math.PI); ctx.stroke();
      }
    }
    if (data.contacts && !hidden.has('contacts')) {
      const counts = series[data.contacts.counts], pts = series[data.contacts.points];
      const start = contactStarts()[frame];
      ctx.fillStyle = '#e02020';
      const r = Math.max(1.5 * lw, 0.8);
      for (let k = 0; k < counts[frame]; k++) {
        ctx.fillRect(pts[2 * (start + k)] - r, pts[2 * (start + k) + 1] - r, 2 * r, 2 * r);
      }
    }
    if (!hidden.has('ghosts')) {
      (data.overlays || []).forEach((o, k) => {
        ctx.strokeStyle = ghostColors[k % ghostColors.length];
        ctx.fillStyle = ghostColors[k % ghostColors.length];
        ctx.lineWidth = 1.5 * lw;
        ctx.setLineDash([5 * lw, 3 * lw]);
        if (o.kind === 'run') {
          const ghost = new Path2D();
          for (const item of data.items) {
            const x = overlayValueAt(o, item.name + '.x', t), y = overlayValueAt(o, item.name + '.y', t);
            if (x === null || y === null) continue;
            itemPath(ghost, item, x, y, overlayValueAt(o, item.name + '.angle', t) || 0);
          }
          ctx.stroke(ghost);
        } else if (o.kind === 'point') {
          const ts = series[o.t], xs = series[o.columns[0].series], ys = series[o.columns[1].series];
          ctx.beginPath();
          for (let i = 0; i < ts.length && ts[i] <= t; i++) (i === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, xs[i], ys[i]);
          ctx.stroke();
          const x = overlayValueAt(o, 'x', t), y = overlayValueAt(o, 'y', t);
          if (x !== null) { ctx.beginPath(); ctx.arc(x, y, 5 * lw, 0, 2 * Math.PI); ctx.fill(); }
        }
        ctx.setLineDash([]);
      });
    }
    if (hi && !rastered) {
      const p = new Path2D();
      itemPath(p, hi[0], hi[1], hi[2], hi[3]);
      ctx.fillStyle = HIGHLIGHT;
      ctx.fill(p);
    }
    if (!hidden.has('labels')) {
      ctx.fillStyle = '#222';
      ctx.font = (11 * lw) + 'px sans-serif';
      for (const item of data.items) ctx.fillText(item.name, value(item.x, frame), value(item.y, frame));
    }
  }

  // ---------- springs and curves: the value on a track ----------
  function drawCurves(frame) {
    const t = times[frame];
    const lw = 1 / zoom;
    data.curves.forEach((c, k) => {
      const y = 30 + k * 50;
      const lo = data.range[0], hi = data.range[1];
      const xOf = v => world[0] + 20 + (v - lo) / (hi - lo || 1) * (world[2] - 40);
      ctx.strokeStyle = '#bbb';
      ctx.lineWidth = lw;
      ctx.beginPath(); ctx.moveTo(xOf(lo), y); ctx.lineTo(xOf(hi), y); ctx.stroke();
      ctx.strokeStyle = '#2a7a2a';
      for (const v of [c.from, c.to]) { ctx.beginPath(); ctx.moveTo(xOf(v), y - 8); ctx.lineTo(xOf(v), y + 8); ctx.stroke(); }
      const v = sampleCurve(c, t);
      ctx.fillStyle = ghostColors[k % ghostColors.length];
      ctx.beginPath(); ctx.arc(xOf(v), y, 7, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = '#222';
      ctx.font = '11px sans-serif';
      ctx.fillText(c.label, world[0] + 20, y - 12);
    });
  }
  function sampleCurve(c, t) {
    const ts = series[c.t], vs = series[c.value];
    if (t <= ts[0]) return vs[0];
    if (t >= ts[ts.length - 1]) return vs[vs.length - 1];
    let lo = 0, hi = ts.length - 1;
    while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (ts[mid] <= t) lo = mid; else hi = mid; }
    return vs[lo] + (vs[hi] - vs[lo]) * (t - ts[lo]) / (ts[hi] - ts[lo]);
  }

  function draw() {
    const k = window.devicePixelRatio || 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    worldTransform();
    if (data.kind === 'scene') drawScene(state.frame); else drawCurves(state.frame);
    ctx.setTransform(k, 0, 0, k, 0, 0);
    state.drawn = state.frame;
    state.draws += 1;
    if (state.firstDraw === null) state.firstDraw = performance.now();
    document.getElementById('time').textContent =
      't = ' + times[state.frame].toFixed(3) + ' s, row ' + Math.round(times[state.frame] * data.rate) + ' of ' + Math.round(times[rows - 1] * data.rate);
    scrubber.value = String(state.frame);
    moveCursor(null);
    listEvents();
  }
  function redraw() { state.drawn = -1; draw(); }

  // ---------- time ----------
  const scrubber = document.getElementById('scrubber');
  scrubber.max = String(rows - 1);
  function frameAt(t) {
    let lo = 0, hi = rows - 1;
    if (t <= times[0]) return 0;
    if (t >= times[hi]) return hi;
    while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (times[mid] <= t) lo = mid; else hi = mid; }
    return (t - times[lo] < times[hi] - t - 1e-12) ? lo : hi;
  }
  function seekFrame(f) {
    f = Number(f);
    if (Number.isNaN(f)) return;
    state.frame = Math.max(0, Math.min(rows - 1, Math.trunc(f)));
    state.time = times[state.frame];
    draw();
  }
  function seek(t) { if (!Number.isNaN(Number(t))) seekFrame(frameAt(Number(t))); }
  const playButton = document.getElementById('play');
  function setPlaying(on) {
    state.playing = on;
    playButton.textContent = on ? 'Pause' : 'Play';
    if (on) {
      if (state.frame >= rows - 1) seekFrame(0);
      state.last = performance.now();
      state.playStart = state.last;
      state.playDraws = state.draws;
      requestAnimationFrame(tick);
    }
  }
  function tick(now) {
    if (!state.playing) return;
    state.time += Math.max(0, now - state.last) / 1000 * state.speed;
    state.last = now;
    const f = frameAt(state.time);
    if (f !== state.frame) { state.frame = f; draw(); }
    if (state.time >= times[rows - 1]) { setPlaying(false); return; }
    requestAnimationFrame(tick);
  }
  playButton.addEventListener('click', () => setPlaying(!state.playing));
  document.getElementById('back').addEventListener('click', () => { setPlaying(false); seekFrame(state.frame - 1); });
  document.getElementById('forward').addEventListener('click', () => { setPlaying(false); seekFrame(state.frame + 1); });
  scrubber.addEventListener('input', () => { setPlaying(false); seekFrame(Number(scrubber.value)); });
  const speed = document.getElementById('speed');
  function setSpeed(s) {
    s = Number(s);
    if (!Number.isFinite(s)) return;
    state.speed = Math.max(0.1, Math.min(4, s));
    speed.value = String(state.speed);
    document.getElementById('speed-label').textContent = state.speed.toFixed(2).replace(/\.?0+$/, '') + 'x';
  }
  speed.addEventListener('input', () => setSpeed(Number(speed.value)));
  document.addEventListener('keydown', e => {
    if (e.target instanceof HTMLInputElement && e.target.type !== 'range' && e.target.type !== 'checkbox') return;
    if (e.target instanceof HTMLSelectElement) return;
    const step = e.shiftKey ? 10 : 1;
    if (e.key === ' ') { setPlaying(!state.playing); e.preventDefault(); }
    else if (e.key === 'ArrowLeft') { setPlaying(false); seekFrame(state.frame - step); e.preventDefault(); }
    else if (e.key === 'ArrowRight') { setPlaying(false); seekFrame(state.frame + step); e.preventDefault(); }
    else if (e.key === 'Home') { setPlaying(false); seekFrame(0); e.preventDefault(); }
    else if (e.key === 'End') { setPlaying(false); seekFrame(rows - 1); e.preventDefault(); }
  });

  // ---------- plots (dygraphs) ----------
  const plotDiv = document.getElementById('plot');
  const cursor = document.getElementById('cursor');
  const select = document.getElementById('columns');
  const numeric = (data.columns || []).filter(c => c.series !== undefined);
  const traces = (data.overlays || []).filter(o => o.kind === 'series');
  let graph = null, plotted = [];
  function optionsFor(filter) {
    select.textContent = '';
    const chosen = new Set(plotted);
    const f = filter.toLowerCase();
    let shown = 0;
    for (const c of numeric) {
      if (!chosen.has(c.name) && (f && !c.name.toLowerCase().includes(f) || shown >= 2000)) continue;
      const o = document.createElement('option');
      o.value = c.name;
      o.textContent = c.name;
      o.selected = chosen.has(c.name);
      select.appendChild(o);
      shown += 1;
    }
  }
  // Plot lines: each chosen column of this run, the same column of each run overlay, and every t,value trace.
  function plotLines() {
    const lines = [];
    for (const name of plotted) {
      const c = numeric.find(x => x.name === name);
      if (c) lines.push({ label: name, t: times, v: series[c.series] });
      for (const o of data.overlays || []) {
        if (o.kind !== 'run') continue;
        const oc = o.columns.find(x => x.name === name);
        if (oc) lines.push({ label: name + ' (' + o.label + ')', t: series[o.t], v: series[oc.series] });
      }
    }
    for (const o of traces) lines.push({ label: o.label, t: series[o.t], v: series[o.columns[0].series] });
    for (const c of data.curves || []) lines.push({ label: c.label, t: series[c.t], v: series[c.value] });
    return lines;
  }
  function buildPlot() {
    const lines = plotLines();
    if (!lines.length) { if (graph) { graph.destroy(); graph = null; } plotDiv.textContent = 'Pick columns to plot.'; return; }
    plotDiv.textContent = '';
    // One x axis: the union of the lines' times, a line's value null where it has no row.
    const same = lines.every(l => l.t === lines[0].t);
    let rowsOut;
    if (same) {
      rowsOut = Array.from(lines[0].t, (t, i) => [t].concat(lines.map(l => l.v[i])));
    } else {
      const all = new Map();
      lines.forEach((l, k) => l.t.forEach((t, i) => {
        let r = all.get(t);
        if (!r) { r = [t].concat(lines.map(() => null)); all.set(t, r); }
        r[k + 1] = l.v[i];
      }));
      rowsOut = Array.from(all.values()).sort((a, b) => a[0] - b[0]);
    }
    if (graph) graph.destroy();
    graph = null;
    graph = new Dygraph(plotDiv, rowsOut, {
      labels: ['t'].concat(lines.map(l => l.label)), connectSeparatedPoints: true, xlabel: 't (s)',
      legend: 'always', labelsSeparateLines: false, animatedZooms: false, colors: undefined,
      underlayCallback: drawMarks,
      clickCallback: (e, x) => { setPlaying(false); seek(x); },
      drawCallback: g => moveCursor(g),
    });
  }
  // Events on the timeline (a tick for each; contacts only when there are few), the spring's band and overshoot.
  const marks = (data.events || []).filter(e => e[1] !== 'begin' && e[1] !== 'end');
  const contactMarks = (data.events || []).filter(e => e[1] === 'begin' || e[1] === 'end');
  function drawMarks(c, area, g) {
    c.save();
    const list = marks.concat(contactMarks.length <= 200 ? contactMarks : []);
    for (const e of list) {
      const x = g.toDomXCoord(e[0]);
      c.strokeStyle = e[1] === 'begin' || e[1] === 'end' ? 'rgba(200,0,0,0.25)' : 'rgba(0,90,200,0.6)';
      c.beginPath(); c.moveTo(x, area.y); c.lineTo(x, area.y + area.h); c.stroke();
    }
    for (const cv of data.curves || []) {
      if (cv.band) {
        const y0 = g.toDomYCoord(cv.to + cv.band), y1 = g.toDomYCoord(cv.to - cv.band);
        c.fillStyle = 'rgba(40,160,40,0.12)';
        c.fillRect(area.x, y0, area.w, y1 - y0);
      }
      if (cv.peak) {
        const x = g.toDomXCoord(cv.peak[0]), y = g.toDomYCoord(cv.peak[1]);
        c.fillStyle = '#c03000';
        c.beginPath(); c.arc(x, y, 4, 0, 2 * Math.PI); c.fill();
        c.fillText('overshoot ' + cv.overshoot, x + 6, y - 4);
      }
      if (cv.settle) {
        const x = g.toDomXCoord(cv.settle);
        c.strokeStyle = 'rgba(40,160,40,0.8)';
        c.setLineDash([4, 3]);
        c.beginPath(); c.moveTo(x, area.y); c.lineTo(x, area.y + area.h); c.stroke();
        c.setLineDash([]);
      }
    }
    c.restore();
  }
  // The cursor at the replay time on `g` (the graph being drawn, which dygraphs passes while it is still being built).
  function moveCursor(g) {
    g = g || graph;
    if (!g) { cursor.style.display = 'none'; return; }
    const x = g.toDomXCoord(times[state.frame]);
    const area = g.getArea();
    cursor.style.display = (x >= area.x && x <= area.x + area.w) ? '' : 'none';
    cursor.style.left = x + 'px';
    cursor.style.top = area.y + 'px';
    cursor.style.height = area.h + 'px';
  }
  select.addEventListener('change', () => {
    const chosen = new Set(Array.from(select.selectedOptions, o => o.value));
    // Options hidden by the filter stay chosen.
    const visible = new Set(Array.from(select.options, o => o.value));
    plotted = plotted.filter(n => !visible.has(n) || chosen.has(n)).concat(Array.from(chosen).filter(n => !plotted.includes(n)));
    buildPlot();
  });
  document.getElementById('filter').addEventListener('input', e => optionsFor(e.target.value));

  // ---------- events list ----------
  const eventsList = document.getElementById('events');
  let listedFrame = -1;
  function listEvents() {
    if (listedFrame === state.frame) return;
    listedFrame = state.frame;
    const t = times[state.frame];
    const all = data.events || [];
    let k = 0;
    while (k < all.length && all[k][0] <= t) k++;
    eventsList.textContent = '';
    for (let i = Math.max(0, k - 6); i < Math.min(all.length, k + 4); i++) {
      const e = all[i];
      const li = document.createElement('li');
      li.textContent = e[0].toFixed(3) + ' s  ' + e.slice(1).filter(Boolean).join(' ');
      if (e[0] <= t) li.className = 'past';
      eventsList.appendChild(li);
    }
  }

  // ---------- start ----------
  if (data.kind !== 'scene') document.getElementById('picker').style.display = 'none';
  plotted = (params.get('plot') ? params.get('plot').split(',') : (data.plot || [])).filter(n => numeric.some(c => c.name === n));
  optionsFor('');
  layoutStage();
  setSpeed(1);
  if (params.has('speed')) setSpeed(params.get('speed'));
  buildPlot();
  seekFrame(0);
  if (params.has('t')) seek(params.get('t'));
  window.addEventListener('resize', () => { layoutStage(); redraw(); if (graph) graph.resize(); });
  if (params.get('play') === '1') setPlaying(true);

  // For tests and tools: the replay's state and controls.
  window.dynsimView = {
    seek, seekFrame, play: () => setPlaying(true), pause: () => setPlaying(false), setSpeed,
    state: () => ({ frame: state.frame, time: times[state.frame], playing: state.playing, speed: state.speed, rows,
      draws: state.draws, label: document.getElementById('time').textContent }),
    viewport: () => ({ zoom, origin: origin.slice() }),
    plot: () => (graph ? { labels: graph.getLabels(), rows: graph.numRows() } : { labels: [], rows: 0 }),
    stats: () => ({ parsedMs: parsedAt - started, firstDrawMs: state.firstDraw, draws: state.draws,
      playMs: state.playStart === null ? 0 : performance.now() - state.playStart,
      playDraws: state.playStart === null ? 0 : state.draws - state.playDraws }),
  };
  const parsedAt = performance.now();
})();
