/* The page of a run: draws each signal in a panel over one superdense time axis.
 *
 * Time is superdense: a tag is (t, n), an instant t and its microstep n. Over a long stretch
 * the axis is linear in t and the microsteps of an instant share one x. Zoomed in so far that
 * each instant visible has room (MIN_INSTANT_PX), every instant with k tags is spread into k
 * columns, one per tag, labelled (t, n); the rest of the width stays linear in t.
 *
 * The data (from hyco run --html or hyco view) holds each instant's time as Hyco writes it, and
 * each value as Hyco prints it: the tooltip shows those texts, never a number printed again.
 */
"use strict";

(function () {
  const MARGIN_LEFT = 80;
  const MARGIN_RIGHT = 16;
  const PANEL_HEIGHT = 130;
  const PAD_Y = 10;
  const MIN_INSTANT_PX = 24; /* below this many pixels per instant, no columns */
  const MAX_SLOT_PX = 90;
  const MIN_SLOT_PX = 1; /* narrower columns would hide microsteps again */
  const MARKER_SLOT_PX = 8; /* columns this wide get a hollow marker where a signal is absent */
  const HOVER_PX = 8;
  const ABSENT_BAND = "#e3e3e3";
  const ABSENT_MARK = "#999999";
  const PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
                   "#8c564b", "#e377c2"];

  const data = JSON.parse(document.getElementById("hyco-data").textContent);
  const times = data.times;
  const secs = Float64Array.from(times, Number);
  const tagInstant = Uint32Array.from(data.instants);
  const tagStep = data.steps;
  const nInstants = times.length;
  /* The first tag of each instant; instStart[nInstants] is the number of tags. */
  const instStart = new Uint32Array(nInstants + 1);
  for (let j = tagInstant.length - 1; j >= 0; j--) instStart[tagInstant[j]] = j;
  instStart[nInstants] = tagInstant.length;

  const signals = data.signals.map(function (s, index) {
    const n = s.tags.length;
    const values = new Float64Array(n);
    const present = new Uint8Array(n);
    const breaks = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const text = s.values[i];
      present[i] = text !== null ? 1 : 0;
      values[i] = text === null || !s.numeric ? NaN
        : text === "true" ? 1 : text === "false" ? 0 : Number(text);
    }
    for (const b of s.breaks) breaks[b] = 1;
    /* How many present samples come before each: the events in view, at once. */
    const presentBefore = new Uint32Array(n + 1);
    for (let i = 0; i < n; i++) presentBefore[i + 1] = presentBefore[i] + present[i];
    return {
      name: s.name, type: s.type, numeric: s.numeric, line: s.style === "line",
      tags: Uint32Array.from(s.tags), texts: s.values, values: values, present: present,
      breaks: breaks, presentBefore: presentBefore, color: PALETTE[index % PALETTE.length],
    };
  });

  /* The whole run, with a margin so that no point sits on the frame. */
  function wholeRun() {
    if (nInstants === 0) return { a: 0, b: 1 };
    const first = secs[0], last = secs[nInstants - 1];
    const span = last > first ? last - first : Math.max(Math.abs(first), 1);
    return { a: first - span * 0.03, b: last + span * 0.03 };
  }
  const whole = wholeRun();
  let view = { a: whole.a, b: whole.b };

  /* The smallest span zooming reaches: a fraction of the closest two instants. */
  let minGap = Infinity;
  for (let i = 1; i < nInstants; i++)
    if (secs[i] > secs[i - 1]) minGap = Math.min(minGap, secs[i] - secs[i - 1]);
  const minSpan = Math.max(isFinite(minGap) ? minGap / 16 : 1e-9, 1e-300);

  /* Binary search: the first index in [lo, hi) whose key is not below @x. */
  function lowerBound(lo, hi, key, x) {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (key(mid) < x) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  /* Binary search: the first index in [lo, hi) whose key is above @x. */
  function upperBound(lo, hi, key, x) {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (key(mid) <= x) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  /* Where things go for the current view: the visible instants and, when they have room,
   * each one's columns. */
  let layout = null;

  function computeLayout(width) {
    const w = width - MARGIN_LEFT - MARGIN_RIGHT;
    const i0 = lowerBound(0, nInstants, (i) => secs[i], view.a);
    const i1 = upperBound(0, nInstants, (i) => secs[i], view.b) - 1;
    const visible = Math.max(0, i1 - i0 + 1);
    let slot = 0, extra = 0;
    if (visible > 0 && visible <= w / MIN_INSTANT_PX) {
      const microsteps = instStart[i1 + 1] - instStart[i0] - visible;
      if (microsteps > 0) {
        slot = Math.min(MAX_SLOT_PX, (w * 0.8) / microsteps, (w * 0.8) / visible);
        if (slot < MIN_SLOT_PX) slot = 0;
        else extra = slot * microsteps;
      }
    }
    /* Each column's widening before instant i: prefix sums over the visible instants. */
    const before = new Float64Array(visible + 1);
    for (let k = 0; k < visible; k++) {
      const i = i0 + k;
      before[k + 1] = before[k] + slot * (instStart[i + 1] - instStart[i] - 1);
    }
    return { width: width, w: w, i0: i0, i1: i1, slot: slot, linear: w - extra,
             before: before, columns: slot > 0 };
  }

  /* x of a time that is no instant's (or of an instant's first column). */
  function timeX(t) {
    const L = layout;
    const k = lowerBound(L.i0, L.i1 + 1, (i) => secs[i], t) - L.i0;
    return MARGIN_LEFT + ((t - view.a) / (view.b - view.a)) * L.linear + L.before[k];
  }

  /* x of tag j (index in the tag table). */
  function tagX(j) {
    const L = layout;
    const i = tagInstant[j];
    let x = MARGIN_LEFT + ((secs[i] - view.a) / (view.b - view.a)) * L.linear;
    if (i < L.i0) return x;
    if (i > L.i1) return x + L.before[L.i1 - L.i0 + 1];
    return x + L.before[i - L.i0] + L.slot * (j - instStart[i]);
  }

  /* The time at x: within an instant's columns, that instant's. */
  function xTime(x) {
    const L = layout;
    const k = lowerBound(0, L.i1 - L.i0 + 1, (k) => tagX(instStart[L.i0 + k]), x);
    const before = k > 0 ? L.before[k] : 0;
    if (k > 0) {
      const i = L.i0 + k - 1;
      const end = tagX(instStart[i + 1] - 1);
      if (x <= end) return secs[i];
    }
    return view.a + ((x - MARGIN_LEFT - before) / L.linear) * (view.b - view.a);
  }

  /* The visible tags: [j0, j1). */
  function visibleTags() {
    const L = layout;
    if (L.i1 < L.i0) return [0, 0];
    return [instStart[L.i0], instStart[L.i1 + 1]];
  }

  /* Panels ---------------------------------------------------------------------------------- */

  const panelsElement = document.getElementById("panels");
  const axis = document.getElementById("axis");
  const tooltip = document.getElementById("tooltip");
  const selection = document.getElementById("selection");
  const rangeText = document.getElementById("range");
  const panels = signals.map(function (signal, index) {
    const element = document.createElement("section");
    element.className = "panel";
    element.dataset.signal = signal.name;
    element.dataset.style = signal.line ? "line" : "events";
    const title = document.createElement("h2");
    title.textContent = signal.name;
    const type = document.createElement("span");
    type.className = "type";
    type.textContent = signal.type + (signal.line ? ", continuous" : ", events");
    title.appendChild(type);
    const canvas = document.createElement("canvas");
    element.appendChild(title);
    element.appendChild(canvas);
    panelsElement.appendChild(element);
    return { signal: signal, element: element, canvas: canvas, index: index, scale: null };
  });
  if (signals.length === 0) {
    const note = document.createElement("p");
    note.id = "empty";
    note.textContent = "No signal has a value to show: the run wrote no event.";
    panelsElement.appendChild(note);
  }
  document.getElementById("title").textContent = data.title;
  document.title = data.title + " \u2014 Hyco";

  /* The samples of @signal at the visible tags, widened by one on each side (a line runs on
   * to the frame): [k0, k1). */
  function visibleSamples(signal, widen) {
    const [j0, j1] = visibleTags();
    let k0 = lowerBound(0, signal.tags.length, (k) => signal.tags[k], j0);
    let k1 = lowerBound(k0, signal.tags.length, (k) => signal.tags[k], j1);
    if (widen) {
      k0 = Math.max(0, k0 - 1);
      k1 = Math.min(signal.tags.length, k1 + 1);
    }
    return [k0, k1];
  }

  function valueRange(signal, k0, k1) {
    let lo = Infinity, hi = -Infinity;
    for (let k = k0; k < k1; k++) {
      const v = signal.values[k];
      if (signal.present[k] && isFinite(v)) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    if (!signal.line || lo === Infinity) {
      lo = Math.min(lo, 0);
      hi = Math.max(hi, 0);
    }
    /* Equal values, or differing only in their last bits (a sum's rounding): a flat line in
     * the middle, not rounding noise magnified; the tooltip has the exact values. */
    if (hi - lo <= 1e-9 * Math.max(Math.abs(lo), Math.abs(hi))) {
      const middle = (lo + hi) / 2, half = Math.max(Math.abs(middle) * 0.05, 1);
      lo = middle - half;
      hi = middle + half;
    }
    const pad = (hi - lo) * 0.08;
    return { lo: lo - pad, hi: hi + pad };
  }

  function niceStep(span, count) {
    const raw = span / Math.max(count, 1);
    const power = Math.pow(10, Math.floor(Math.log10(raw)));
    const m = raw / power;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * power;
  }

  function formatTick(v, step) {
    const digits = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
    if (Math.abs(v) < step / 2) v = 0;
    return Math.abs(v) >= 1e15 || digits > 15 ? v.toPrecision(6) : v.toFixed(digits);
  }

  function drawPanel(panel) {
    const signal = panel.signal;
    const canvas = panel.canvas;
    const dpr = window.devicePixelRatio || 1;
    const width = layout.width, height = PANEL_HEIGHT;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    canvas.style.width = width + "px";
    canvas.style.height = height + "px";
    const ctx = canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const left = MARGIN_LEFT, right = width - MARGIN_RIGHT;
    const top = PAD_Y, bottom = height - PAD_Y;

    const [k0, k1] = visibleSamples(signal, signal.line);
    const range = signal.numeric ? valueRange(signal, k0, k1) : { lo: -1, hi: 1 };
    const y = (v) => bottom - ((v - range.lo) / (range.hi - range.lo)) * (bottom - top);
    panel.scale = { y: y, top: top, bottom: bottom };

    ctx.save();
    ctx.beginPath();
    ctx.rect(left, 0, right - left, height);
    ctx.clip();

    /* Columns of the instants spread out: faint separators. */
    if (layout.columns) {
      const [j0, j1] = visibleTags();
      ctx.fillStyle = "#f4f4f4";
      for (let j = j0; j < j1; j++)
        if (j > instStart[tagInstant[j]]) {
          const x = tagX(j);
          ctx.fillRect(x - layout.slot / 2, top, 1, bottom - top);
        }
    }

    /* Absent: a grey band where a line has no value (its gaps and absent samples). */
    if (signal.line) {
      ctx.fillStyle = ABSENT_BAND;
      for (let k = Math.max(k0, 1); k < k1; k++) {
        if (signal.breaks[k] || !signal.present[k]) {
          let from = k - 1;
          let to = k;
          while (to < k1 && !signal.present[to]) to++;
          const x0 = tagX(signal.tags[from]) + 1;
          const x1 = to < signal.tags.length ? tagX(signal.tags[to]) - 1 : right;
          if (x1 > x0) ctx.fillRect(x0, top, x1 - x0, bottom - top);
          k = to;
        }
      }
    }

    /* Value grid and labels. */
    ctx.fillStyle = "#444";
    ctx.font = "11px monospace";
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    ctx.restore();
    if (signal.numeric) {
      const step = niceStep(range.hi - range.lo, 4);
      ctx.font = "11px monospace";
      ctx.textAlign = "right";
      ctx.textBaseline = "middle";
      for (let v = Math.ceil(range.lo / step) * step; v <= range.hi; v += step) {
        ctx.fillStyle = "#eeeeee";
        ctx.fillRect(left, Math.round(y(v)), right - left, 1);
        ctx.fillStyle = "#444";
        ctx.fillText(formatTick(v, step), left - 6, y(v));
      }
    }
    ctx.strokeStyle = "#888";
    ctx.lineWidth = 1;
    ctx.strokeRect(left + 0.5, top + 0.5, right - left - 1, bottom - top - 1);

    ctx.save();
    ctx.beginPath();
    ctx.rect(left, 0, right - left, height);
    ctx.clip();
    const shown = signal.presentBefore[k1] - signal.presentBefore[k0];
    const dense = shown > (right - left) / (signal.line ? 1 : 3);
    if (signal.line) drawLine(ctx, signal, k0, k1, y, dense);
    else drawEvents(ctx, signal, k0, k1, y, dense, top, bottom);
    ctx.restore();
  }

  function drawLine(ctx, signal, k0, k1, y, dense) {
    ctx.strokeStyle = signal.color;
    ctx.fillStyle = signal.color;
    ctx.lineWidth = 1.5;
    if (dense) {
      /* One pixel column holds many values: their span, and a line through the columns. */
      let column = null, lo = 0, hi = 0;
      ctx.beginPath();
      const flush = () => {
        if (column !== null) ctx.fillRect(column, y(hi), 1.5, Math.max(1.5, y(lo) - y(hi)));
      };
      for (let k = k0; k < k1; k++) {
        if (!signal.present[k]) continue;
        const x = Math.round(tagX(signal.tags[k]));
        const v = signal.values[k];
        if (x !== column) {
          flush();
          column = x;
          lo = hi = v;
        } else {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
      flush();
      return;
    }
    ctx.beginPath();
    let drawing = false;
    for (let k = k0; k < k1; k++) {
      if (!signal.present[k] || !isFinite(signal.values[k])) {
        drawing = false;
        continue;
      }
      const x = tagX(signal.tags[k]), v = y(signal.values[k]);
      if (!drawing || signal.breaks[k]) ctx.moveTo(x, v);
      else ctx.lineTo(x, v);
      drawing = true;
    }
    ctx.stroke();
    /* Where the instants have columns, each tag's value is a point. */
    if (layout.columns && layout.slot >= MARKER_SLOT_PX)
      for (let k = k0; k < k1; k++)
        if (signal.present[k] && isFinite(signal.values[k])) {
          ctx.beginPath();
          ctx.arc(tagX(signal.tags[k]), y(signal.values[k]), 3, 0, 2 * Math.PI);
          ctx.fill();
        }
  }

  function drawEvents(ctx, signal, k0, k1, y, dense, top, bottom) {
    const base = signal.numeric ? Math.min(Math.max(y(0), top), bottom) : (top + bottom) / 2;
    const left = MARGIN_LEFT, right = layout.width - MARGIN_RIGHT;
    /* Absent wherever there is no event: a grey dashed baseline. */
    ctx.strokeStyle = ABSENT_MARK;
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(left, Math.round(base) + 0.5);
    ctx.lineTo(right, Math.round(base) + 0.5);
    ctx.stroke();
    ctx.setLineDash([]);

    if (dense) {
      /* Too many to tell apart: per pixel column, the span of the values and, along the
       * bottom, a strip whose darkness is the number of events. */
      const counts = new Uint32Array(Math.ceil(right) + 1);
      const lo = new Float64Array(counts.length).fill(Infinity);
      const hi = new Float64Array(counts.length).fill(-Infinity);
      let most = 0;
      for (let k = k0; k < k1; k++) {
        if (!signal.present[k]) continue;
        const x = Math.round(tagX(signal.tags[k]));
        if (x < 0 || x >= counts.length) continue;
        counts[x]++;
        const v = signal.numeric ? signal.values[k] : 0;
        if (v < lo[x]) lo[x] = v;
        if (v > hi[x]) hi[x] = v;
        most = Math.max(most, counts[x]);
      }
      ctx.fillStyle = signal.color;
      for (let x = 0; x < counts.length; x++) {
        if (!counts[x]) continue;
        const y0 = signal.numeric ? y(hi[x]) : base - 4;
        const y1 = signal.numeric ? y(lo[x]) : base + 4;
        ctx.globalAlpha = 1;
        ctx.fillRect(x, Math.min(y0, y1) - 1, 1, Math.abs(y1 - y0) + 2);
        ctx.globalAlpha = 0.25 + 0.75 * (counts[x] / most);
        ctx.fillRect(x, bottom + 2, 1, 6);
      }
      ctx.globalAlpha = 1;
      return;
    }

    /* Columns: a hollow marker at every visible tag where the signal has no event. */
    if (layout.columns && layout.slot >= MARKER_SLOT_PX) {
      const [j0, j1] = visibleTags();
      let k = k0;
      ctx.strokeStyle = ABSENT_MARK;
      ctx.lineWidth = 1.5;
      for (let j = j0; j < j1; j++) {
        while (k < k1 && signal.tags[k] < j) k++;
        if (k < k1 && signal.tags[k] === j && signal.present[k]) continue;
        ctx.beginPath();
        ctx.arc(tagX(j), base, 4, 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    ctx.strokeStyle = signal.color;
    ctx.fillStyle = signal.color;
    ctx.lineWidth = 1.5;
    for (let k = k0; k < k1; k++) {
      if (!signal.present[k]) continue;
      const x = tagX(signal.tags[k]);
      const v = signal.numeric && isFinite(signal.values[k]) ? y(signal.values[k]) : base;
      ctx.beginPath();
      ctx.moveTo(x, base);
      ctx.lineTo(x, v);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(x, v, 3.5, 0, 2 * Math.PI);
      ctx.fill();
    }
  }

  /* An axis label at x, unless it would overlap the one before it in its row. */
  function addLabel(row, className, x, text) {
    const width = text.length * 6.7 + 6; /* 11px monospace */
    if (x - width / 2 < row.right + 4) return null;
    row.right = x + width / 2;
    const label = document.createElement("div");
    label.className = className;
    label.textContent = text;
    label.style.left = x + "px";
    axis.appendChild(label);
    return label;
  }

  /* The time axis: ticks in seconds, and under the columns their tags (t, n). */
  function drawAxis() {
    axis.textContent = "";
    const L = layout;
    const step = niceStep((view.b - view.a) * (L.w / Math.max(L.linear, 1)), L.w / 110);
    if (L.columns) {
      const row = { right: -Infinity };
      for (let i = L.i0; i <= L.i1; i++)
        for (let j = instStart[i]; j < instStart[i + 1]; j++) {
          const label = addLabel(row, "slot-label", tagX(j), "(" + times[i] + ", " + tagStep[j] + ")");
          if (label) {
            label.dataset.time = times[i];
            label.dataset.microstep = String(tagStep[j]);
          }
        }
      if (L.i1 === L.i0) return;
    }
    const row = { right: -Infinity };
    for (let t = Math.ceil(view.a / step) * step; t <= view.b; t += step) {
      const x = timeX(t);
      if (x >= MARGIN_LEFT && x <= L.width - MARGIN_RIGHT)
        addLabel(row, "tick", x, formatTick(t, step));
    }
  }

  function render() {
    const width = Math.max(panelsElement.clientWidth, 300);
    layout = computeLayout(width);
    for (const panel of panels) drawPanel(panel);
    drawAxis();
    const visible = Math.max(0, layout.i1 - layout.i0 + 1);
    /* The instants in view, by their exact times (the view itself reaches a little beyond). */
    rangeText.textContent = visible === 1
      ? "instant " + times[layout.i0] + " s: " + (instStart[layout.i0 + 1] - instStart[layout.i0]) +
        " microsteps"
      : visible > 1
      ? times[layout.i0] + " s to " + times[layout.i1] + " s: " + visible + " instants"
      : "no instant in view";
  }

  /* Zooming ---------------------------------------------------------------------------------- */

  function setView(a, b) {
    const wholeSpan = whole.b - whole.a;
    let span = Math.min(Math.max(b - a, minSpan), wholeSpan);
    let center = (a + b) / 2;
    a = center - span / 2;
    if (a < whole.a) a = whole.a;
    if (a + span > whole.b) a = whole.b - span;
    view = span >= wholeSpan ? { a: whole.a, b: whole.b } : { a: a, b: a + span };
    hideTooltip();
    render();
  }

  function zoomAround(t, factor) {
    const a = t - (t - view.a) * factor, b = t + (view.b - t) * factor;
    setView(a, b);
  }

  /* Just the instant @i, its microsteps spread over the width. */
  function zoomToInstant(i) {
    const s = secs[i];
    const before = i > 0 ? s - secs[i - 1] : Infinity;
    const after = i + 1 < nInstants ? secs[i + 1] - s : Infinity;
    let half = Math.min(before, after) / 4;
    if (!isFinite(half)) half = Math.max(Math.abs(s), 1) / 4;
    setView(s - half, s + half);
  }

  function nearestInstant(t) {
    const i = lowerBound(0, nInstants, (i) => secs[i], t);
    if (i >= nInstants) return nInstants - 1;
    if (i > 0 && t - secs[i - 1] < secs[i] - t) return i - 1;
    return i;
  }

  document.getElementById("zoom-in").onclick = () => zoomAround((view.a + view.b) / 2, 0.5);
  document.getElementById("zoom-out").onclick = () => zoomAround((view.a + view.b) / 2, 2);
  document.getElementById("pan-left").onclick = () => pan(-0.25);
  document.getElementById("pan-right").onclick = () => pan(0.25);
  document.getElementById("reset").onclick = () => setView(whole.a, whole.b);

  function pan(fraction) {
    const d = (view.b - view.a) * fraction;
    setView(view.a + d, view.b + d);
  }

  window.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const actions = {
      "+": () => zoomAround((view.a + view.b) / 2, 0.5),
      "=": () => zoomAround((view.a + view.b) / 2, 0.5),
      "-": () => zoomAround((view.a + view.b) / 2, 2),
      "ArrowLeft": () => pan(-0.25),
      "ArrowRight": () => pan(0.25),
      "0": () => setView(whole.a, whole.b),
      "Home": () => setView(whole.a, whole.b),
      "Escape": () => setView(whole.a, whole.b),
    };
    if (actions[event.key]) {
      actions[event.key]();
      event.preventDefault();
    }
  });

  function canvasX(event, canvas) {
    return event.clientX - canvas.getBoundingClientRect().left;
  }

  let drag = null;
  for (const panel of panels) {
    const canvas = panel.canvas;
    canvas.addEventListener("wheel", function (event) {
      event.preventDefault();
      zoomAround(xTime(canvasX(event, canvas)), Math.pow(1.0015, event.deltaY));
    }, { passive: false });
    canvas.addEventListener("mousedown", function (event) {
      if (event.button !== 0) return;
      drag = { x: canvasX(event, canvas), panel: panel, clientX: event.clientX };
      event.preventDefault();
    });
    canvas.addEventListener("mousemove", (event) => hover(panel, event));
    canvas.addEventListener("mouseleave", hideTooltip);
    canvas.addEventListener("dblclick", function (event) {
      zoomToInstant(nearestInstant(xTime(canvasX(event, canvas))));
    });
  }
  window.addEventListener("mousemove", function (event) {
    if (!drag) return;
    const x0 = Math.min(drag.clientX, event.clientX), x1 = Math.max(drag.clientX, event.clientX);
    selection.hidden = x1 - x0 < 4;
    selection.style.left = x0 + window.scrollX + "px";
    selection.style.width = x1 - x0 + "px";
    selection.style.top = panelsElement.getBoundingClientRect().top + window.scrollY + "px";
    selection.style.height = panelsElement.getBoundingClientRect().height + "px";
  });
  window.addEventListener("mouseup", function (event) {
    if (!drag) return;
    const x = canvasX(event, drag.panel.canvas);
    const from = Math.min(drag.x, x), to = Math.max(drag.x, x);
    drag = null;
    selection.hidden = true;
    if (to - from < 4) return;
    const a = xTime(from), b = xTime(to);
    /* Within one instant's columns: that instant. */
    if (a === b) zoomToInstant(nearestInstant(a));
    else setView(a - (b - a) * 0.03, b + (b - a) * 0.03); /* no point on the frame */
  });

  /* Hover ------------------------------------------------------------------------------------ */

  function hideTooltip() {
    tooltip.hidden = true;
  }

  function tagText(j) {
    return "(" + times[tagInstant[j]] + ", " + tagStep[j] + ")";
  }

  /* The nearest visible tag to x. */
  function nearestTag(x) {
    const [j0, j1] = visibleTags();
    if (j1 <= j0) return -1;
    const j = lowerBound(j0, j1, tagX, x);
    if (j >= j1) return j1 - 1;
    if (j > j0 && x - tagX(j - 1) < tagX(j) - x) return j - 1;
    return j;
  }

  function hover(panel, event) {
    if (drag) return;
    const signal = panel.signal;
    const x = canvasX(event, panel.canvas);
    const rect = panel.canvas.getBoundingClientRect();
    const y = event.clientY - rect.top;
    if (x < MARGIN_LEFT || x > layout.width - MARGIN_RIGHT) return hideTooltip();
    /* The signal's nearest sample, if it is close; else the nearest tag, where it is absent. */
    const [k0, k1] = visibleSamples(signal, false);
    let best = -1, bestDistance = Infinity;
    const k = lowerBound(k0, k1, (k) => tagX(signal.tags[k]), x);
    for (const c of [k - 1, k, k + 1]) {
      if (c < k0 || c >= k1) continue;
      const d = Math.abs(tagX(signal.tags[c]) - x);
      /* Of several samples at one x (an instant's microsteps, not spread), the one nearest
       * in value. */
      if (d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    if (best >= 0 && !layout.columns) {
      /* Several samples at one x (an instant's microsteps, not spread): the one nearest in
       * value to the pointer. */
      const bx = tagX(signal.tags[best]);
      let from = best, to = best, nearest = Infinity;
      while (from > k0 && tagX(signal.tags[from - 1]) === bx) from--;
      while (to + 1 < k1 && tagX(signal.tags[to + 1]) === bx) to++;
      for (let c = from; c <= to; c++) {
        const v = signal.values[c];
        const dy = isFinite(v) ? Math.abs(panel.scale.y(v) - y) : Infinity;
        if (dy < nearest) {
          nearest = dy;
          best = c;
        }
      }
    }
    let text;
    if (best >= 0 && bestDistance <= HOVER_PX) {
      const value = signal.present[best] ? signal.texts[best] : "absent";
      text = tagText(signal.tags[best]) + "\n" + signal.name + " = " + value;
    } else {
      const j = nearestTag(x);
      if (j < 0) return hideTooltip();
      if (Math.abs(tagX(j) - x) > HOVER_PX) return hideTooltip();
      text = tagText(j) + "\n" + signal.name + ": absent";
    }
    tooltip.textContent = text;
    tooltip.hidden = false;
    tooltip.style.left = event.clientX + window.scrollX + 14 + "px";
    tooltip.style.top = event.clientY + window.scrollY + 14 + "px";
  }

  window.addEventListener("resize", render);
  render();

  /* For scripts and tests: the view's state and the same moves as the mouse and keys. */
  window.hycoView = {
    get range() { return { a: view.a, b: view.b }; },
    get columns() { return layout.columns; },
    zoom: setView,
    zoomToInstant: (text) => zoomToInstant(times.indexOf(text)),
    reset: () => setView(whole.a, whole.b),
    tagX: (time, microstep) => {
      const i = times.indexOf(time);
      for (let j = instStart[i]; j < instStart[i + 1]; j++)
        if (tagStep[j] === microstep) return tagX(j);
      return null;
    },
    timeX: (t) => timeX(t),
    valueY: (signal, v) => panels.find((p) => p.signal.name === signal).scale.y(v),
  };
})();
