// Tests of the viewer's decoders and its time -> row mapping (Sources/Replay/Web/decode.js, timeline.js,
// contract.js), run in headless Chromium by decode_check.py on a page holding a real `dynsim view` payload and what
// `dynsim run` wrote for the same run (the CSV: the independent source). Results go to window.decodeResults.

// Checks `ok`, naming what failed.
function expect(results, ok, what) {
  results.checks += 1;
  if (!ok) results.failures.push(what);
}

// Hand-made descriptors, their values worked out by hand from Packing.swift's description: zigzag (0, -1, 1, -2 ...
// -> 0, 1, 2, 3 ...) LEB128 differences of multiples of s, little-endian doubles, ticks.
function checkHandMadeSeries(results) {
  // Multiples 0, 1, -1, 300 of 0.5: differences 0, 1, -2, 301 -> zigzag 0, 2, 3, 602 -> bytes 0, 2, 3, 0xDA 0x04.
  const bytes = new Uint8Array([0, 2, 3, 0xda, 0x04, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f]);
  const q = Array.from(decodeSeries({ enc: 'q', s: 0.5, o: 0, n: 5, len: 4 }, bytes));
  expect(results, JSON.stringify(q) === JSON.stringify([0, 0.5, -0.5, 150]), 'q by hand: ' + q);
  // 1.5 as a little-endian double: 00 00 00 00 00 00 F8 3F, at byte 5.
  const f = Array.from(decodeSeries({ enc: 'f64', o: 5, n: 8, len: 1 }, bytes));
  expect(results, f.length === 1 && f[0] === 1.5, 'f64 by hand: ' + f);
  const c = Array.from(decodeSeries({ enc: 'const', v: -2.25, len: 3 }, bytes));
  expect(results, JSON.stringify(c) === JSON.stringify([-2.25, -2.25, -2.25]), 'const by hand: ' + c);
  // Rows 0, 3, 6 of a run at 60 rows/s, and its last row 10.
  const t = Array.from(decodeSeries({ enc: 'ticks', rate: 60, stride: 3, last: 10, len: 4 }, bytes));
  expect(results, JSON.stringify(t) === JSON.stringify([0, 3 / 60, 6 / 60, 10 / 60]), 'ticks by hand: ' + t);
  const b = Array.from(decodeBase64('AAID2gQ='));
  expect(results, JSON.stringify(b) === JSON.stringify([0, 2, 3, 0xda, 4]), 'base64 by hand: ' + b);
  const starts = Array.from(contactStartsOf([2, 0, 3]));
  expect(results, JSON.stringify(starts) === JSON.stringify([0, 2, 2, 5]), 'contact starts by hand: ' + starts);
}

// Every column of the page against the CSV: numbers within the packer's stated quantisation (half a step, the step
// at most 2^-18 of the column's range in the CSV), texts equal; the row times equal the CSV's t to the bit.
function checkColumns(results, data, series, expected) {
  const times = rowTimes(data, series);
  expect(results, times.length === expected.t.length, 'rows: ' + times.length + ' in the page, ' +
    expected.t.length + ' in the CSV');
  let bad = 0;
  for (let i = 0; i < times.length; i++) if (times[i] !== expected.t[i]) bad += 1;
  expect(results, bad === 0, bad + ' row times differ from the CSV\'s t');
  let compared = 0;
  for (const c of data.columns) {
    const want = expected.columns[c.name];
    if (!want) { results.failures.push('column ' + c.name + ' is not in the CSV'); continue; }
    compared += 1;
    if (c.text) {
      const wrong = want.findIndex((s, i) => textAt(c.text, series, i) !== s);
      expect(results, wrong < 0, c.name + ' row ' + wrong + ': ' + textAt(c.text, series, wrong) + ' for ' +
        want[wrong]);
      continue;
    }
    const got = series[c.series], tolerance = (Math.max(...want) - Math.min(...want)) * Math.pow(2, -19);
    let worst = 0, at = -1;
    for (let i = 0; i < want.length; i++) {
      const e = Math.abs(got[i] - want[i]);
      if (!(e <= worst)) { worst = e; at = i; }
    }
    expect(results, got.length === want.length && worst <= tolerance, c.name + ': row ' + at + ' decoded ' +
      got[at] + ', the CSV has ' + want[at] + ' (allowed ' + tolerance + ')');
    results.worst = Math.max(results.worst, tolerance > 0 ? worst / tolerance : 0);
  }
  expect(results, compared === Object.keys(expected.columns).length, 'compared ' + compared + ' columns of ' +
    Object.keys(expected.columns).length);
  results.columns += compared;
}

// The time -> row mapping: each query time shows the row decode_check.py expects (the nearest row of the CSV's t,
// the later at an exact tie, the first before the run and the last after it).
function checkFrames(results, times, queries) {
  for (const [t, row] of queries) {
    const got = frameAt(times, t);
    expect(results, got === row, 'frameAt(' + t + ') = ' + got + ', expected row ' + row);
  }
  results.queries += queries.length;
}

// The contract: the real payload has no problems; without a required key, or with one of another type, it does.
function checkContract(results, data) {
  expect(results, data.format === PAYLOAD_FORMAT, 'format ' + data.format);
  const none = payloadProblems(data);
  expect(results, none.length === 0, 'the real payload breaks the contract: ' + none.join('; '));
  const missing = Object.assign({}, data);
  delete missing.series;
  expect(results, payloadProblems(missing).includes('no series (array)'), 'no complaint without series');
  const wrong = Object.assign({}, data, { rows: String(data.rows) });
  expect(results, payloadProblems(wrong).includes('rows is not an integer'), 'no complaint of rows as text');
  const kind = Object.assign({}, data, { kind: 'movie' });
  expect(results, payloadProblems(kind).length === 1, 'no complaint of an unknown kind');
}

// Runs every check on the page's payload and expectations; the results on window.decodeResults.
function runDecodeTests() {
  const results = { checks: 0, failures: [], columns: 0, queries: 0, worst: 0 };
  try {
    const data = JSON.parse(document.getElementById('dynsim-data').textContent);
    const expected = JSON.parse(document.getElementById('expected').textContent);
    const series = decodeAllSeries(data, decodeBase64(document.getElementById('dynsim-blob').textContent.trim()));
    checkHandMadeSeries(results);
    checkContract(results, data);
    checkColumns(results, data, series, expected);
    checkFrames(results, rowTimes(data, series), expected.queries);
  } catch (e) {
    results.failures.push('exception: ' + e + ' ' + e.stack);
  }
  window.decodeResults = results;
}

runDecodeTests();
