// The stage: the canvas laid out on whole device pixels, world points -> device pixels, and each frame drawn (a
// scene's bounds, layers, drag paths, items, anchors, contacts, overlays and labels; or springs and curves on tracks).

// Sizes the canvas to the stage at the URL's zoom and origin, or to fit the window.
function layoutStage(v) {
  const canvas = v.canvas, extent = v.extent, params = v.params;
  const maxH = Math.max(320, window.innerHeight - 190), maxW = Math.max(280, Math.min(window.innerWidth - 40, 640));
  const margin = 16;
  const asked = Number(params.get('zoom'));
  v.zoom = params.has('zoom') && Number.isFinite(asked) && asked > 0 ? asked
    : Math.min((maxW - 2 * margin) / extent[2], (maxH - 2 * margin) / extent[3]);
  let cssW = Math.ceil(extent[2] * v.zoom + 2 * margin), cssH = Math.ceil(extent[3] * v.zoom + 2 * margin);
  const o = (params.get('origin') || '').split(',').map(Number);
  if (o.length === 2 && o.every(Number.isFinite)) {
    v.origin = [o[0], o[1]];
    cssW = Math.ceil(v.origin[0] + (extent[0] + extent[2]) * v.zoom + margin);
    cssH = Math.ceil(v.origin[1] + (extent[1] + extent[3]) * v.zoom + margin);
  } else {
    v.origin = [margin - extent[0] * v.zoom, margin - extent[1] * v.zoom];
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
  const snap = x => (((Math.ceil(x * dpr - 1e-6) - x * dpr) / dpr) + 'px');
  canvas.style.marginLeft = snap(r.left + canvas.clientLeft);
  canvas.style.marginTop = snap(r.top + canvas.clientTop);
  v.state.drawn = -1;
}

// World points -> device pixels.
function worldTransform(v) {
  const k = (window.devicePixelRatio || 1);
  v.ctx.setTransform(k * v.zoom, 0, 0, k * v.zoom, k * v.origin[0], k * v.origin[1]);
}

// Draws the current frame, and shows its time and row, the scrubber, the plot's cursor and the events near it.
function draw(v) {
  const ctx = v.ctx, state = v.state, times = v.times, k = window.devicePixelRatio || 1;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = v.colors.background;
  ctx.fillRect(0, 0, v.canvas.width, v.canvas.height);
  worldTransform(v);
  if (v.data.kind === 'scene') drawScene(v, state.frame); else drawCurves(v, state.frame);
  ctx.setTransform(k, 0, 0, k, 0, 0);
  state.drawn = state.frame;
  state.draws += 1;
  if (state.firstDraw === null) state.firstDraw = performance.now();
  document.getElementById('time').textContent = 't = ' + times[state.frame].toFixed(3) + ' s, row ' +
    Math.round(times[state.frame] * v.data.rate) + ' of ' + Math.round(times[v.rows - 1] * v.data.rate);
  v.scrubber.value = String(state.frame);
  moveCursor(v, null);
  listEvents(v);
}

// Draws the current frame again (a toggle changed, the window resized).
function redraw(v) { v.state.drawn = -1; draw(v); }

// A scene at a row, in drawing order: items by the rasterizer (past v.rasterItems items), bounds, layers, drag
// paths, items, anchors, contacts, overlays, the highlighted item, labels.
function drawScene(v, frame) {
  const data = v.data, ctx = v.ctx;
  const rastered = data.items.length > v.rasterItems && !(v.highlight && v.highlightIsLayer);
  if (rastered) {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    rasterItems(v, frame);
    ctx.restore();
  }
  if (!v.hidden.has('bounds')) drawBounds(v);
  for (const i of v.layerOrder) drawLayer(v, data.layers[i], frame);
  if (!v.hidden.has('paths')) drawDragPaths(v);
  const hi = drawItems(v, frame, rastered);
  if (!v.hidden.has('anchors')) drawAnchors(v, frame);
  if (data.contacts && !v.hidden.has('contacts')) drawContacts(v, frame);
  if (!v.hidden.has('ghosts')) drawOverlays(v, v.times[frame]);
  if (hi && !rastered) {
    const p = new Path2D();
    itemPath(p, hi[0], hi[1], hi[2], hi[3]);
    ctx.fillStyle = v.colors.highlight;
    ctx.fill(p);
  }
  if (!v.hidden.has('labels')) {
    ctx.fillStyle = v.colors.label;
    ctx.font = (11 * (1 / v.zoom)) + 'px sans-serif';
    for (const item of data.items) ctx.fillText(item.name, v.series[item.x][frame], v.series[item.y][frame]);
  }
}

// The reference bounds (solid when they are a boundary, dashed otherwise) and the collision boundaries.
function drawBounds(v) {
  const ctx = v.ctx, data = v.data, world = v.world, lw = 1 / v.zoom;
  ctx.lineWidth = (data.referenceBoundary ? 2 : 1) * lw;
  ctx.strokeStyle = data.referenceBoundary ? v.colors.boundsBoundary : v.colors.bounds;
  ctx.setLineDash(data.referenceBoundary ? [] : [4 * lw, 4 * lw]);
  ctx.strokeRect(world[0], world[1], world[2], world[3]);
  ctx.setLineDash([]);
  ctx.strokeStyle = v.colors.boundary;
  ctx.lineWidth = 2 * lw;
  for (const b of data.boundaries) {
    ctx.beginPath();
    for (let i = 0; i < b.points.length; i += 2) {
      (i === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, b.points[i], b.points[i + 1]);
    }
    if (b.closed) ctx.closePath();
    ctx.stroke();
  }
}

// The finger's drag paths, dashed.
function drawDragPaths(v) {
  const ctx = v.ctx, lw = 1 / v.zoom;
  ctx.strokeStyle = v.colors.dragPath;
  ctx.lineWidth = 1.5 * lw;
  ctx.setLineDash([6 * lw, 4 * lw]);
  for (const d of v.data.drags) {
    ctx.beginPath();
    for (let i = 0; i < d.points.length; i += 2) {
      (i === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, d.points[i], d.points[i + 1]);
    }
    ctx.stroke();
  }
  ctx.setLineDash([]);
}

// Items: one path for awake, one for sleeping (Box2D's debug draw colours), each center's x-axis (at most 200
// items); the highlighted one is left for last: returns [item, x, y, angle] for it, or null.
function drawItems(v, frame, rastered) {
  const ctx = v.ctx, data = v.data, series = v.series, colors = v.colors;
  const awake = new Path2D(), sleeping = new Path2D(), axes = new Path2D();
  let hi = null;
  const showSleep = !v.hidden.has('sleep');
  data.items.forEach(item => {
    const x = series[item.x][frame], y = series[item.y][frame], a = series[item.angle][frame];
    if (v.highlight === item.name) { hi = [item, x, y, a]; return; }
    if (rastered) return;
    if (v.highlight && v.highlightIsLayer) return;
    itemPath(showSleep && asleep(item, frame) ? sleeping : awake, item, x, y, a);
    if (data.items.length <= 200) {
      axes.moveTo(x, y);
      axes.lineTo(x + Math.cos(a) * item.size[0] / 2, y + Math.sin(a) * item.size[0] / 2);
    }
  });
  ctx.lineWidth = 1 / v.zoom;
  ctx.fillStyle = colors.itemFill;
  ctx.strokeStyle = colors.itemStroke;
  ctx.fill(awake); ctx.stroke(awake);
  ctx.fillStyle = colors.sleepingFill;
  ctx.strokeStyle = colors.sleepingStroke;
  ctx.fill(sleeping); ctx.stroke(sleeping);
  ctx.strokeStyle = colors.itemAxis;
  ctx.stroke(axes);
  return hi;
}

// Attachments (a line from the anchor, dashed for a spring, to the item) and the finger while a drag moves its anchor.
function drawAnchors(v, frame) {
  const ctx = v.ctx, data = v.data, series = v.series, lw = 1 / v.zoom, t = v.times[frame];
  for (const a of data.attachments) {
    const p = attachmentPoint(series, data.items[a.item], frame, a.offset);
    let q = null;
    if (a.other !== undefined) q = attachmentPoint(series, data.items[a.other], frame, a.otherOffset);
    else if (a.anchor) q = [series[a.anchor[0]][frame], series[a.anchor[1]][frame]];
    else if (a.snap) q = a.snap;
    if (!q) continue;
    ctx.strokeStyle = v.colors.anchor;
    ctx.lineWidth = 1.5 * lw;
    ctx.setLineDash(a.spring ? [3 * lw, 3 * lw] : []);
    ctx.beginPath(); ctx.moveTo(q[0], q[1]); ctx.lineTo(p[0], p[1]); ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = v.colors.anchor;
    ctx.beginPath(); ctx.arc(q[0], q[1], 3 * lw, 0, 2 * Math.PI); ctx.fill();
  }
  for (const d of data.drags) {
    const a = data.attachments[d.attachment];
    if (!a.anchor || t < d.times[0] || t > d.times[d.times.length - 1]) continue;
    ctx.strokeStyle = v.colors.finger;
    ctx.lineWidth = 2 * lw;
    ctx.beginPath();
    ctx.arc(series[a.anchor[0]][frame], series[a.anchor[1]][frame], 11 * lw, 0, 2 * Math.PI);
    ctx.stroke();
  }
}

// The row's contact points, small squares.
function drawContacts(v, frame) {
  const ctx = v.ctx, counts = v.series[v.data.contacts.counts], pts = v.series[v.data.contacts.points];
  if (!v.contactStarts) v.contactStarts = contactStartsOf(counts);
  const start = v.contactStarts[frame];
  ctx.fillStyle = v.colors.contact;
  const r = Math.max(1.5 * (1 / v.zoom), 0.8);
  for (let k = 0; k < counts[frame]; k++) {
    ctx.fillRect(pts[2 * (start + k)] - r, pts[2 * (start + k) + 1] - r, 2 * r, 2 * r);
  }
}

// Overlays at time t (seconds), dashed, one colour each: another run's items as ghosts, a point trace's path so far
// and its dot.
function drawOverlays(v, t) {
  const ctx = v.ctx, lw = 1 / v.zoom, series = v.series, ghosts = v.colors.ghosts;
  const at = (o, name) => {
    const col = o.columns.find(c => c.name === name);
    return col ? valueWithin(series[o.t], series[col.series], t) : null;
  };
  (v.data.overlays || []).forEach((o, k) => {
    ctx.strokeStyle = ghosts[k % ghosts.length];
    ctx.fillStyle = ghosts[k % ghosts.length];
    ctx.lineWidth = 1.5 * lw;
    ctx.setLineDash([5 * lw, 3 * lw]);
    if (o.kind === 'run') {
      const ghost = new Path2D();
      for (const item of v.data.items) {
        const x = at(o, item.name + '.x'), y = at(o, item.name + '.y');
        if (x === null || y === null) continue;
        itemPath(ghost, item, x, y, at(o, item.name + '.angle') || 0);
      }
      ctx.stroke(ghost);
    } else if (o.kind === 'point') {
      const ts = series[o.t], xs = series[o.columns[0].series], ys = series[o.columns[1].series];
      ctx.beginPath();
      for (let i = 0; i < ts.length && ts[i] <= t; i++) (i === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, xs[i], ys[i]);
      ctx.stroke();
      const x = at(o, 'x'), y = at(o, 'y');
      if (x !== null) { ctx.beginPath(); ctx.arc(x, y, 5 * lw, 0, 2 * Math.PI); ctx.fill(); }
    }
    ctx.setLineDash([]);
  });
}

// Springs and curves at a row: each a track from the range's low to its high end, its start and target marked, and
// a dot at its value.
function drawCurves(v, frame) {
  const ctx = v.ctx, data = v.data, world = v.world, series = v.series, t = v.times[frame], lw = 1 / v.zoom;
  data.curves.forEach((c, k) => {
    const y = 30 + k * 50;
    const lo = data.range[0], hi = data.range[1];
    const xOf = x => world[0] + 20 + (x - lo) / (hi - lo || 1) * (world[2] - 40);
    ctx.strokeStyle = v.colors.curveTrack;
    ctx.lineWidth = lw;
    ctx.beginPath(); ctx.moveTo(xOf(lo), y); ctx.lineTo(xOf(hi), y); ctx.stroke();
    ctx.strokeStyle = v.colors.curveEnds;
    for (const e of [c.from, c.to]) {
      ctx.beginPath(); ctx.moveTo(xOf(e), y - 8); ctx.lineTo(xOf(e), y + 8); ctx.stroke();
    }
    const value = valueAtTime(series[c.t], series[c.value], t);
    ctx.fillStyle = v.colors.ghosts[k % v.colors.ghosts.length];
    ctx.beginPath(); ctx.arc(xOf(value), y, 7, 0, 2 * Math.PI); ctx.fill();
    ctx.fillStyle = v.colors.label;
    ctx.font = '11px sans-serif';
    ctx.fillText(c.label, world[0] + 20, y - 12);
  });
}
