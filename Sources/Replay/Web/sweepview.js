// A sweep's page, its drawing and controls (the model is sweep.js): the heatmap or scatter on a canvas, the colour
// scale's legend, the dropdowns (metric, axes, the values other fields are held at), the hover text, and the clicked
// run's parameters with the command that reproduces it. window.dynsimSweep gives scripts and tests the state.

// The chrome's colours (viewer.css); the scale's are viridis.js's.
const SWEEP_PALETTE = {
  empty: '--sweep-empty', hatch: '--sweep-hatch', axis: '--sweep-axis', background: '--sweep-background',
  selected: '--sweep-selected',
};

// The plot's margins inside the canvas, CSS px: room for the ticks and the axes' names.
const SWEEP_MARGIN = { left: 84, right: 16, top: 16, bottom: 56 };

// The page's view of the sweep: the model's state, the elements, the colours, what was drawn where (`hits`).
function makeSweepView(data) {
  const style = getComputedStyle(document.documentElement);
  const colors = {};
  for (const [key, property] of Object.entries(SWEEP_PALETTE)) {
    colors[key] = style.getPropertyValue(property).trim();
    if (!colors[key]) console.error('dynsim view: viewer.css does not set ' + property);
  }
  const el = id => document.getElementById(id);
  return {
    state: sweepState(data), colors, layout: null, hits: [], area: null,
    canvas: el('sweep-plot'), tip: el('sweep-tip'), detail: el('sweep-detail'), scale: el('sweep-scale'),
    metricSelect: el('sweep-metric'), xSelect: el('sweep-x'), ySelect: el('sweep-y'), fixed: el('sweep-fixed'),
  };
}

// A 2D context for `canvas` at its CSS size and the device's pixel ratio, its units CSS px.
function sweepContext(canvas) {
  const ratio = window.devicePixelRatio || 1, box = canvas.getBoundingClientRect();
  const w = canvas.clientWidth || box.width, h = canvas.clientHeight || box.height;
  canvas.width = Math.round(w * ratio);
  canvas.height = Math.round(h * ratio);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { ctx, w, h };
}

// Fills a rectangle grey and hatches it: a run with no value.
function hatch(v, ctx, x, y, w, h) {
  ctx.save();
  ctx.fillStyle = v.colors.empty;
  ctx.fillRect(x, y, w, h);
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.strokeStyle = v.colors.hatch;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let d = -h; d < w; d += 6) { ctx.moveTo(x + d, y + h); ctx.lineTo(x + d + h, y); }
  ctx.stroke();
  ctx.restore();
}

// Draws the runs shown (sweep.js's layout) and remembers where each run is, for hovering and clicking.
function drawSweep(v) {
  const { ctx, w, h } = sweepContext(v.canvas);
  const area = { x: SWEEP_MARGIN.left, y: SWEEP_MARGIN.top, w: w - SWEEP_MARGIN.left - SWEEP_MARGIN.right,
    h: h - SWEEP_MARGIN.top - SWEEP_MARGIN.bottom };
  v.area = area;
  v.layout = sweepLayout(v.state);
  v.hits = [];
  ctx.fillStyle = v.colors.background;
  ctx.fillRect(0, 0, w, h);
  if (v.layout.mode === 'grid') drawCells(v, ctx, area); else drawPoints(v, ctx, area);
  ctx.strokeStyle = v.colors.axis;
  ctx.strokeRect(area.x - 0.5, area.y - 0.5, area.w + 1, area.h + 1);
  drawLegend(v);
}

// The heatmap: one cell per (x, y) pair, x's values across, y's up, each cell the colour of its run's value.
function drawCells(v, ctx, area) {
  const { xs, ys, cells, range } = v.layout;
  const cw = area.w / xs.length, ch = area.h / ys.length;
  cells.forEach((row, j) => row.forEach((run, i) => {
    const x = area.x + i * cw, y = area.y + (ys.length - 1 - j) * ch;
    const value = metricOf(v.state, run);
    if (value === null) {
      hatch(v, ctx, x, y, cw, ch);
    } else {
      ctx.fillStyle = viridisCSS(value, range[0], range[1]);
      ctx.fillRect(x, y, cw, ch);
    }
    v.hits.push({ run, box: [x, y, cw, ch] });
  }));
  const path = v.state.data.paths;
  ticks(v, ctx, area, xs.map((x, i) => [area.x + (i + 0.5) * cw, x]), 'x', path[v.state.x]);
  ticks(v, ctx, area, ys.map((y, j) => [area.y + (ys.length - 0.5 - j) * ch, y]), 'y', path[v.state.y]);
  outlineSelected(v, ctx);
}

// Five ticks from `lo` to `hi` (inclusive), at `at(value)`, as [position, value] pairs.
function linearTicks(lo, hi, at) {
  return [0, 0.25, 0.5, 0.75, 1].map(f => { const t = Number((lo + f * (hi - lo)).toPrecision(4)); return [at(t), t]; });
}

