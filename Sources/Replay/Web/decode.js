// Decoding the page's packed data (Packing.swift; docs/view.md, "How the data is packed"): the base64 blob to
// bytes, each series descriptor to its values, the row times, text columns, and where each row's contact points
// start. Pure functions of their arguments: the decoder tests (Tests/Browser/decode_test.js) load this file alone.

// The blob's bytes: base64 (RFC 4648, padded) to a Uint8Array.
function decodeBase64(text) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

// One series of the packed data (Packing.swift) as a Float64Array of d.len values: const, q (zigzag LEB128
// differences of multiples of s), f64 (little-endian doubles at byte d.o), and ticks (row times: each row's index
// over the rate, by the same IEEE division Swift made).
function decodeSeries(d, bytes) {
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

// Every series of the payload, decoded, in the payload's order (the other keys name them by index).
function decodeAllSeries(data, bytes) {
  return data.series.map(d => decodeSeries(d, bytes));
}

// The row times, seconds (rows values).
function rowTimes(data, series) {
  return series[data.times];
}

// A text column's value at a row: `t` is {series, strings}, the series holding each row's index into strings.
function textAt(t, series, frame) {
  return t.strings[series[t.series][frame]];
}

// Where each row's contact points start in the flat list of points: prefix sums of the per-row counts (rows + 1
// values, the last the number of points), made once (a frame used to re-add every earlier frame's count, so its cost
// grew with the frame number).
function contactStartsOf(counts) {
  const starts = new Float64Array(counts.length + 1);
  for (let f = 0; f < counts.length; f++) starts[f + 1] = starts[f] + counts[f];
  return starts;
}
