// Plots (dygraphs): the columns picked from the list, the overlays' same columns and traces, springs' and curves'
// values; events as ticks on the time axis, a spring's settling band, overshoot and settling time; the cursor at the
// replay time; the events nearest it listed under the plot.

// The plot's state: the numeric columns, the value traces among the overlays, the events to mark.
function plotState(data) {
  return {
    graph: null, plotted: [], listedFrame: -1,
    numeric: (data.columns || []).filter(c => c.series !== undefined),
    traces: (data.overlays || []).filter(o => o.kind === 'series'),
    marks: (data.events || []).filter(e => e[1] !== 'begin' && e[1] !== 'end'),
    contactMarks: (data.events || []).filter(e => e[1] === 'begin' || e[1] === 'end'),
  };
}

// Fills the column list: the plotted columns, and the others whose names hold `filter` (at most 2,000 of them).
function optionsFor(v, filter) {
  const select = v.select;
  select.textContent = '';
  const chosen = new Set(v.plot.plotted);
  const f = filter.toLowerCase();
  let shown = 0;
  for (const c of v.plot.numeric) {
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
function plotLines(v) {
  const data = v.data, series = v.series, lines = [];
  for (const name of v.plot.plotted) {
    const c = v.plot.numeric.find(x => x.name === name);
    if (c) lines.push({ label: name, t: v.times, v: series[c.series] });
    for (const o of data.overlays || []) {
      if (o.kind !== 'run') continue;
      const oc = o.columns.find(x => x.name === name);
      if (oc) lines.push({ label: name + ' (' + o.label + ')', t: series[o.t], v: series[oc.series] });
    }
  }
  for (const o of v.plot.traces) lines.push({ label: o.label, t: series[o.t], v: series[o.columns[0].series] });
  for (const c of data.curves || []) lines.push({ label: c.label, t: series[c.t], v: series[c.value] });
  return lines;
}

// The plot's rows: one x axis, the union of the lines' times, a line's value null where it has no row.
function plotRows(lines) {
  if (lines.every(l => l.t === lines[0].t)) return Array.from(lines[0].t, (t, i) => [t].concat(lines.map(l => l.v[i])));
  const all = new Map();
  lines.forEach((l, k) => l.t.forEach((t, i) => {
    let r = all.get(t);
    if (!r) { r = [t].concat(lines.map(() => null)); all.set(t, r); }
    r[k + 1] = l.v[i];
  }));
  return Array.from(all.values()).sort((a, b) => a[0] - b[0]);
}

// Draws the plot of the chosen lines again (or says to pick columns when there are none).
function buildPlot(v) {
  const plot = v.plot, plotDiv = v.plotDiv;
  const lines = plotLines(v);
  if (!lines.length) {
    if (plot.graph) { plot.graph.destroy(); plot.graph = null; }
    plotDiv.textContent = 'Pick columns to plot.';
    return;
  }
  plotDiv.textContent = '';
  const rowsOut = plotRows(lines);
  if (plot.graph) plot.graph.destroy();
  plot.graph = null;
  plot.graph = new Dygraph(plotDiv, rowsOut, {
    labels: ['t'].concat(lines.map(l => l.label)), connectSeparatedPoints: true, xlabel: 't (s)',
    legend: 'always', labelsSeparateLines: false, animatedZooms: false, colors: undefined,
    underlayCallback: (c, area, g) => drawMarks(v, c, area, g),
    clickCallback: (e, x) => { setPlaying(v, false); seek(v, x); },
    drawCallback: g => moveCursor(v, g),
  });
}

// Events on the timeline (a tick for each; contacts only when there are few), the spring's band and overshoot.
function drawMarks(v, c, area, g) {
  const colors = v.colors, contactMarks = v.plot.contactMarks;
  c.save();
  const list = v.plot.marks.concat(contactMarks.length <= 200 ? contactMarks : []);
  for (const e of list) {
    const x = g.toDomXCoord(e[0]);
    c.strokeStyle = e[1] === 'begin' || e[1] === 'end' ? colors.contactEvent : colors.event;
    c.beginPath(); c.moveTo(x, area.y); c.lineTo(x, area.y + area.h); c.stroke();
  }
  for (const cv of v.data.curves || []) {
    if (cv.band) {
      const y0 = g.toDomYCoord(cv.to + cv.band), y1 = g.toDomYCoord(cv.to - cv.band);
      c.fillStyle = colors.settleBand;
      c.fillRect(area.x, y0, area.w, y1 - y0);
    }
    if (cv.peak) {
      const x = g.toDomXCoord(cv.peak[0]), y = g.toDomYCoord(cv.peak[1]);
      c.fillStyle = colors.overshoot;
      c.beginPath(); c.arc(x, y, 4, 0, 2 * Math.PI); c.fill();
      c.fillText('overshoot ' + cv.overshoot, x + 6, y - 4);
    }
    if (cv.settle) {
      const x = g.toDomXCoord(cv.settle);
      c.strokeStyle = colors.settleTime;
      c.setLineDash([4, 3]);
      c.beginPath(); c.moveTo(x, area.y); c.lineTo(x, area.y + area.h); c.stroke();
      c.setLineDash([]);
    }
  }
  c.restore();
}

// The cursor at the replay time on `g` (the graph being drawn, which dygraphs passes while it is still being built).
function moveCursor(v, g) {
  const cursor = v.cursor;
  g = g || v.plot.graph;
  if (!g) { cursor.style.display = 'none'; return; }
  const x = g.toDomXCoord(v.times[v.state.frame]);
  const area = g.getArea();
  cursor.style.display = (x >= area.x && x <= area.x + area.w) ? '' : 'none';
  cursor.style.left = x + 'px';
  cursor.style.top = area.y + 'px';
  cursor.style.height = area.h + 'px';
}

// A change of the picked columns: options hidden by the filter stay chosen.
function pickColumns(v) {
  const select = v.select, plotted = v.plot.plotted;
  const chosen = new Set(Array.from(select.selectedOptions, o => o.value));
  const visible = new Set(Array.from(select.options, o => o.value));
  v.plot.plotted = plotted.filter(n => !visible.has(n) || chosen.has(n))
    .concat(Array.from(chosen).filter(n => !plotted.includes(n)));
  buildPlot(v);
}

// The events list under the plot: the six before the replay time and the four after, the past ones greyed.
function listEvents(v) {
  if (v.plot.listedFrame === v.state.frame) return;
  v.plot.listedFrame = v.state.frame;
  const t = v.times[v.state.frame];
  const all = v.data.events || [];
  let k = 0;
  while (k < all.length && all[k][0] <= t) k++;
  const list = v.eventsList;
  list.textContent = '';
  for (let i = Math.max(0, k - 6); i < Math.min(all.length, k + 4); i++) {
    const e = all[i];
    const li = document.createElement('li');
    li.textContent = e[0].toFixed(3) + ' s  ' + e.slice(1).filter(Boolean).join(' ');
    if (e[0] <= t) li.className = 'past';
    list.appendChild(li);
  }
}