// A range padded by 5% on each side (or by 0.5 when it is one value).
function padded(values) {
  const lo = Math.min(...values), hi = Math.max(...values), pad = hi > lo ? 0.05 * (hi - lo) : 0.5;
  return [lo - pad, hi + pad];
}

// The scatter: x against y coloured by the metric; with one field, the metric against it; with none, against the run.
function drawPoints(v, ctx, area) {
  const s = v.state, layout = v.layout, paths = s.data.paths;
  const xOf = r => (layout.mode === 'runs' ? r.run : r.values[s.x]);
  const yOf = r => (layout.mode === 'scatter' ? r.values[s.y] : metricOf(s, r));
  const xr = padded(layout.runs.map(xOf));
  const ys = layout.runs.map(yOf).filter(y => y !== null);
  const yr = padded(ys.length ? ys : [0]);
  const px = x => area.x + (x - xr[0]) / (xr[1] - xr[0]) * area.w;
  const py = y => area.y + area.h - (y - yr[0]) / (yr[1] - yr[0]) * area.h;
  for (const run of layout.runs) {
    const value = metricOf(s, run), y = yOf(run);
    const cx = px(xOf(run)), cy = y === null ? area.y + area.h - 6 : py(y);
    if (value === null) {
      hatch(v, ctx, cx - 5, cy - 5, 10, 10);
    } else {
      ctx.fillStyle = viridisCSS(value, layout.range[0], layout.range[1]);
      ctx.beginPath(); ctx.arc(cx, cy, 5, 0, 2 * Math.PI); ctx.fill();
    }
    v.hits.push({ run, point: [cx, cy] });
  }
  ticks(v, ctx, area, linearTicks(xr[0], xr[1], px), 'x', layout.mode === 'runs' ? 'run' : paths[s.x]);
  ticks(v, ctx, area, linearTicks(yr[0], yr[1], py), 'y',
    layout.mode === 'scatter' ? paths[s.y] : s.data.metrics[s.metric]);
  outlineSelected(v, ctx);
}

// Tick marks and labels along one axis (at most about 12 labels), and the axis's name.
function ticks(v, ctx, area, marks, axis, name) {
  ctx.save();
  ctx.fillStyle = ctx.strokeStyle = v.colors.axis;
  ctx.font = '11px sans-serif';
  const every = Math.ceil(marks.length / 12);
  marks.forEach(([at, value], k) => {
    if (k % every) return;
    ctx.beginPath();
    if (axis === 'x') {
      ctx.moveTo(at, area.y + area.h); ctx.lineTo(at, area.y + area.h + 4); ctx.stroke();
      ctx.textAlign = 'center'; ctx.fillText(sweepNumber(value), at, area.y + area.h + 16);
    } else {
      ctx.moveTo(area.x - 4, at); ctx.lineTo(area.x, at); ctx.stroke();
      ctx.textAlign = 'right'; ctx.fillText(sweepNumber(value), area.x - 6, at + 4);
    }
  });
  ctx.font = '12px sans-serif';
  ctx.textAlign = 'center';
  if (axis === 'x') {
    ctx.fillText(name, area.x + area.w / 2, area.y + area.h + 38);
  } else {
    ctx.translate(14, area.y + area.h / 2); ctx.rotate(-Math.PI / 2); ctx.fillText(name, 0, 0);
  }
  ctx.restore();
}

// The clicked run's outline.
function outlineSelected(v, ctx) {
  const hit = v.hits.find(h => h.run === v.state.selected);
  if (!hit) return;
  ctx.save();
  ctx.strokeStyle = v.colors.selected;
  ctx.lineWidth = 2;
  if (hit.box) ctx.strokeRect(hit.box[0] + 1, hit.box[1] + 1, hit.box[2] - 2, hit.box[3] - 2);
  else { ctx.beginPath(); ctx.arc(hit.point[0], hit.point[1], 8, 0, 2 * Math.PI); ctx.stroke(); }
  ctx.restore();
}

// The legend: the scale from the least value shown to the greatest, and what is drawn.
function drawLegend(v) {
  const { ctx, w, h } = sweepContext(v.scale);
  for (let i = 0; i < w; i++) {
    ctx.fillStyle = viridisCSS(i / Math.max(1, w - 1), 0, 1);
    ctx.fillRect(i, 0, 1, h);
  }
  const layout = v.layout, none = layout.runs.filter(r => metricOf(v.state, r) === null).length;
  const has = layout.runs.length > none;
  document.getElementById('sweep-min').textContent = has ? sweepNumber(layout.range[0]) : '—';
  document.getElementById('sweep-max').textContent = has ? sweepNumber(layout.range[1]) : '—';
  const what = layout.mode === 'grid' ? 'heatmap of ' + layout.xs.length + ' x ' + layout.ys.length + ' cells'
    : layout.mode === 'scatter' ? 'scatter of ' + layout.runs.length + ' runs (the pairs are not a full grid)'
      : layout.runs.length + ' runs';
  document.getElementById('sweep-mode').textContent = what + (none ? '; ' + none + ' with no value (hatched)' : '');
}
