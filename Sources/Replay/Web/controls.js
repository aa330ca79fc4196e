// Controls: the toggles, play and pause, one-frame steps, the scrubber, the speed, and the keyboard.

// The toggles under the stage (a scene's only): each shown when the page has something for it, checked unless the
// URL's hide= names it (labels start unchecked).
function addToggles(v) {
  const toggles = [['bounds', 'bounds'], ['paths', 'drag path'], ['anchors', 'anchors'], ['contacts', 'contacts'],
    ['sleep', 'sleeping'], ['labels', 'labels'], ['ghosts', 'overlays']];
  const data = v.data, hidden = v.hidden, box = document.getElementById('toggles');
  if (data.kind !== 'scene') return;
  for (const [key, label] of toggles) {
    if (key === 'contacts' && !data.contacts) continue;
    if ((key === 'sleep' || key === 'labels') && !data.items.length) continue;
    if (key === 'anchors' && !data.attachments.length) continue;
    if (key === 'paths' && !data.drags.length) continue;
    if (key === 'ghosts' && !(data.overlays || []).length) continue;
    const l = document.createElement('label');
    const check = document.createElement('input');
    check.type = 'checkbox';
    check.checked = !hidden.has(key) && key !== 'labels';
    if (!check.checked) hidden.add(key);
    check.addEventListener('change', () => {
      if (check.checked) hidden.delete(key); else hidden.add(key);
      redraw(v);
    });
    l.append(check, ' ' + label);
    box.appendChild(l);
  }
}

// Shows row f (clamped to the rows; ignored when not a number).
function seekFrame(v, f) {
  f = Number(f);
  if (Number.isNaN(f)) return;
  v.state.frame = Math.max(0, Math.min(v.rows - 1, Math.trunc(f)));
  v.state.time = v.times[v.state.frame];
  draw(v);
}

// Shows the row at time t, seconds (frameAt).
function seek(v, t) { if (!Number.isNaN(Number(t))) seekFrame(v, frameAt(v.times, Number(t))); }

// Plays (from the start when at the end) or pauses.
function setPlaying(v, on) {
  const state = v.state;
  state.playing = on;
  v.playButton.textContent = on ? 'Pause' : 'Play';
  if (on) {
    if (state.frame >= v.rows - 1) seekFrame(v, 0);
    state.last = performance.now();
    state.playStart = state.last;
    state.playDraws = state.draws;
    requestAnimationFrame(now => tick(v, now));
  }
}

// One animation frame while playing: the replay time moves on by the time since the last one times the speed.
function tick(v, now) {
  const state = v.state;
  if (!state.playing) return;
  state.time += Math.max(0, now - state.last) / 1000 * state.speed;
  state.last = now;
  const f = frameAt(v.times, state.time);
  if (f !== state.frame) { state.frame = f; draw(v); }
  if (state.time >= v.times[v.rows - 1]) { setPlaying(v, false); return; }
  requestAnimationFrame(next => tick(v, next));
}

// The replay speed, 0.1x to 4x (ignored when not a number).
function setSpeed(v, s) {
  s = Number(s);
  if (!Number.isFinite(s)) return;
  v.state.speed = Math.max(0.1, Math.min(4, s));
  v.speed.value = String(v.state.speed);
  document.getElementById('speed-label').textContent = v.state.speed.toFixed(2).replace(/\.?0+$/, '') + 'x';
}

// The keyboard: space plays or pauses, the arrows step a row (ten with shift), Home and End go to the ends.
function onKey(v, e) {
  if (e.target instanceof HTMLInputElement && e.target.type !== 'range' && e.target.type !== 'checkbox') return;
  if (e.target instanceof HTMLSelectElement) return;
  const step = e.shiftKey ? 10 : 1;
  if (e.key === ' ') { setPlaying(v, !v.state.playing); e.preventDefault(); }
  else if (e.key === 'ArrowLeft') { setPlaying(v, false); seekFrame(v, v.state.frame - step); e.preventDefault(); }
  else if (e.key === 'ArrowRight') { setPlaying(v, false); seekFrame(v, v.state.frame + step); e.preventDefault(); }
  else if (e.key === 'Home') { setPlaying(v, false); seekFrame(v, 0); e.preventDefault(); }
  else if (e.key === 'End') { setPlaying(v, false); seekFrame(v, v.rows - 1); e.preventDefault(); }
}

// Connects the buttons, the scrubber, the speed slider, the keyboard, the column list and its filter.
function bindControls(v) {
  v.scrubber.max = String(v.rows - 1);
  v.playButton.addEventListener('click', () => setPlaying(v, !v.state.playing));
  document.getElementById('back').addEventListener('click', () => {
    setPlaying(v, false);
    seekFrame(v, v.state.frame - 1);
  });
  document.getElementById('forward').addEventListener('click', () => {
    setPlaying(v, false);
    seekFrame(v, v.state.frame + 1);
  });
  v.scrubber.addEventListener('input', () => { setPlaying(v, false); seekFrame(v, Number(v.scrubber.value)); });
  v.speed.addEventListener('input', () => setSpeed(v, Number(v.speed.value)));
  document.addEventListener('keydown', e => onKey(v, e));
  v.select.addEventListener('change', () => pickColumns(v));
  document.getElementById('filter').addEventListener('input', e => optionsFor(v, e.target.value));
}
