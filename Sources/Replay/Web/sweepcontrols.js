// A sweep's page, its controls: the dropdowns (metric, x, y, the values other fields are held at), hovering (the
// values), clicking (the run's parameters and the command that runs it again), and start-up (startSweep, which
// main.js calls for a payload of kind `sweep`).

// The run under the canvas point (x, y) in CSS px: the cell holding it, or the nearest point within 8 px.
function runAt(v, x, y) {
  let best = null, bestD = 64;
  for (const hit of v.hits) {
    if (hit.box) {
      const [bx, by, bw, bh] = hit.box;
      if (x >= bx && x < bx + bw && y >= by && y < by + bh) return hit.run;
    } else {
      const d = (hit.point[0] - x) ** 2 + (hit.point[1] - y) ** 2;
      if (d <= bestD) { best = hit.run; bestD = d; }
    }
  }
  return best;
}

// A select's options: `items` as [value, text] pairs, `chosen` selected.
function fillSelect(select, items, chosen) {
  select.textContent = '';
  for (const [value, text] of items) {
    const o = document.createElement('option');
    o.value = String(value);
    o.textContent = text;
    o.selected = value === chosen;
    select.appendChild(o);
  }
}

// The dropdowns, from the state: metric, x, y (or none), and one per other field (all its values, or one).
function fillControls(v) {
  const s = v.state, paths = s.data.paths;
  fillSelect(v.metricSelect, s.data.metrics.map((m, k) => [k, m]), s.metric);
  fillSelect(v.xSelect, [[-1, '(run)']].concat(paths.map((p, k) => [k, p])), s.x);
  fillSelect(v.ySelect, [[-1, '(the metric)']].concat(paths.map((p, k) => [k, p])), s.y);
  v.fixed.textContent = '';
  paths.forEach((p, k) => {
    if (k === s.x || k === s.y) return;
    const label = document.createElement('label');
    const select = document.createElement('select');
    select.dataset.path = String(k);
    label.append(p + ' ', select);
    const values = distinctValues(s.runs, k);
    fillSelect(select, [['all', 'all']].concat(values.map((x, i) => [i, sweepNumber(x)])),
      s.held[k] === null ? 'all' : values.indexOf(s.held[k]));
    select.addEventListener('change', () => {
      s.held[k] = select.value === 'all' ? null : values[Number(select.value)];
      drawSweep(v);
    });
    v.fixed.appendChild(label);
  });
}

// A new choice of metric or axes (x and y swap when one is set to the other's field).
function choose(v, metric, x, y) {
  const s = v.state;
  if (x === s.y && x >= 0) y = s.x;
  else if (y === s.x && y >= 0) x = s.y;
  s.metric = metric;
  s.x = x;
  s.y = x < 0 ? -1 : y;
  s.data.paths.forEach((_, p) => {
    if (p === s.x || p === s.y) s.held[p] = null;
    else if (s.held[p] === null) s.held[p] = defaultHeld(s, p);
  });
  fillControls(v);
  drawSweep(v);
}

// The clicked run's parameters and the command that runs it again.
function showRun(v, run) {
  const s = v.state, data = s.data, detail = v.detail;
  s.selected = run;
  detail.textContent = '';
  const h = document.createElement('h2');
  h.textContent = 'run ' + run.run + ' (' + run.id + ')';
  const table = document.createElement('table');
  const rows = data.paths.map((p, k) => [p, sweepNumber(run.values[k])])
    .concat(data.metrics.map((m, k) => [m, run.metrics[k] === null ? 'no value' : sweepNumber(run.metrics[k])]))
    .concat([['status', run.status]]);
  for (const [name, value] of rows) {
    const tr = table.insertRow();
    tr.insertCell().textContent = name;
    tr.insertCell().textContent = value;
  }
  const code = document.createElement('code');
  code.id = 'sweep-command';
  code.textContent = reproduceCommand(s, run);
  const note = document.createElement('p');
  note.textContent = (data.scene ? '' : 'SCENE: the swept scene (the table does not name it; dynsim view --scene ' +
    'NAME writes it here). ') + 'Add the run options the sweep was given (--duration, --rate, --profile): ' +
    'the table does not record them.';
  detail.append(h, table, code, note);
  drawSweep(v);
}

// Hovering shows the run's values by the pointer; clicking shows the run; the dropdowns change the choice.
function bindSweep(v) {
  const point = e => { const r = v.canvas.getBoundingClientRect(); return [e.clientX - r.left, e.clientY - r.top]; };
  v.canvas.addEventListener('mousemove', e => {
    const [x, y] = point(e), run = runAt(v, x, y);
    v.tip.hidden = !run;
    if (!run) return;
    v.tip.textContent = runSummary(v.state, run);
    v.tip.style.left = (x + 14) + 'px';
    v.tip.style.top = (y + 14) + 'px';
  });
  v.canvas.addEventListener('mouseleave', () => { v.tip.hidden = true; });
  v.canvas.addEventListener('click', e => { const run = runAt(v, ...point(e)); if (run) showRun(v, run); });
  const change = () => choose(v, Number(v.metricSelect.value), Number(v.xSelect.value), Number(v.ySelect.value));
  for (const select of [v.metricSelect, v.xSelect, v.ySelect]) select.addEventListener('change', change);
  window.addEventListener('resize', () => drawSweep(v));
}

// For tests and tools: the choice and layout, where a run is drawn (client CSS px), and the plot's area.
function publishSweep(v) {
  const client = (x, y) => { const r = v.canvas.getBoundingClientRect(); return [r.left + x, r.top + y]; };
  window.dynsimSweep = {
    state: () => ({ metric: v.state.data.metrics[v.state.metric], x: v.state.data.paths[v.state.x] || null,
      y: v.state.data.paths[v.state.y] || null, mode: v.layout.mode, range: v.layout.range,
      shown: v.layout.runs.map(r => r.run), selected: v.state.selected ? v.state.selected.run : null }),
    where: run => {
      const hit = v.hits.find(h => h.run.run === run);
      if (!hit) return null;
      const [x, y] = client(...(hit.box ? [hit.box[0] + hit.box[2] / 2, hit.box[1] + hit.box[3] / 2] : hit.point));
      return { x, y, box: hit.box ? client(hit.box[0], hit.box[1]).concat(hit.box.slice(2)) : null };
    },
    area: () => client(v.area.x, v.area.y).concat([v.area.w, v.area.h]),
    choose: (metric, x, y) => choose(v, v.state.data.metrics.indexOf(metric), v.state.data.paths.indexOf(x),
      y === null ? -1 : v.state.data.paths.indexOf(y)),
  };
}

// Start-up of a sweep's page: the text, the controls, the drawing.
function startSweep(data) {
  document.getElementById('title').textContent = 'dynsim view: ' + data.title;
  document.getElementById('description').textContent = data.description;
  const v = makeSweepView(data);
  fillControls(v);
  bindSweep(v);
  drawSweep(v);
  publishSweep(v);
}
