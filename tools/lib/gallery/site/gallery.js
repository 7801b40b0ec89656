// railyard gallery: the browser side of `railyard gallery`.
//
// The page is opened from the file system, where fetch() and XHR are refused, so every data file
// is a script (data/*.js) that hands its content to one of the receivers below:
//   railyardGallery.meta(m)          what the folder is: kind, facets, attributes, chunk sizes
//   railyardGallery.index(k, rows)   index chunk k: per unit its facet values, attribute bits,
//                                    thumbnail paths (all chunks are loaded: filters count them)
//   railyardGallery.units(k, list)   units chunk k: the records a unit view draws (on demand)
// The view follows the URL hash (#split=test&roof=peaked&page=2, #unit=42&parts=all&boxes=1),
// so every view can be linked; the controls only ever change the hash.
// Nothing builds HTML from strings: record text reaches the page as text nodes only.
"use strict";

(function () {
  const PAGE_SIZE = 48;
  const PARALLEL_SCRIPTS = 3;  // index chunks in flight at once: progress without a stampede

  // ---------------------------------------------------------------------------------------------
  // Small DOM helpers.

  // el("a", {href: "#x", class: "tile"}, "text", child...): attributes set one by one, strings
  // as text nodes, so record strings are never parsed as markup.
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      node.setAttribute(name, value === true ? "" : String(value));
    }
    append(node, children);
    return node;
  }

  function append(node, children) {
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function byId(id) {
    return document.getElementById(id);
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  function plural(n, noun) {
    return `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
  }

  function recordError(message) {
    if (window.railyardRecordError) window.railyardRecordError(message);
    else console.error(message);
  }

  // ---------------------------------------------------------------------------------------------
  // Loading: data files are scripts; a promise per file, settled by the script's load event
  // (which fires after the script ran, so its receiver has been called by then).

  const scripts = new Map();

  function loadScript(src) {
    if (!scripts.has(src)) {
      scripts.set(src, new Promise((resolve, reject) => {
        const script = el("script", {src: src});
        script.onload = () => resolve();
        script.onerror = () => reject(new Error(`cannot load ${src}`));
        document.head.appendChild(script);
      }));
    }
    return scripts.get(src);
  }

  function chunkFile(kind, k) {
    return `data/${kind}-${String(k).padStart(6, "0")}.js`;
  }

  // ---------------------------------------------------------------------------------------------
  // The store: meta, the index in compact form, units chunks as they arrive.

  const store = {
    meta: null,
    facetValues: [],   // per facet: typed array, unit -> value number
    attributeBits: [], // per attribute: its first flattened bit
    words: null,       // Uint32Array, unit * wordsPerUnit + w
    wordsPerUnit: 0,
    thumbnails: [],    // per index chunk: per row its thumbnail paths
    indexChunksIn: 0,
    indexComplete: false,
    unitChunks: new Map(),
  };

  function typedArrayFor(valueCount, n) {
    if (valueCount <= 256) return new Uint8Array(n);
    if (valueCount <= 65536) return new Uint16Array(n);
    return new Uint32Array(n);
  }

  function prepareStore(meta) {
    meta.facets = meta.facets || [];
    meta.attributes = meta.attributes || [];
    meta.part_kinds = meta.part_kinds || [];
    const n = meta.units || 0;
    store.meta = meta;
    store.facetValues = meta.facets.map(f => typedArrayFor(f.values.length, n));
    let bit = 0;
    store.attributeBits = meta.attributes.map(a => {
      const first = bit;
      bit += a.values.length;
      return first;
    });
    store.wordsPerUnit = Math.ceil(bit / 30);
    store.words = new Uint32Array(n * store.wordsPerUnit);
    store.indexComplete = !(meta.index_chunks > 0) || n === 0;
  }

  function receiveIndex(k, rows) {
    const meta = store.meta;
    const thumbnails = [];
    for (const row of rows) {
      const unit = row[0];
      if (!(unit >= 0 && unit < meta.units)) throw new Error(`index chunk ${k}: unit ${unit} out of range`);
      const facets = row[1] || [];
      for (let f = 0; f < store.facetValues.length; f++) store.facetValues[f][unit] = facets[f];
      const words = row[2] || [];
      for (let w = 0; w < store.wordsPerUnit; w++) store.words[unit * store.wordsPerUnit + w] = words[w] || 0;
      thumbnails.push(row[3] || []);
    }
    store.thumbnails[k] = thumbnails;
    store.indexChunksIn += 1;
    if (store.indexChunksIn >= meta.index_chunks) store.indexComplete = true;
  }

  function thumbnailsOf(unit) {
    const chunk = store.thumbnails[Math.floor(unit / store.meta.index_chunk)];
    return (chunk && chunk[unit % store.meta.index_chunk]) || [];
  }

  // All index chunks, PARALLEL_SCRIPTS at a time; the status line shows the progress.
  async function loadIndex() {
    const total = store.meta.index_chunks || 0;
    let next = 0;
    async function worker() {
      while (next < total) {
        const k = next++;
        try {
          await loadScript(chunkFile("index", k));
        } catch (error) {
          recordError(error.message);
          setStatus(`cannot load ${chunkFile("index", k)}`);
          return;
        }
        if (!store.indexComplete) setStatus(`loading the index: ${store.indexChunksIn} of ${total} chunks`);
      }
    }
    const workers = [];
    for (let i = 0; i < Math.min(PARALLEL_SCRIPTS, total); i++) workers.push(worker());
    await Promise.all(workers);
  }

  // The unit object of unit `unit`, loading its chunk when needed.
  async function loadUnit(unit) {
    const meta = store.meta;
    const k = Math.floor(unit / meta.unit_chunk);
    if (!store.unitChunks.has(k)) await loadScript(chunkFile("units", k));
    const list = store.unitChunks.get(k);
    if (!list) throw new Error(`${chunkFile("units", k)} did not deliver its units`);
    return list.find(u => u.unit === unit) || list[unit - k * meta.unit_chunk];
  }

  // ---------------------------------------------------------------------------------------------
  // State: the hash, parsed and written.

  function parseHash() {
    const state = {filters: new Map(), page: 1, unit: null, side: null, step: null, parts: null, boxes: false};
    const text = location.hash.replace(/^#/, "");
    for (const item of text.split("&")) {
      if (!item) continue;
      const at = item.indexOf("=");
      const key = decode(at < 0 ? item : item.slice(0, at));
      const value = at < 0 ? "" : decode(item.slice(at + 1));
      if (key === "page") state.page = Math.max(1, parseInt(value, 10) || 1);
      else if (key === "unit") state.unit = /^\d+$/.test(value) ? Number(value) : NaN;
      else if (key === "step") state.step = parseInt(value, 10) || 0;
      else if (key === "side") state.side = value;
      else if (key === "parts") state.parts = value;
      else if (key === "boxes") state.boxes = value === "1" || value === "true";
      else if (value !== "" && value !== "any") state.filters.set(key, value);
    }
    return state;
  }

  // A hand-edited hash may hold a stray "%": taken as it is rather than failing.
  function decode(text) {
    try {
      return decodeURIComponent(text.replace(/\+/g, " "));
    } catch (error) {
      return text;
    }
  }

  // The hash of `state`: filters in the page's order, then the page, then the view's keys.
  function hashOf(state) {
    const items = [];
    // Commas stay as they are ("parts=1,4,5" reads better, and a fragment allows them).
    const encode = text => encodeURIComponent(text).replace(/%2C/gi, ",");
    const add = (key, value) => items.push(`${encode(key)}=${encode(value)}`);
    const known = new Set();
    for (const dimension of dimensions()) {
      known.add(dimension.name);
      if (state.filters.has(dimension.name)) add(dimension.name, state.filters.get(dimension.name));
    }
    for (const [key, value] of state.filters) if (!known.has(key)) add(key, value);
    if (state.page > 1) add("page", state.page);
    if (state.unit !== null && state.unit !== undefined) add("unit", state.unit);
    if (state.side) add("side", state.side);
    if (state.step !== null && state.step !== undefined) add("step", state.step);
    if (state.parts) add("parts", state.parts);
    if (state.boxes) add("boxes", 1);
    return "#" + items.join("&");
  }

  // The hash of the current state with `changes` applied (a copy: the state is never mutated).
  function hashWith(changes) {
    const state = parseHash();
    const next = Object.assign({}, state, changes, {filters: new Map(state.filters)});
    if (changes.filters) next.filters = changes.filters;
    return hashOf(next);
  }

  // A link to the current state with `changes` applied; refreshLinks() recomputes every such
  // link after the hash changes, so views updated in place never hold stale links.
  function hashLink(changes, attributes, ...children) {
    const link = el("a", Object.assign({}, attributes, {"data-changes": JSON.stringify(changes), href: hashWith(changes)}));
    return append(link, children);
  }

  function refreshLinks() {
    for (const link of document.querySelectorAll("a[data-changes]")) {
      link.setAttribute("href", hashWith(JSON.parse(link.getAttribute("data-changes"))));
    }
  }

  const CLOSE_VIEW = {unit: null, side: null, step: null, parts: null, boxes: false};

  function go(hash) {
    if (location.hash === hash || (hash === "#" && !location.hash)) render();
    else location.hash = hash;
  }

  // ---------------------------------------------------------------------------------------------
  // Filtering: facets and car attributes are "dimensions"; a filter picks one value of one.

  function dimensions() {
    const meta = store.meta;
    if (!meta) return [];
    const facets = meta.facets.map((f, i) => ({kind: "facet", index: i, name: f.name, values: f.values}));
    const attributes = meta.attributes.map((a, i) => ({kind: "attribute", index: i, name: a.name, values: a.values}));
    return facets.concat(attributes);
  }

  // A test per active filter: a value the meta does not list matches nothing (value -1).
  function activeFilters(state) {
    const active = [];
    dimensions().forEach((dimension, d) => {
      if (!state.filters.has(dimension.name)) return;
      const value = dimension.values.indexOf(state.filters.get(dimension.name));
      active.push({dimension: d, test: unitTest(dimension, value)});
    });
    return active;
  }

  function unitTest(dimension, value) {
    if (value < 0) return () => false;
    if (dimension.kind === "facet") {
      const values = store.facetValues[dimension.index];
      return unit => values[unit] === value;
    }
    const bit = store.attributeBits[dimension.index] + value;
    const word = Math.floor(bit / 30), shift = bit % 30, per = store.wordsPerUnit;
    return unit => ((store.words[unit * per + word] >>> shift) & 1) === 1;
  }

  // One pass over the units: the matching units in order, and for every dimension the count of
  // each value among the units matching all the OTHER filters (a unit failing exactly one filter
  // counts for that filter's dimension only). Attribute values are counted per flattened bit,
  // walking only the set bits of a unit's words.
  function scan(state) {
    const dims = dimensions();
    const filters = activeFilters(state);
    const n = store.meta.units || 0;
    const per = store.wordsPerUnit, words = store.words;
    const facetValues = store.facetValues;
    const facetCounts = store.meta.facets.map(f => new Uint32Array(f.values.length + 1));
    const bitCounts = new Uint32Array(per * 30 + 1);
    const matches = new Int32Array(n);
    let matched = 0;
    for (let unit = 0; unit < n; unit++) {
      let failed = -1, failures = 0;
      for (const filter of filters) {
        if (!filter.test(unit)) {
          failed = filter.dimension;
          if (++failures > 1) break;
        }
      }
      if (failures === 0) {
        matches[matched++] = unit;
        for (let f = 0; f < facetValues.length; f++) facetCounts[f][facetValues[f][unit]] += 1;
        for (let w = 0; w < per; w++) {
          for (let bits = words[unit * per + w]; bits !== 0; bits &= bits - 1) {
            bitCounts[w * 30 + 31 - Math.clz32(bits & -bits)] += 1;
          }
        }
      } else if (failures === 1) {
        const dimension = dims[failed];
        if (dimension.kind === "facet") {
          facetCounts[dimension.index][facetValues[dimension.index][unit]] += 1;
        } else {
          const first = store.attributeBits[dimension.index];
          for (let bit = first; bit < first + dimension.values.length; bit++) {
            if ((words[unit * per + Math.floor(bit / 30)] >>> (bit % 30)) & 1) bitCounts[bit] += 1;
          }
        }
      }
    }
    const counts = dims.map(d => d.kind === "facet"
      ? facetCounts[d.index].subarray(0, d.values.length)
      : bitCounts.subarray(store.attributeBits[d.index], store.attributeBits[d.index] + d.values.length));
    return {matches: matches.subarray(0, matched), counts: counts};
  }

  // The value of facet `name` for `unit`, or null when there is no such facet.
  function facetOf(unit, name) {
    const f = store.meta.facets.findIndex(facet => facet.name === name);
    if (f < 0) return null;
    const value = store.meta.facets[f].values[store.facetValues[f][unit]];
    return value === undefined ? null : value;
  }

  // ---------------------------------------------------------------------------------------------
  // Header and filter controls.

  function renderHeader() {
    const meta = store.meta;
    document.title = `${meta.name || "gallery"} · railyard gallery`;
    byId("title").textContent = meta.name || "railyard gallery";
    const facts = [meta.kind];
    if (meta.kind === "suite") facts.push(plural((meta.variants || []).length, "variant"));
    const noun = meta.unit_noun || (meta.kind === "suite" ? "sample" : "unit");
    if (meta.kind !== "suite" || meta.units > 0) facts.push(plural(meta.units || 0, noun));
    if (meta.tool) facts.push(meta.tool);
    byId("facts").textContent = facts.join(" · ");
    if (meta.parent) {
      byId("up-link").setAttribute("href", meta.parent);
      byId("up").hidden = false;
    }
  }

  function renderFilters(state, counts, matchCount) {
    const nav = clear(byId("filters"));
    nav.hidden = false;
    const dims = dimensions();
    const facetBox = el("div", {class: "filter-group", "data-group": "facets"});
    const attributeBox = el("div", {class: "filter-group", "data-group": "attributes"},
                            el("span", {class: "group-title"}, "any car has"));
    dims.forEach((dimension, d) => {
      const box = dimension.kind === "facet" ? facetBox : attributeBox;
      box.appendChild(filterSelect(dimension, counts[d], state.filters.get(dimension.name)));
    });
    const reset = el("button", {type: "button", id: "reset"}, "reset");
    reset.addEventListener("click", () => go(hashOf(Object.assign(parseHash(), {filters: new Map(), page: 1}))));
    const total = store.meta.units || 0;
    const count = el("span", {id: "match-count", "data-count": matchCount},
                     `${matchCount.toLocaleString("en-US")} of ${plural(total, store.meta.unit_noun || "unit")}`);
    nav.append(facetBox, attributeBox, el("div", {class: "filter-summary"}, count, reset));
  }

  function filterSelect(dimension, counts, chosen) {
    const attribute = dimension.kind === "attribute";
    const select = el("select", {name: dimension.name, "data-dimension": dimension.kind, id: `filter-${dimension.name}`});
    select.appendChild(el("option", {value: "any"}, "any"));
    dimension.values.forEach((value, v) => {
      const text = `${attribute ? "any car: " : ""}${value} (${counts[v].toLocaleString("en-US")})`;
      select.appendChild(el("option", {value: value, selected: value === chosen, "data-count": counts[v]}, text));
    });
    if (chosen !== undefined && dimension.values.indexOf(chosen) < 0) {
      // A value from a link that this folder does not have: kept visible, matching nothing.
      select.appendChild(el("option", {value: chosen, selected: true, "data-count": 0}, `${chosen} (not in this folder)`));
    }
    select.addEventListener("change", () => {
      const state = parseHash();
      const filters = new Map(state.filters);
      if (select.value === "any") filters.delete(dimension.name);
      else filters.set(dimension.name, select.value);
      go(hashOf(Object.assign({}, state, {filters: filters, page: 1, unit: null, side: null, step: null, parts: null, boxes: false})));
    });
    return el("label", {class: chosen !== undefined ? "filter active" : "filter"},
              el("span", {class: "filter-name"}, dimension.name.replace(/_/g, " ")), select);
  }

  function setStatus(text) {
    const status = byId("status");
    status.textContent = text;
    status.hidden = !text;
  }

  // ---------------------------------------------------------------------------------------------
  // Grid: one page of tiles of the matching units.

  function renderGrid(state, matches) {
    const pages = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
    const page = Math.min(state.page, pages);
    const grid = clear(byId("grid"));
    grid.setAttribute("data-kind", store.meta.kind);
    const first = (page - 1) * PAGE_SIZE;
    for (const unit of matches.subarray(first, first + PAGE_SIZE)) grid.appendChild(tile(unit));
    const noun = store.meta.unit_noun || "unit";
    if (!store.meta.units) grid.appendChild(el("p", {class: "empty"}, `This folder has no ${noun}s.`));
    else if (matches.length === 0) grid.appendChild(el("p", {class: "empty"}, `No ${noun} matches these filters.`));
    renderPager(byId("pager-top"), page, pages, "page");
    renderPager(byId("pager-bottom"), page, pages, null);
  }

  function renderPager(node, page, pages, id) {
    clear(node);
    const link = (text, target, rel) => target < 1 || target > pages
      ? el("span", {class: "pager-link disabled"}, text)
      : hashLink({page: target}, {class: "pager-link", rel: rel}, text);
    node.append(link("← previous", page - 1, "prev"),
                el("span", {id: id, class: "page", "data-page": page, "data-pages": pages}, `page ${page} of ${pages}`),
                link("next →", page + 1, "next"));
  }

  function tile(unit) {
    const meta = store.meta;
    const label = facetOf(unit, "label"), split = facetOf(unit, "split");
    const paths = thumbnailsOf(unit);
    const pictures = el("div", {class: `thumbs thumbs-${meta.kind}`, "data-count": paths.length});
    for (const path of paths) pictures.appendChild(picture(path, "thumb", true));
    if (paths.length === 0) pictures.appendChild(placeholder("thumb"));
    const caption = el("span", {class: "caption"},
                       el("span", {class: "unit-name"}, `${meta.unit_noun || "unit"} ${unit}`),
                       label !== null ? el("span", {class: "label", "data-label": label}, label) : null,
                       split !== null ? el("span", {class: "split"}, split) : null);
    return hashLink({unit: unit}, {class: "tile", "data-unit": unit}, pictures, caption);
  }

  // An <img> of a path under meta.source, or a placeholder box when the path is "" (the image
  // was not written) or the file cannot be read.
  function picture(path, className, lazy) {
    if (!path) return placeholder(className);
    const image = el("img", {class: className, src: store.meta.source + encodePath(path), alt: path,
                             loading: lazy ? "lazy" : null, decoding: "async"});
    image.addEventListener("error", () => {
      image.classList.add("missing");
      image.setAttribute("data-missing", "1");
    });
    return image;
  }

  // Paths in the data are file names as written ("#" or a space would break a URL); meta.source
  // is already a URL path.
  function encodePath(path) {
    return path.split("/").map(encodeURIComponent).join("/");
  }

  function placeholder(className) {
    return el("span", {class: `${className} placeholder`, "data-placeholder": "1"}, "no image");
  }

  // ---------------------------------------------------------------------------------------------
  // Suite: a card per variant, each linking to the variant's own gallery.

  function renderSuite() {
    const section = clear(byId("variants"));
    section.hidden = false;
    const variants = store.meta.variants || [];
    for (const variant of variants) {
      section.appendChild(el("a", {class: "variant", "data-variant": variant.name, href: `${variant.folder}/index.html`},
                             variantStrip(variant),
                             el("span", {class: "variant-name"}, variant.name),
                             el("span", {class: "variant-units"}, plural(variant.units || 0, "sample")),
                             el("span", {class: "variant-description"}, variant.description || "")));
    }
    if (variants.length === 0) section.appendChild(el("p", {class: "empty"}, "This suite has no variants."));
  }

  // A variant's first pictures, from its own folder (variant.source, a URL path like meta.source).
  function variantStrip(variant) {
    const strip = el("span", {class: "variant-strip"});
    for (const path of variant.thumbnails || []) {
      if (!path) continue;
      strip.appendChild(el("img", {class: "variant-thumb", src: variant.source + encodePath(path),
                                   alt: path, loading: "lazy", decoding: "async"}));
    }
    return strip;
  }

  // ---------------------------------------------------------------------------------------------
  // RLE: COCO's compressed masks (pycocotools' rleFrString), decoded to runs.

  // The counts of a compressed RLE string: 5-bit groups (char - 48), 0x20 continues the number,
  // 0x10 in the last group makes it negative; from the fourth count on, a count is stored as the
  // difference to the count two before it.
  function rleCounts(text) {
    const counts = [];
    let p = 0;
    while (p < text.length) {
      let x = 0, k = 0, more = true;
      while (more) {
        if (p >= text.length) throw new Error("truncated RLE string");
        const c = text.charCodeAt(p) - 48;
        x += (c & 0x1f) * Math.pow(2, 5 * k);
        more = (c & 0x20) !== 0;
        p += 1;
        k += 1;
        if (!more && (c & 0x10)) x -= Math.pow(2, 5 * k);
      }
      if (counts.length > 2) x += counts[counts.length - 2];
      counts.push(x);
    }
    return counts;
  }

  const decoded = new WeakMap();

  // {height, width, counts} of an RLE object (compressed string or plain count list), cached.
  function rleOf(mask) {
    if (!mask || !mask.size) return null;
    if (!decoded.has(mask)) {
      const counts = typeof mask.counts === "string" ? rleCounts(mask.counts) : (mask.counts || []);
      decoded.set(mask, {height: mask.size[0], width: mask.size[1], counts: counts});
    }
    return decoded.get(mask);
  }

  // Calls visit(rowMajorIndex) for each pixel of the mask: runs go down each column, columns
  // left to right, the first run being zeros.
  function forEachMaskPixel(rle, visit) {
    const h = rle.height, w = rle.width, total = h * w;
    let position = 0;
    for (let i = 0; i < rle.counts.length; i++) {
      const run = rle.counts[i];
      if (i % 2 === 1) {
        const end = Math.min(position + run, total);
        for (let q = position; q < end; q++) visit((q % h) * w + Math.floor(q / h));
      }
      position += run;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Painting masks and boxes on a canvas over a picture.

  function hexColour(text) {
    const match = /^#?([0-9a-f]{6})$/i.exec(text || "");
    const value = match ? parseInt(match[1], 16) : 0xd62728;
    return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  }

  // Paints `layers` ([{mask, colour}]) semi-transparently; the canvas's data-painted-pixels is
  // the number of pixels covered by their union (the last layer's colour where they overlap).
  function paintMasks(canvas, layers) {
    const w = canvas.width, h = canvas.height;
    const context = canvas.getContext("2d");
    context.clearRect(0, 0, w, h);
    let painted = 0;
    if (w > 0 && h > 0 && layers.length) {
      const image = context.createImageData(w, h);
      const data = image.data;
      for (const layer of layers) {
        const rle = rleOf(layer.mask);
        if (!rle || rle.width !== w || rle.height !== h) continue;
        const [r, g, b] = hexColour(layer.colour);
        forEachMaskPixel(rle, i => {
          const o = i * 4;
          if (data[o + 3] === 0) painted += 1;
          data[o] = r; data[o + 1] = g; data[o + 2] = b; data[o + 3] = 150;
        });
      }
      context.putImageData(image, 0, 0);
    }
    canvas.setAttribute("data-painted-pixels", painted);
    return painted;
  }

  // Visible boxes solid, full (amodal) boxes dashed, in the part's colour.
  function paintBoxes(canvas, boxes) {
    const context = canvas.getContext("2d");
    context.lineWidth = 1;
    for (const box of boxes) {
      context.strokeStyle = box.colour;
      for (const [rect, dash] of [[box.visible, []], [box.full, [4, 3]]]) {
        if (!rect || rect.length < 4) continue;
        context.setLineDash(dash);
        context.strokeRect(rect[0] + 0.5, rect[1] + 0.5, Math.max(0, rect[2] - 1), Math.max(0, rect[3] - 1));
      }
    }
    context.setLineDash([]);
  }

  // ---------------------------------------------------------------------------------------------
  // Unit view: the frame (title, close, previous/next) and the kind's body.

  // What a rendered view needs to repaint in place when only its parts or boxes change.
  let currentView = null;

  async function renderView(state, matches, generation) {
    const section = byId("view");
    const meta = store.meta;
    const unit = state.unit;
    const key = `${unit}|${state.side}|${state.step}`;
    if (currentView && currentView.key === key) {
      section.replaceChild(viewFrame(unit, matches, currentView.title), section.firstChild);
      currentView.update(state);
      return;
    }
    currentView = null;
    clear(section);
    section.hidden = false;
    section.setAttribute("data-unit", unit);
    if (!(unit >= 0 && unit < (meta.units || 0))) {
      const which = Number.isNaN(unit) ? "such" : unit;
      section.appendChild(viewFrame(unit, matches, `There is no ${meta.unit_noun || "unit"} ${which}.`));
      return;
    }
    section.appendChild(viewFrame(unit, matches, `loading ${meta.unit_noun || "unit"} ${unit}…`));
    const object = await loadUnit(unit);
    if (generation !== renderGeneration) return;
    clear(section);
    section.appendChild(viewFrame(unit, matches, object ? object.title : null));
    if (!object) {
      section.appendChild(el("p", {class: "empty"}, `The units chunk has no ${meta.unit_noun} ${unit}.`));
      return;
    }
    const body = el("div", {class: "view-body", "data-kind": meta.kind});
    section.appendChild(body);
    let view;
    if (meta.kind === "pairs") view = pairView(object, state);
    else if (meta.kind === "sequences") view = sequenceView(object, state);
    else view = sampleView((object.samples || [])[0], state);
    body.appendChild(view.node);
    view.update(state);
    currentView = {key: key, title: object.title, update: view.update};
  }

  // Title, the way back to the grid and the neighbours among the matching units.
  function viewFrame(unit, matches, title) {
    const noun = store.meta.unit_noun || "unit";
    const at = matches ? indexIn(matches, unit) : -1;
    const neighbour = (offset, text, rel) => {
      const other = at >= 0 ? matches[at + offset] : undefined;
      return other === undefined
        ? el("span", {class: "pager-link disabled"}, text)
        : hashLink({unit: other, side: null, step: null}, {class: "pager-link", rel: rel}, text);
    };
    return el("div", {class: "view-head"},
              hashLink(CLOSE_VIEW, {id: "close", class: "close"}, "← back to the grid"),
              el("h2", {}, title || `${noun} ${unit}`),
              el("span", {class: "neighbours"}, neighbour(-1, `← previous ${noun}`, "prev"),
                 at >= 0 ? el("span", {class: "position"}, `${(at + 1).toLocaleString("en-US")} of ${matches.length.toLocaleString("en-US")} matching`) : null,
                 neighbour(1, `next ${noun} →`, "next")));
  }

  function indexIn(sorted, value) {
    let low = 0, high = sorted.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (sorted[mid] === value) return mid;
      if (sorted[mid] < value) low = mid + 1; else high = mid - 1;
    }
    return -1;
  }

  // ---------------------------------------------------------------------------------------------
  // Sample view: picture with mask layer, part toggles, depth, description, labels, cars, record.

  function kindColours() {
    const colours = new Map();
    for (const kind of store.meta.part_kinds) colours.set(kind.kind, kind.colour);
    return colours;
  }

  // The part ids the hash shows: "all" every paintable part, "1,4,5" those ids.
  function shownParts(state, parts, colours) {
    if (!state.parts || state.parts === "none") return new Set();
    if (state.parts === "all") return new Set(parts.filter(p => colours.has(p.kind)).map(p => p.id));
    return new Set(state.parts.split(",").map(Number).filter(Number.isFinite));
  }

  // The canvas's pixel size: the record's camera, else its first mask's size.
  function pictureSize(record) {
    const camera = record.camera || {};
    if (camera.width > 0 && camera.height > 0) return [camera.width, camera.height];
    const withMask = (record.parts || []).find(p => p.mask && p.mask.size);
    return withMask ? [withMask.mask.size[1], withMask.mask.size[0]] : [0, 0];
  }

  // A display scale: whole multiples, so that mask pixels stay crisp, up to about `target` px
  // wide (larger pictures are scaled down to it).
  function displayScale(width, target = 720) {
    if (!(width > 0)) return 1;
    return width >= target ? target / width : Math.floor(target / width);
  }

  function sampleView(sample, state) {
    if (!sample) return {node: el("p", {class: "empty"}, "No sample."), update: () => {}};
    const record = sample.record || {};
    const parts = Array.isArray(record.parts) ? record.parts : [];
    const colours = kindColours();
    const [width, height] = pictureSize(record);
    const scale = displayScale(width);
    const canvas = el("canvas", {id: "mask-layer", width: width, height: height, "data-painted-pixels": 0});
    const stage = el("div", {class: "stage"}, picture(sample.image, "picture", false), canvas);
    if (width > 0) stage.style.width = `${Math.round(width * scale)}px`;
    const toggles = partControls(parts, colours);
    const node = el("section", {class: "sample", "data-role": sample.role || "sample", "data-parts": parts.length},
                    el("div", {class: "sample-main"},
                       el("div", {class: "sample-picture"}, stage, depthPicture(sample, scale, width)),
                       toggles.node),
                    sampleFacts(sample, record));
    const update = nextState => {
      const shown = shownParts(nextState, parts, colours);
      toggles.sync(shown, nextState.boxes);
      paintSample(canvas, parts, shown, colours, nextState.boxes);
    };
    return {node: node, update: update};
  }

  function paintSample(canvas, parts, shown, colours, boxes) {
    const chosen = parts.filter(p => shown.has(p.id) && colours.has(p.kind));
    paintMasks(canvas, chosen.map(p => ({mask: p.mask, colour: colours.get(p.kind)})));
    if (boxes) {
      const boxed = chosen.length ? chosen : parts.filter(p => colours.has(p.kind));
      paintBoxes(canvas, boxed.map(p => ({visible: p.visible_box, full: p.full_box, colour: colours.get(p.kind)})));
    }
    canvas.setAttribute("data-shown-parts", chosen.map(p => p.id).join(","));
    canvas.setAttribute("data-boxes", boxes ? "1" : "0");
  }

  function depthPicture(sample, scale, width) {
    if (!sample.depth) return null;
    const image = picture(sample.depth, "depth", true);
    if (width > 0) image.style.width = `${Math.round(width * scale)}px`;
    return el("details", {class: "depth", open: true}, el("summary", {}, "depth"), image);
  }

  // Part toggles grouped per car (car 0: the locomotive and the track), per-kind all/none, boxes.
  function partControls(parts, colours) {
    const boxesToggle = el("input", {type: "checkbox", id: "boxes-toggle"});
    boxesToggle.addEventListener("change", () => go(hashWith({boxes: boxesToggle.checked})));
    const checkboxes = [];
    const groups = new Map();
    for (const part of parts) {
      if (!groups.has(part.car)) groups.set(part.car, []);
      groups.get(part.car).push(part);
    }
    const fieldsets = [...groups.keys()].sort((a, b) => a - b).map(car => {
      const legend = car === 0 ? "locomotive and track" : `car ${car}`;
      return el("fieldset", {class: "car-parts", "data-car": car}, el("legend", {}, legend),
                groups.get(car).map(part => {
                  const painted = colours.has(part.kind);
                  const box = el("input", {type: "checkbox", class: "part-toggle", "data-part": part.id, "data-kind": part.kind,
                                           "data-car": part.car, disabled: !painted, title: painted ? null : "not painted"});
                  box.addEventListener("change", () => toggleParts([part.id], box.checked, parts, colours));
                  checkboxes.push(box);
                  return el("label", {class: "part"}, box, swatch(colours.get(part.kind)), partText(part));
                }));
    });
    const node = el("div", {class: "parts-panel"},
                    el("div", {class: "parts-tools"},
                       el("label", {class: "boxes"}, boxesToggle, " boxes ", el("span", {class: "hint"}, "visible solid, full dashed")),
                       kindButtons(parts, colours)),
                    parts.length ? fieldsets : el("p", {class: "empty"}, "This record has no parts."));
    const sync = (shown, boxes) => {
      for (const box of checkboxes) box.checked = shown.has(Number(box.getAttribute("data-part")));
      boxesToggle.checked = !!boxes;
    };
    return {node: node, sync: sync};
  }

  function partText(part) {
    const bits = [part.kind];
    if (part.payload >= 0) bits.push(`load ${part.payload}`);
    if (part.label && part.label !== part.kind) bits.push(part.label);
    return el("span", {class: "part-text"}, bits.join(" · "), el("span", {class: "part-id"}, ` #${part.id}`));
  }

  function swatch(colour) {
    const node = el("span", {class: "swatch"});
    if (colour) node.style.background = colour;
    else node.classList.add("unpainted");
    return node;
  }

  // "all"/"none" for every part, then per kind present.
  function kindButtons(parts, colours) {
    const paintable = parts.filter(p => colours.has(p.kind));
    const kinds = [...new Set(paintable.map(p => p.kind))];
    const row = (text, members, colour) => el("span", {class: "kind-buttons", "data-kind": text},
      swatch(colour), el("span", {class: "kind-name"}, text),
      button("all", () => toggleParts(members.map(p => p.id), true, parts, colours)),
      button("none", () => toggleParts(members.map(p => p.id), false, parts, colours)));
    return el("div", {class: "kinds"}, paintable.length ? row("every part", paintable, null) : null,
              kinds.map(kind => row(kind, paintable.filter(p => p.kind === kind), colours.get(kind))));
  }

  function button(text, action) {
    const node = el("button", {type: "button"}, text);
    node.addEventListener("click", action);
    return node;
  }

  // Adds or removes ids from the hash's parts, writing "all" when that is what remains.
  function toggleParts(ids, on, parts, colours) {
    const state = parseHash();
    const shown = shownParts(state, parts, colours);
    for (const id of ids) if (on) shown.add(id); else shown.delete(id);
    const paintable = parts.filter(p => colours.has(p.kind)).map(p => p.id);
    let value = [...shown].sort((a, b) => a - b).join(",");
    if (paintable.length && paintable.every(id => shown.has(id)) && shown.size === paintable.length) value = "all";
    go(hashWith({parts: value || null}));
  }

  function sampleFacts(sample, record) {
    const labels = el("dl", {class: "facts"},
                      fact("split", sample.split),
                      fact("label", record.label),
                      fact("published label", record.labelled === false ? "withheld" : record.published_label),
                      fact("scene", record.scene),
                      fact("image", sample.image || "(not written)"));
    return el("div", {class: "sample-facts"},
              sample.description ? el("pre", {class: "description"}, sample.description) : null,
              labels, carsTable(record), recordDetails(record));
  }

  function fact(name, value) {
    if (value === undefined || value === null || value === "") return null;
    return [el("dt", {}, name), el("dd", {"data-fact": name}, String(value))];
  }

  function carsTable(record) {
    const cars = (record.train && Array.isArray(record.train.cars)) ? record.train.cars : [];
    if (!cars.length) return null;
    const columns = [];
    for (const car of cars) for (const key of Object.keys(car)) if (!columns.includes(key)) columns.push(key);
    return el("table", {class: "cars"},
              el("thead", {}, el("tr", {}, columns.map(c => el("th", {}, c.replace(/_/g, " "))))),
              el("tbody", {}, cars.map(car => el("tr", {}, columns.map(c => el("td", {}, car[c] === undefined ? "" : String(car[c])))))));
  }

  function recordDetails(record) {
    return el("details", {class: "record"}, el("summary", {}, "the whole record (JSON)"),
              el("pre", {}, JSON.stringify(record, null, 2)));
  }

  // ---------------------------------------------------------------------------------------------
  // Pair view: base, intervened, their difference, the pair record, then one side's sample view.

  const DIFFERENCE_COLOUR = "#e6007e";

  function pairView(unit, state) {
    const pair = unit.pair || {};
    const samples = unit.samples || [];
    const base = samples.find(s => s.role === "base") || samples[0];
    const intervened = samples.find(s => s.role === "intervened") || samples[1];
    const side = state.side === "intervened" ? "intervened" : "base";
    const chosen = side === "intervened" ? intervened : base;
    const [width, height] = base ? pictureSize(base.record || {}) : [0, 0];
    const scale = displayScale(width, 360);
    const panel = (sample, role, extra) => {
      const stage = el("div", {class: "stage"}, sample ? picture(sample.image, "picture", false) : placeholder("picture"), extra);
      if (width > 0) stage.style.width = `${Math.round(width * scale)}px`;
      const label = role === "base" ? pair.base_label : pair.label;
      return el("figure", {class: "pair-panel", "data-panel": role}, stage,
                el("figcaption", {}, role, label ? el("span", {class: "label", "data-label": label}, label) : null));
    };
    const difference = differencePanel(base, intervened, pair, width, height, scale);
    const sideView = sampleView(chosen, state);
    const node = el("div", {class: "pair"},
                    el("div", {class: "pair-panels"}, panel(base, "base"), panel(intervened, "intervened"), difference.node),
                    pairFacts(pair),
                    el("nav", {class: "tabs", "aria-label": "side"},
                       ["base", "intervened"].map(s => hashLink({side: s === "base" ? null : s},
                                                                {class: s === side ? "tab selected" : "tab", "data-side": s}, `${s} picture`))),
                    sideView.node);
    return {node: node, update: next => { difference.update(); sideView.update(next); }};
  }

  // The two pictures stacked with mix-blend-mode: difference (canvas pixel reads are refused on
  // file:// images), under a chosen difference mask of the pair record.
  function differencePanel(base, intervened, pair, width, height, scale) {
    const masks = {colour_difference: pair.colour_difference, part_difference: pair.part_difference};
    const size = (pair.colour_difference && pair.colour_difference.size) || [height, width];
    const canvas = el("canvas", {id: "difference-mask", width: size[1] || 0, height: size[0] || 0, "data-painted-pixels": 0});
    const top = intervened ? picture(intervened.image, "picture blend-top", false) : placeholder("picture");
    const stage = el("div", {class: "stage blend"}, base ? picture(base.image, "picture", false) : placeholder("picture"), top, canvas);
    if (width > 0) stage.style.width = `${Math.round(width * scale)}px`;
    const choice = el("select", {id: "difference-overlay"},
                      el("option", {value: "colour_difference"}, "changed colours"),
                      el("option", {value: "part_difference"}, "changed parts"),
                      el("option", {value: "none"}, "no overlay"));
    const update = () => {
      const mask = masks[choice.value];
      paintMasks(canvas, mask ? [{mask: mask, colour: DIFFERENCE_COLOUR}] : []);
      canvas.setAttribute("data-overlay", choice.value);
    };
    choice.addEventListener("change", update);
    const node = el("figure", {class: "pair-panel", "data-panel": "difference", id: "difference"}, stage,
                    el("figcaption", {}, "difference ", choice));
    return {node: node, update: update};
  }

  function pairFacts(pair) {
    const flipped = pair.flipped === true ? "yes" : pair.flipped === false ? "no" : null;
    const changes = Array.isArray(pair.parts) ? pair.parts : [];
    const areas = [pair.colour_difference, pair.part_difference];
    return el("div", {class: "pair-facts"},
              el("dl", {class: "facts"},
                 fact("operations", pair.operations),
                 fact("label", pair.base_label !== undefined ? `${pair.base_label} → ${pair.label}` : null),
                 fact("flipped", flipped),
                 fact("changes", pair.changes),
                 fact("changed colour pixels", areas[0] ? `${areas[0].area} (spill ${areas[0].spill_area})` : null),
                 fact("changed part pixels", areas[1] ? areas[1].area : null)),
              changes.length ? el("table", {class: "changed-parts"},
                el("thead", {}, el("tr", {}, ["change", "kind", "car", "payload", "base id", "id"].map(h => el("th", {}, h)))),
                el("tbody", {}, changes.map(c => el("tr", {"data-change": c.change},
                  [c.change, c.kind, c.car, c.payload, c.base_id, c.id].map(v => el("td", {}, v === undefined ? "" : String(v)))))))
                : null);
  }

  // ---------------------------------------------------------------------------------------------
  // Sequence view: a film strip of the steps, then the chosen step's sample view.

  function sequenceView(unit, state) {
    const line = unit.sequence || {};
    const samples = unit.samples || [];
    const step = Math.min(Math.max(0, state.step || 0), Math.max(0, samples.length - 1));
    const strip = el("div", {class: "strip"}, samples.map((sample, t) => stepFigure(sample, t, line, t === step)));
    const accepted = line.accepted === true ? "accepted" : line.accepted === false ? "rejected" : null;
    const stepView = sampleView(samples[step], state);
    const node = el("div", {class: "sequence"},
                    el("dl", {class: "facts"}, fact("sequence", line.accepted !== undefined ? accepted : null),
                       fact("split", line.split), fact("steps", line.length !== undefined ? line.length : samples.length)),
                    strip,
                    el("h3", {}, `step ${step}`),
                    stepView.node);
    return {node: node, update: stepView.update};
  }

  // One step: picture, number, transition s -> t, predicates (relevant ones marked).
  function stepFigure(sample, t, line, selected) {
    const own = (sample.record && sample.record.sequence) || {};
    const lineStep = (line.steps || [])[t] || {};
    const states = line.states || [];
    const from = own.state !== undefined ? own.state : states[t];
    const to = own.next_state !== undefined ? own.next_state : states[t + 1];
    const predicates = own.predicates || lineStep.predicates || {};
    const relevant = new Set(own.relevant || lineStep.relevant || []);
    const origin = own.origin || lineStep.origin;
    const edits = own.edits || lineStep.edits;
    return el("figure", {class: selected ? "step selected" : "step", "data-step": t},
              hashLink({step: t}, {class: "step-link"}, picture(sample.image, "picture", true)),
              el("figcaption", {},
                 el("span", {class: "step-number"}, `step ${t}`),
                 from !== undefined && to !== undefined ? el("span", {class: "state"}, `${from} -> ${to}`) : null,
                 origin ? el("span", {class: "origin", title: edits || ""}, edits ? `${origin}: ${edits}` : origin) : null,
                 el("span", {class: "predicates"}, Object.entries(predicates).map(([name, value]) =>
                   el("span", {class: relevant.has(name) ? "predicate relevant" : "predicate", "data-name": name,
                               "data-value": String(value), "data-relevant": relevant.has(name) ? "1" : null,
                               title: relevant.has(name) ? "relevant: its flip alone would change the transition" : null},
                      `${value ? "" : "¬"}${name}`)))));
  }

  // ---------------------------------------------------------------------------------------------
  // Render: the whole page from the hash. A generation number drops stale asynchronous work;
  // data-gallery-ready is set once meta, the whole index and the current view are drawn.

  let renderGeneration = 0;

  function setReady(ready) {
    if (ready) document.documentElement.setAttribute("data-gallery-ready", "1");
    else document.documentElement.removeAttribute("data-gallery-ready");
  }

  function render() {
    const generation = ++renderGeneration;
    setReady(false);
    if (!store.meta) return;
    const meta = store.meta;
    if (meta.kind === "suite") {
      renderSuite();
      setStatus("");
      setReady(true);
      return;
    }
    const state = parseHash();
    let matches = null;
    if (store.indexComplete) {
      const result = scan(state);
      matches = result.matches;
      renderFilters(state, result.counts, matches.length);
      setStatus("");
    }
    const inView = state.unit !== null;
    byId("grid-section").hidden = inView || !store.indexComplete;
    if (!inView) {
      currentView = null;
      clear(byId("view")).hidden = true;
      byId("view").removeAttribute("data-unit");
      if (matches) renderGrid(state, matches);
      refreshLinks();
      if (store.indexComplete) setReady(true);
      return;
    }
    renderView(state, matches, generation).then(() => {
      if (generation !== renderGeneration) return;
      refreshLinks();
      if (store.indexComplete) setReady(true);
    }, error => {
      recordError(error.message);
      if (generation === renderGeneration) setStatus(error.message);
    });
  }

  async function start() {
    renderHeader();
    if (store.meta.kind === "suite") {
      render();
      return;
    }
    render();  // a unit view need not wait for the index
    if (!store.indexComplete) {
      await loadIndex();
      if (store.indexComplete) render();
    }
  }

  function whenDocumentReady(action) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", action);
    else action();
  }

  window.addEventListener("hashchange", () => render());
  document.addEventListener("keydown", event => {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const rel = {ArrowLeft: "prev", ArrowRight: "next"}[event.key];
    if (rel) {
      const link = document.querySelector(`#view:not([hidden]) a[rel=${rel}], #pager-top a[rel=${rel}]`);
      if (link) location.hash = link.getAttribute("href");
    } else if (event.key === "Escape" && parseHash().unit !== null) {
      location.hash = hashWith(CLOSE_VIEW);
    }
  });

  // ---------------------------------------------------------------------------------------------
  // The receivers the data scripts call.

  window.railyardGallery = {
    meta(m) {
      prepareStore(m);
      whenDocumentReady(() => start().catch(error => recordError(error.message)));
    },
    index(k, rows) {
      receiveIndex(k, rows);
    },
    units(k, list) {
      store.unitChunks.set(k, list);
    },
    // For tests and the console: the RLE decoder.
    rleCounts: rleCounts,
  };
})();
