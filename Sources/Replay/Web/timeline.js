// Time and rows: the row the replay shows at a time, and a series' value between its rows (linear interpolation).

// The rows around t in the increasing times ts (at least two, ts[0] <= t <= the last): lo, with
// ts[lo] <= t <= ts[lo + 1], by binary search.
function bracket(ts, t) {
  let lo = 0, hi = ts.length - 1;
  while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (ts[mid] <= t) lo = mid; else hi = mid; }
  return lo;
}

// The row shown at time t (seconds): the nearest row, the later of two when t is within 1e-12 s of halfway between
// them; the first row at or before the first time, the last at or after the last.
function frameAt(times, t) {
  const last = times.length - 1;
  if (t <= times[0]) return 0;
  if (t >= times[last]) return last;
  const lo = bracket(times, t), hi = lo + 1;
  return (t - times[lo] < times[hi] - t - 1e-12) ? lo : hi;
}

// The value of (ts, vs) at t, linear between rows, held at the first and last values outside them.
function valueAtTime(ts, vs, t) {
  if (t <= ts[0]) return vs[0];
  if (t >= ts[ts.length - 1]) return vs[vs.length - 1];
  const lo = bracket(ts, t), hi = lo + 1;
  return vs[lo] + (vs[hi] - vs[lo]) * (t - ts[lo]) / (ts[hi] - ts[lo]);
}

// The value of (ts, vs) at t, linear between rows; null outside the rows' times.
function valueWithin(ts, vs, t) {
  if (t < ts[0] || t > ts[ts.length - 1]) return null;
  let lo = 0, hi = ts.length - 1;
  if (hi > 0) { lo = bracket(ts, t); hi = lo + 1; }
  if (ts[hi] === ts[lo]) return vs[lo];
  const f = (t - ts[lo]) / (ts[hi] - ts[lo]);
  return vs[lo] + (vs[hi] - vs[lo]) * Math.max(0, Math.min(1, f));
}
