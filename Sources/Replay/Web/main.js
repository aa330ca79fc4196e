// dynsim view: replays a run embedded in this page (docs/view.md). No network: everything is in the page.
// URL parameters: t=SECONDS (start there), highlight=NAME (draw that item or layer alone in magenta, #ff00ff),
// zoom=PX (CSS pixels per point), origin=X,Y (CSS pixels in the canvas where the point (0, 0) lands), play=1,
// speed=S, plot=a,b (columns to plot), hide=contacts,sleep,anchors,paths,labels,ghosts,bounds, raster=1|0 (draw items
// with the page's own rasterizer, as it does past 300 items, or never).
// The viewer's files (Sources/Replay/Web/*.js) are joined into one script in embed.py's order; this one, the last,
// starts it.

// Says on the page why it shows nothing (a paragraph above it, with `id`), and on the console.
function refuse(id, text) {
  const note = document.createElement('p');
  note.id = id;
  note.textContent = text;
  document.body.prepend(note);
  console.info('dynsim view: ' + text);
}

// The payload, or null (said on the page) when it is of another format or does not follow the contract.
function readPayload() {
  const data = JSON.parse(document.getElementById('dynsim-data').textContent);
  if (data.format !== PAYLOAD_FORMAT) {
    refuse('format-error', 'This page holds data in format "' + data.format + '", which this viewer (' +
      PAYLOAD_FORMAT + ') cannot read: write the page again with the dynsim that reads it.');
    return null;
  }
  const problems = payloadProblems(data);
  if (problems.length) {
    refuse('payload-error', 'This page\'s data does not follow its format (' + PAYLOAD_FORMAT + '): ' +
      problems.slice(0, 5).join('; ') + '. Write the page again with dynsim.');
    return null;
  }
  return data;
}

// The view: the decoded payload, the URL's options, the page's elements and the replay's state, which every
// module's functions take as their first argument.
function makeView(data) {
  const series = decodeAllSeries(data, decodeBase64(document.getElementById('dynsim-blob').textContent.trim()));
  const params = new URLSearchParams(location.search);
  const highlight = params.get('highlight');
  const canvas = document.getElementById('stage');
  const world = data.bounds || [0, 0, 375, 667];
  return {
    data, series, params, highlight, canvas, world, rows: data.rows, times: rowTimes(data, series),
    state: { frame: 0, time: 0, playing: false, speed: 1, drawn: -1, draws: 0, firstDraw: null, playStart: null },
    hidden: new Set((params.get('hide') || '').split(',').filter(Boolean)),
    highlightIsLayer: !!highlight && (data.layers || []).some(l => l.name === highlight),
    rasterItems: params.get('raster') === '1' ? 0 : params.get('raster') === '0' ? Infinity : 300,
    ctx: canvas.getContext('2d'), extent: stageExtent(data, series, world), zoom: 1, origin: [0, 0],
    layerOrder: layerOrderOf(data.layers || []), contactStarts: null, raster: null,
    colors: readPalette(), plot: plotState(data),
    scrubber: document.getElementById('scrubber'), playButton: document.getElementById('play'),
    speed: document.getElementById('speed'), select: document.getElementById('columns'),
    plotDiv: document.getElementById('plot'), cursor: document.getElementById('cursor'),
    eventsList: document.getElementById('events'),
  };
}

// The page's title, description and notices.
function writeText(data) {
  document.getElementById('title').textContent = 'dynsim view: ' + data.title;
  document.getElementById('description').textContent =
    (data.description || '') + (data.kind === 'scene' ? ' (profile ' + data.profile + ', ' + data.rate + ' rows/s' +
      (data.stride > 1 ? ', every ' + data.stride + 'th row shown' : '') + ')' : '');
  for (const n of data.notices || []) {
    const li = document.createElement('li');
    li.textContent = n;
    document.getElementById('notices').appendChild(li);
  }
}

// For tests and tools: the replay's state and controls, as window.dynsimView.
function publish(v, started, parsedAt) {
  const state = v.state;
  window.dynsimView = {
    seek: t => seek(v, t), seekFrame: f => seekFrame(v, f), play: () => setPlaying(v, true),
    pause: () => setPlaying(v, false), setSpeed: s => setSpeed(v, s),
    state: () => ({ frame: state.frame, time: v.times[state.frame], playing: state.playing, speed: state.speed,
      rows: v.rows, draws: state.draws, label: document.getElementById('time').textContent }),
    viewport: () => ({ zoom: v.zoom, origin: v.origin.slice() }),
    plot: () => (v.plot.graph ? { labels: v.plot.graph.getLabels(), rows: v.plot.graph.numRows() }
      : { labels: [], rows: 0 }),
    stats: () => ({ parsedMs: parsedAt() - started, firstDrawMs: state.firstDraw, draws: state.draws,
      playMs: state.playStart === null ? 0 : performance.now() - state.playStart,
      playDraws: state.playStart === null ? 0 : state.draws - state.playDraws }),
  };
}

// Start-up: the payload checked and decoded, the page's text, toggles and controls, the stage laid out, the plot
// drawn, the first frame (or the URL's time) shown.
function start() {
  const started = performance.now();
  const data = readPayload();
  if (!data) return;
  if (data.kind === 'sweep') { startSweep(data); return; }
  const v = makeView(data);
  writeText(data);
  addToggles(v);
  bindControls(v);
  if (data.kind !== 'scene') document.getElementById('picker').style.display = 'none';
  v.plot.plotted = (v.params.get('plot') ? v.params.get('plot').split(',') : (data.plot || []))
    .filter(n => v.plot.numeric.some(c => c.name === n));
  optionsFor(v, '');
  layoutStage(v);
  setSpeed(v, 1);
  if (v.params.has('speed')) setSpeed(v, v.params.get('speed'));
  buildPlot(v);
  seekFrame(v, 0);
  if (v.params.has('t')) seek(v, v.params.get('t'));
  window.addEventListener('resize', () => { layoutStage(v); redraw(v); if (v.plot.graph) v.plot.graph.resize(); });
  if (v.params.get('play') === '1') setPlaying(v, true);
  let parsedAt = null;
  publish(v, started, () => parsedAt);
  parsedAt = performance.now();
}

start();
