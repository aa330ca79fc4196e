// Drawing layers and views: each through its homography (the map from its bounds to the screen), its background
// colour at its opacity, then its text and a running transition's old text, in its own plane.

// The screen outline of a layer at a row (its bounds through its homography, the part in front of the eye), or
// null when nothing of it is in front.
function layerOutline(v, layer, frame) {
  const at = k => v.series[k][frame];
  const h = layer.h.map(at), b = layer.bounds.map(at);
  const outline = clipInFront(roundedOutline(b[0], b[1], b[2], b[3], at(layer.cornerRadius)), h)
    .map(p => project(h, p[0], p[1]));
  return outline.length < 3 || outline.some(p => p === null) ? null : outline;
}

// Draws one layer at a row, inside the outlines of the superlayers that clip (a scroll view: `clips` true).
function drawLayer(v, layer, frame) {
  const ctx = v.ctx;
  const clipping = [];
  for (let s = layer.superlayer; s !== null && s !== undefined; s = v.data.layers[s].superlayer) {
    if (v.data.layers[s].clips) clipping.push(v.data.layers[s]);
  }
  if (clipping.length === 0) return drawLayerOnly(v, layer, frame);
  ctx.save();
  for (const c of clipping) {
    const outline = layerOutline(v, c, frame);
    ctx.beginPath();
    if (outline) outline.forEach((p, i) => (i === 0 ? ctx.moveTo(p[0], p[1]) : ctx.lineTo(p[0], p[1])));
    ctx.closePath();
    ctx.clip();
  }
  drawLayerOnly(v, layer, frame);
  ctx.restore();
}

// Draws one layer at a row: its outline's part in front of the eye, filled; then its contents.
function drawLayerOnly(v, layer, frame) {
  const ctx = v.ctx, at = k => v.series[k][frame];
  const isHighlight = v.highlight === layer.name;
  if (v.highlight && !isHighlight && v.highlightIsLayer) return;
  const opacity = isHighlight ? 1 : at(layer.opacity);
  const h = layer.h.map(at);
  const b = layer.bounds.map(at);
  const color = isHighlight ? v.colors.highlightRGBA : layer.color.map(at);
  // The part in front of the eye (w > 0; w is affine in the layer's own coordinates, so the outline is clipped
  // there before it is projected).
  const outline = clipInFront(roundedOutline(b[0], b[1], b[2], b[3], at(layer.cornerRadius)), h)
    .map(p => project(h, p[0], p[1]));
  if (outline.length < 3 || outline.some(p => p === null)) return;
  if (opacity > 0 && color[3] > 0) {
    ctx.beginPath();
    outline.forEach((p, i) => (i === 0 ? ctx.moveTo(p[0], p[1]) : ctx.lineTo(p[0], p[1])));
    ctx.closePath();
    ctx.fillStyle = rgba(color, opacity);
    ctx.fill();
  }
  if (!isHighlight) drawLayerText(v, layer, frame, h, b, opacity);
}

// A layer's text and a transition's old text: drawn in the layer's plane through the affine map that fits its
// corners (exact when the map is affine), in 17 pt system type centered in the bounds b, each at its own opacity
// times the layer's.
function drawLayerText(v, layer, frame, h, b, opacity) {
  const ctx = v.ctx, at = k => v.series[k][frame];
  const entries = [[layer.text, layer.textColor, layer.newOpacity, layer.newOffset],
    [layer.oldText, layer.oldTextColor, layer.oldOpacity, layer.oldOffset]];
  const p0 = project(h, b[0], b[1]), px = project(h, b[0] + 1, b[1]), py = project(h, b[0], b[1] + 1);
  if (!p0 || !px || !py) return;
  for (const [text, tc, op, off] of entries) {
    const s = textAt(text, v.series, frame);
    const alpha = at(op) * opacity;
    if (!s || alpha <= 0) continue;
    ctx.save();
    const a = [px[0] - p0[0], px[1] - p0[1], py[0] - p0[0], py[1] - p0[1]];
    ctx.transform(a[0], a[1], a[2], a[3], p0[0], p0[1]);
    ctx.fillStyle = rgba(tc.map(at), alpha);
    ctx.font = '17px -apple-system, "Helvetica Neue", Arial, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(s, b[2] / 2 + at(off[0]), b[3] / 2 + at(off[1]));
    ctx.restore();
  }
}
