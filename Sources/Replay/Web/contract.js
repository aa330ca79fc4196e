// The payload's contract: what the page's JSON (the <script id="dynsim-data"> element) holds at its top level. The
// Swift writers build their payloads from the same declaration (Sources/Replay/PayloadContract.swift), a test checks
// that the two lists agree (PayloadContractTests), and docs/view.md ("The payload") describes each key.

// The format this viewer reads; a page of another format is refused with a message on the page.
const PAYLOAD_FORMAT = 'dynsim-replay 1';

// The kinds of page: a scene's run, spring motions, timing curves, a sweep's table.
const PAYLOAD_KINDS = ['scene', 'spring', 'curve', 'sweep'];

// Every top-level key: [name, type, the kinds of page that must hold it]. Types: string, number, integer (a whole
// number: a count, or an index into `series`), boolean, array, object, object|null.
const PAYLOAD_KEYS = [
  ['format', 'string', 'scene spring curve sweep'],
  ['kind', 'string', 'scene spring curve sweep'],
  ['title', 'string', 'scene spring curve sweep'],
  ['description', 'string', 'scene spring curve sweep'],
  ['profile', 'string', 'scene'],
  ['rate', 'number', 'scene spring curve'],
  ['stride', 'integer', 'scene spring curve'],
  ['rows', 'integer', 'scene spring curve'],
  ['times', 'integer', 'scene spring curve'],
  ['bounds', 'array', 'scene spring curve'],
  ['referenceBoundary', 'boolean', 'scene'],
  ['columns', 'array', 'scene'],
  ['items', 'array', 'scene'],
  ['attachments', 'array', 'scene'],
  ['drags', 'array', 'scene'],
  ['boundaries', 'array', 'scene'],
  ['layers', 'array', 'scene'],
  ['contacts', 'object|null', 'scene'],
  ['events', 'array', 'scene'],
  ['overlays', 'array', 'scene'],
  ['plot', 'array', 'scene'],
  ['notices', 'array', 'scene'],
  ['curves', 'array', 'spring curve'],
  ['range', 'array', 'spring curve'],
  ['paths', 'array', 'sweep'],
  ['metrics', 'array', 'sweep'],
  ['runs', 'array', 'sweep'],
  ['scene', 'string', 'sweep'],
  ['choice', 'object', 'sweep'],
  ['series', 'array', 'scene spring curve'],
];

// The encodings of a series descriptor (Packing.swift).
const SERIES_ENCODINGS = ['const', 'q', 'f64', 'ticks'];

// Whether `value` is of the contract's `type`.
function hasPayloadType(value, type) {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'integer': return Number.isInteger(value);
    case 'boolean': return typeof value === 'boolean';
    case 'array': return Array.isArray(value);
    case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'object|null': return value === null || hasPayloadType(value, 'object');
    default: return false;
  }
}

// What is wrong with a payload of the right format, one sentence each (none for a page this viewer can draw): a
// kind it does not know, a key its kind must hold that is missing, a key of another type than declared, a series
// with an unknown encoding or a times series of another length than `rows`.
function payloadProblems(data) {
  if (!PAYLOAD_KINDS.includes(data.kind)) return ['unknown kind ' + JSON.stringify(data.kind)];
  const problems = [];
  for (const [name, type, kinds] of PAYLOAD_KEYS) {
    if (!(name in data)) {
      if (kinds.split(' ').includes(data.kind)) problems.push('no ' + name + ' (' + type + ')');
    } else if (!hasPayloadType(data[name], type)) {
      problems.push(name + ' is not ' + (type === 'integer' ? 'an ' : 'a ') + type);
    }
  }
  if (problems.length) return problems;
  if (data.kind === 'sweep') return sweepProblems(data);
  data.series.forEach((d, i) => {
    if (!d || !SERIES_ENCODINGS.includes(d.enc) || !Number.isInteger(d.len)) {
      problems.push('series ' + i + ' is not a series (enc ' + SERIES_ENCODINGS.join(', ') + ', and len)');
    }
  });
  const times = data.series[data.times];
  if (!problems.length && (!times || times.len !== data.rows)) problems.push('times is not a series of rows values');
  return problems;
}

// What is wrong with a sweep's runs: a run that is not [run, id, [a value per path], [a value or null per metric],
// status], or no metric.
function sweepProblems(data) {
  if (!data.metrics.length) return ['metrics is empty'];
  const bad = data.runs.findIndex(r => !Array.isArray(r) || r.length !== 5 || !Array.isArray(r[2]) ||
    r[2].length !== data.paths.length || !Array.isArray(r[3]) || r[3].length !== data.metrics.length);
  return bad < 0 ? [] : ['runs[' + bad + '] is not [run, id, values, metrics, status]'];
}
