// deja serve: the page's only script. Everything from the index is put in the page as text
// (textContent), never as markup; the server answers JSON already redacted.
"use strict";

const DEBOUNCE_MS = 180;

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const kid of kids) node.append(kid);
  return node;
}

function searchPage() {
  const form = document.getElementById("search");
  if (!form) return;
  const q = document.getElementById("q");
  const harness = document.getElementById("harness");
  const role = document.getElementById("role");
  const hits = document.getElementById("hits");
  const status = document.getElementById("status");
  const params = new URLSearchParams(location.search);
  q.value = params.get("q") || "";
  role.value = params.get("role") || "";
  let timer = 0;
  let asked = 0;

  fetch("/api/harnesses").then(r => r.json()).then(d => {
    for (const h of d.harnesses || []) harness.append(el("option", {value: h}, h));
    harness.value = params.get("harness") || "";
  }).catch(() => {});

  async function run() {
    const text = q.value.trim();
    const mine = ++asked;
    const url = new URLSearchParams({q: text});
    if (harness.value) url.set("harness", harness.value);
    if (role.value) url.set("role", role.value);
    history.replaceState(null, "", text ? "/?" + url : "/");
    if (!text) { hits.replaceChildren(); status.textContent = ""; return; }
    status.textContent = "searching…";
    let data;
    try {
      const r = await fetch("/api/search?" + url);
      data = await r.json();
    } catch (e) {
      if (mine === asked) status.textContent = "the server did not answer";
      return;
    }
    if (mine !== asked) return;  // a newer question is on its way
    if (data.error) { status.textContent = data.error; hits.replaceChildren(); return; }
    const n = (data.hits || []).length;
    const more = data.total > n ? ` of ${data.total}` : "";
    const tiers = {weak: "near misses, low confidence", relevance: "no session has every word; the nearest",
                   stemmed: "matched other forms of the words", close: "matched close spellings",
                   semantic: "nearest in meaning"};
    status.textContent = n ? `${n}${more} sessions` + (tiers[data.tier] ? ` (${tiers[data.tier]})` : "") +
      (data.notice ? ` · ${data.notice}` : "") : `no session matches ${JSON.stringify(text)}`;
    hits.replaceChildren(...data.hits.map(hit));
  }

  function hit(h) {
    const s = h.session;
    const link = el("a", {href: "/session?" + new URLSearchParams({id: h.key}), class: "title"}, s.title || s.id);
    const meta = el("div", {class: "meta"},
      el("span", {class: "harness"}, s.harness), " ",
      el("code", {class: "sid"}, h.shown_id), " ",
      el("span", {class: "project"}, s.project || "-"), " ",
      el("span", {class: "dim"}, (s.updated || "").replace("T", " ").replace("Z", "")));
    const li = el("li", {class: "hit", "data-key": h.key}, link, meta);
    (h.snippets || []).forEach((text, i) => {
      li.append(el("div", {class: "snippet"}, el("span", {class: "role " + h.snippet_roles[i]}, h.snippet_roles[i]), " ", text));
    });
    if (h.decision) li.append(el("div", {class: "snippet"}, el("span", {class: "role decided"}, "decided"), " ", h.decision));
    return li;
  }

  const later = () => { clearTimeout(timer); timer = setTimeout(run, DEBOUNCE_MS); };
  q.addEventListener("input", later);
  harness.addEventListener("change", run);
  form.addEventListener("submit", e => { e.preventDefault(); clearTimeout(timer); run(); });
  if (q.value) run();
}

function sourcesPage() {
  const status = document.getElementById("status");
  for (const button of document.querySelectorAll("button.switch")) {
    button.addEventListener("click", async () => {
      const on = button.getAttribute("aria-checked") !== "true";
      button.disabled = true;
      try {
        const r = await fetch("/api/harness", {method: "POST", headers: {"Content-Type": "application/json"},
                                               body: JSON.stringify({harness: button.dataset.harness, on})});
        const d = await r.json();
        if (d.error) throw new Error(d.error);
        button.setAttribute("aria-checked", d.on ? "true" : "false");
        button.textContent = d.on ? "in" : "out";
        status.textContent = `${d.harness} is ${d.on ? "in" : "out of"} the corpus from the next \`deja index\``;
      } catch (e) {
        status.textContent = String(e.message || e);
      } finally {
        button.disabled = false;
      }
    });
  }
}

function copyButtons() {
  for (const button of document.querySelectorAll("button.copy")) {
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
        button.textContent = "copied";
      } catch (e) {
        const code = button.previousElementSibling;  // no clipboard (plain http): select it instead
        const range = document.createRange();
        range.selectNodeContents(code);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        button.textContent = "selected";
      }
    });
  }
}

document.addEventListener("DOMContentLoaded", () => { searchPage(); sourcesPage(); copyButtons(); });
