// A sweep's page, its model (docs/view.md, "Sweeps"): the table's runs, the metric and axes chosen, the runs shown
// (the other varied fields held at one value each, or all), and how they are laid out: a heatmap of cells when the
// (x, y) pairs shown form a full grid, each pair once; otherwise a scatter (x against y, or with one field, the metric
// against it). The drawing and the controls are sweepview.js.

// The sweep's state: its runs as objects, the choice (metric, x and y as indices, -1 for none) and the value each other
// varied field is held at (null: all its values).
function sweepState(data) {
  const runs = data.runs.map(r => ({ run: r[0], id: r[1], values: r[2], metrics: r[3], status: r[4] }));
  const index = (list, name) => (name === null || name === undefined ? -1 : list.indexOf(name));
  const state = {
    data, runs, metric: Math.max(0, index(data.metrics, data.choice.metric)),
    x: index(data.paths, data.choice.x), y: index(data.paths, data.choice.y), held: data.paths.map(() => null),
    selected: null,
  };
  data.paths.forEach((_, p) => { state.held[p] = defaultHeld(state, p); });
  return state;
}

// The values of varied field `p` among `runs`, ascending, each once.
function distinctValues(runs, p) {
  return Array.from(new Set(runs.map(r => r.values[p]))).sort((a, b) => a - b);
}

// What a field that is not an axis is held at first: its least value when its values repeat (a grid's axis: the
// heatmap is a slice), null (all) when they do not (random samples).
function defaultHeld(state, p) {
  const values = distinctValues(state.runs, p);
  return values.length * 2 <= state.runs.length ? values[0] : null;
}

// The runs shown: those whose other varied fields are at their held values.
function shownRuns(state) {
  return state.runs.filter(r => r.values.every((v, p) => p === state.x || p === state.y || state.held[p] === null ||
    v === state.held[p]));
}

// A run's value of the chosen metric, or null (none, or the run failed).
function metricOf(state, run) {
  const v = run.metrics[state.metric];
  return run.status === 'ok' && typeof v === 'number' ? v : null;
}

// The layout of the runs shown: `grid` (xs and ys the axes' values, cells[j][i] the run at xs[i], ys[j]), `line` (one
// field: the metric against it), `scatter` (x against y), or `runs` (no varied field: the metric against the run).
function sweepLayout(state) {
  const runs = shownRuns(state);
  const values = runs.map(r => metricOf(state, r)).filter(v => v !== null);
  const range = values.length ? [Math.min(...values), Math.max(...values)] : [0, 1];
  const base = { runs, range };
  if (state.x < 0) return Object.assign(base, { mode: 'runs' });
  if (state.y < 0) return Object.assign(base, { mode: 'line' });
  const xs = distinctValues(runs, state.x), ys = distinctValues(runs, state.y);
  const cells = ys.map(() => xs.map(() => null));
  let full = xs.length * ys.length === runs.length;
  for (const r of runs) {
    if (!full) break;
    const row = cells[ys.indexOf(r.values[state.y])], i = xs.indexOf(r.values[state.x]);
    if (row[i]) full = false;
    row[i] = r;
  }
  return full ? Object.assign(base, { mode: 'grid', xs, ys, cells }) : Object.assign(base, { mode: 'scatter' });
}

// A number as the table writes it (shortest round-trip text), or a dash for none.
function sweepNumber(v) {
  return v === null || v === undefined ? '—' : String(v);
}

// The hover text of a run: the axes' values, the metric's value, or its status when it has none.
function runSummary(state, run) {
  const paths = state.data.paths, lines = [];
  for (const p of [state.x, state.y]) if (p >= 0) lines.push(paths[p] + ' = ' + sweepNumber(run.values[p]));
  const v = metricOf(state, run);
  lines.push(state.data.metrics[state.metric] + ' = ' + (v === null ? 'no value' : sweepNumber(v)));
  if (run.status !== 'ok') lines.push('status: ' + run.status);
  lines.push('run ' + run.run);
  return lines.join('\n');
}

// A word for a POSIX shell: as it is when it needs no quoting, otherwise in single quotes.
function shellWord(s) {
  return /^[A-Za-z0-9_.,:\/=+-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
}

// The command that runs `run` again: a sweep of the one point, every metric; the scene as --scene named it, or SCENE.
function reproduceCommand(state, run) {
  const data = state.data;
  const words = ['dynsim', 'sweep', data.scene ? shellWord(data.scene) : 'SCENE'];
  data.paths.forEach((p, k) => words.push('--vary', shellWord(p + '=' + sweepNumber(run.values[k]))));
  for (const m of data.metrics) words.push('--metric', shellWord(m));
  return words.join(' ');
}
