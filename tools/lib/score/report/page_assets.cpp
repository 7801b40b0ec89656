#include "tools/lib/score/report/page_assets.h"

namespace railyard::score {

std::string_view page_style() {
  return R"css(
:root { --fg: #1d2329; --muted: #5f6b76; --line: #d8dee4; --soft: #f4f6f8; --accent: #2563a8;
        --east: #1a7f37; --west: #b35900; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 "DejaVu Sans", "Liberation Sans", Arial, sans-serif;
       color: var(--fg); background: #fff; }
header { padding: 18px 32px 10px; border-bottom: 1px solid var(--line); background: var(--soft); }
header h1 { margin: 0 0 6px; font-size: 21px; }
nav { margin-top: 8px; }
nav a { margin-right: 14px; color: var(--accent); text-decoration: none; }
main { padding: 8px 32px 40px; max-width: 1280px; }
h2 { margin: 28px 0 10px; font-size: 18px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { margin: 22px 0 8px; font-size: 15px; }
code { font: 12px/1.4 "DejaVu Sans Mono", "Liberation Mono", monospace; }
dl.inputs { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 8px 0 0; }
dl.inputs dt { color: var(--muted); }
dl.inputs dd { margin: 0; word-break: break-all; }
dl.inputs .hash { color: var(--muted); font-size: 11px; margin-left: 6px; }
.warn { color: #a40000; font-weight: bold; }
table { border-collapse: collapse; margin: 6px 0 16px; }
caption { text-align: left; font-weight: bold; padding: 4px 0; }
th, td { padding: 4px 12px 4px 0; border-bottom: 1px solid var(--line); text-align: left;
         vertical-align: middle; white-space: nowrap; }
thead th { color: var(--muted); font-weight: normal; border-bottom: 2px solid var(--line); }
tbody th { font-weight: normal; }
td.fig .v { font-variant-numeric: tabular-nums; font-weight: bold; }
.ci { color: var(--muted); font-size: 12px; font-variant-numeric: tabular-nums; }
td.n, th.n { color: var(--muted); text-align: right; font-variant-numeric: tabular-nums; }
td.none { color: var(--muted); }
th.bar, td.bar { width: 180px; }
.track { position: relative; height: 10px; width: 170px; background: var(--soft);
         border: 1px solid var(--line); border-radius: 2px; }
.band { position: absolute; top: 0; bottom: 0; background: #9cc2ea; }
.tick { position: absolute; top: -3px; bottom: -3px; width: 2px; margin-left: -1px;
        background: var(--accent); }
table.overview td.fig { padding-right: 18px; }
.details > details { border: 1px solid var(--line); border-radius: 4px; padding: 4px 14px;
                     margin: 10px 0; }
.details summary { cursor: pointer; font-weight: bold; padding: 4px 0; }
details.more { flex-basis: 100%; margin: 4px 0 14px; }
details.more > summary { cursor: pointer; color: var(--accent); padding: 4px 0; }
.tables { display: flex; flex-wrap: wrap; gap: 0 36px; align-items: flex-start; }
.plots { display: flex; flex-wrap: wrap; gap: 18px; }
.plots figure { margin: 0; border: 1px solid var(--line); padding: 8px; background: #fff; }
.plots img { display: block; max-width: 560px; height: auto; }
.plots figcaption { color: var(--muted); font-size: 12px; margin-top: 4px; }
.toolbar { margin: 6px 0 12px; color: var(--muted); }
.toolbar button { font: inherit; padding: 3px 10px; margin-right: 12px; cursor: pointer; }
.legend .swatch { display: inline-block; width: 10px; height: 10px; margin: 0 3px 0 8px;
                  border: 1px solid rgba(0,0,0,.25); vertical-align: -1px; }
.gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 14px; }
.card { margin: 0; border: 1px solid var(--line); border-radius: 4px; overflow: hidden; }
.thumb { position: relative; line-height: 0; background: var(--soft); }
.thumb img { width: 100%; height: auto; }
.thumb img.overlay { position: absolute; left: 0; top: 0; opacity: 0; transition: opacity .12s; }
.thumb:hover img.overlay, body.masks img.overlay { opacity: 1; }
body.masks .thumb:hover img.overlay { opacity: 0; }
.card figcaption, .pair figcaption { padding: 6px 8px 8px; font-size: 12.5px; }
.card .head { margin-bottom: 2px; }
.split { color: var(--muted); }
.prob { float: right; font-variant-numeric: tabular-nums; color: var(--muted); }
.desc { display: block; margin-top: 4px; color: var(--muted); white-space: normal; word-break: break-word; }
.label { font-weight: bold; }
.label.east { color: var(--east); }
.label.west { color: var(--west); }
.missing { padding: 20px 10px; color: #a40000; font-size: 12px; line-height: 1.3; }
.pairs { display: flex; flex-direction: column; gap: 12px; }
.pair { margin: 0; border: 1px solid var(--line); border-radius: 4px; display: flex; flex-wrap: wrap; }
.pair .sides { display: flex; gap: 6px; padding: 6px; }
.pair .side { text-align: center; font-size: 12px; color: var(--muted); }
.pair .side img { display: block; margin-bottom: 2px; }
.note { color: var(--muted); font-size: 12.5px; }
p.correlation { margin: 4px 0 16px; }
#js-errors { color: #a40000; }
#js-errors:empty { display: none; }
)css";
}

std::string_view error_script() {
  return R"js(
window.reportErrors = [];
window.onerror = function (message, source, line, column) {
  window.reportErrors.push(message + " (" + source + ":" + line + ":" + column + ")");
  var box = document.getElementById("js-errors");
  if (box) {
    box.textContent = window.reportErrors.join("\n");
    box.setAttribute("data-errors", String(window.reportErrors.length));
  }
  document.documentElement.setAttribute("data-report-errors", String(window.reportErrors.length));
};
)js";
}

std::string_view page_script() {
  return R"js(
(function () {
  var body = document.body;
  var buttons = document.querySelectorAll("button[data-toggle=masks]");
  function show(on) {
    body.classList.toggle("masks", on);
    buttons.forEach(function (b) { b.textContent = on ? "Hide part masks" : "Show part masks"; });
  }
  buttons.forEach(function (b) { b.addEventListener("click", function () {
    show(!body.classList.contains("masks"));
  }); });
  show(location.hash === "#masks");  // report.html#masks opens with the masks shown
  // A link to a folded dataset (a suite's) unfolds it.
  function unfold() {
    var target = location.hash && document.getElementById(location.hash.slice(1));
    if (target && target.tagName === "DETAILS") target.open = true;
  }
  window.addEventListener("hashchange", unfold);
  unfold();
  var box = document.getElementById("js-errors");
  if (box && window.reportErrors.length) box.textContent = window.reportErrors.join("\n");
  document.documentElement.setAttribute("data-figures",
      String(document.querySelectorAll("[data-figure]").length));
  document.documentElement.setAttribute("data-report-ready", "1");
})();
)js";
}

}  // namespace railyard::score
