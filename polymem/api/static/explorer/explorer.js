// polymem explorer: a small frontend over the public GraphQL API only (POST /graphql).
// Every user value travels as a GraphQL variable, and text from the graph is set with textContent,
// never as HTML.
"use strict";

const KEY_STORE = "polymem.apiKey";
const $ = (id) => document.getElementById(id);
const COLOURS = ["#4C8EDA", "#F79767", "#57C7E3", "#8DCC93", "#C990C0", "#F16667", "#FFC454", "#569480"];

// --- GraphQL over HTTP -------------------------------------------------------------------------

async function gql(query, variables) {
  const key = $("api-key").value.trim();
  const headers = { "Content-Type": "application/json" };
  if (key) headers["Authorization"] = "Bearer " + key;
  const res = await fetch("/graphql", { method: "POST", headers, body: JSON.stringify({ query, variables }) });
  const body = await res.json();
  if (body.errors && body.errors.length) {
    const e = body.errors[0];
    const code = e.extensions && e.extensions.code ? e.extensions.code + ": " : "";
    throw new Error(code + e.message);
  }
  return body.data;
}

const SPACES = `query { spaces { id messages participants } }`;

const ASK = `query Ask($space: String!, $question: String!, $asker: String) {
  ask(space: $space, question: $question, asker: $asker) {
    text
    abstained
    plan { intent mode issue rows { kind id name } scope { source owner speaker addressee } }
    rows {
      kind name empty
      current { kind id text speaker addressees time version chain }
      past { kind id text speaker addressees time version chain }
    }
  }
}`;

const NETWORK = `query Network($space: String!) {
  network(space: $space) { period people { id name messages community } communities }
}`;

// Several fields in one request: one alias and one variable per id, so ids are never spliced in.
function batched(field, argName, ids, selection) {
  const vars = ids.map((_, i) => `$v${i}: String!`).join(", ");
  const fields = ids.map((_, i) => `f${i}: ${field}(space: $space, ${argName}: $v${i}) ${selection}`).join("\n");
  const variables = {};
  ids.forEach((id, i) => { variables["v" + i] = id; });
  return { query: `query Batch($space: String!, ${vars}) {\n${fields}\n}`, variables };
}

// --- DOM helpers -------------------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function table(headers, rows) {
  return el("table", {}, el("tr", {}, headers.map((h) => el("th", {}, h))),
    rows.map((r) => el("tr", { class: r.cls || "" }, r.cells.map((c) => el("td", {}, c)))));
}

function status(text, isError) {
  $("status").textContent = text;
  $("status").className = isError ? "status error" : "status";
}

const names = {};  // participant id -> display name, from the network query
const who = (id) => (id ? names[id] || id : "?");
// Enums (kinds, mode, intent) arrive as their GraphQL names (MESSAGE, HEAD); shown in lower case.
const low = (v) => String(v ?? "").toLowerCase();
const when = (t) => (t ? t.replace("T", " ").replace(/:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?$/, "") : "");

// --- spaces ------------------------------------------------------------------------------------

async function loadSpaces() {
  const box = $("spaces");
  box.replaceChildren();
  try {
    const data = await gql(SPACES, {});
    $("space-list").replaceChildren(...data.spaces.map((s) => el("option", { value: s.id })));
    box.append(...data.spaces.map((s) => {
      const b = el("button", { type: "button", "data-space": s.id }, `${s.id} (${s.messages} messages, ${s.participants} people)`);
      b.addEventListener("click", () => { $("space").value = s.id; openSpace(); });
      return b;
    }));
    if (!data.spaces.length) status("No space is readable with this key.");
  } catch (e) {
    status("Type a space name (" + e.message + ")");
  }
}

async function openSpace() {
  const space = $("space").value.trim();
  if (!space) { status("Pick a space first.", true); return; }
  status("Loading " + space + " …");
  try {
    await drawNetwork(space);
    status("Space " + space + " is open. Ask it something.");
  } catch (e) {
    status(e.message, true);
  }
}

// --- ask ---------------------------------------------------------------------------------------

async function ask(event) {
  event.preventDefault();
  const space = $("space").value.trim();
  const question = $("question").value.trim();
  if (!space || !question) { status("A space and a question are needed.", true); return; }
  status("Asking …");
  $("ask-button").disabled = true;
  try {
    if (!Object.keys(names).length) await drawNetwork(space).catch(() => {});
    const asker = $("asker").value.trim() || null;
    const data = await gql(ASK, { space, question, asker });
    showAnswer(data.ask);
    await showRecords(space, data.ask);
    status("Answered.");
  } catch (e) {
    status(e.message, true);
  } finally {
    $("ask-button").disabled = false;
  }
}

function showAnswer(a) {
  $("answer").textContent = a.text;
  $("answer").className = a.abstained ? "answer abstained" : "answer";
  const p = a.plan;
  const scope = Object.entries(p.scope || {}).filter(([, v]) => v).map(([k, v]) => `${k}=${who(v)}`).join(", ");
  $("plan").replaceChildren(table(["rows", "issue", "mode", "scope", "intent"], [{ cells: [
    p.rows.map((r) => `${low(r.kind)} ${r.name || r.id}`).join("; ") || "—",
    (p.issue || []).join(", ") || "—", low(p.mode), scope || "—", low(p.intent)] }]));
  const items = [];
  for (const row of a.rows) {
    for (const [part, list] of [["current", row.current], ["past", row.past]]) {
      for (const it of list) items.push({ row, part, it });
    }
  }
  $("evidence").replaceChildren(items.length ? table(["row", "", "speaker → addressees", "time", "text"],
    items.map(({ row, part, it }) => ({ cls: part === "past" ? "past" : "", cells: [
      `${low(row.kind)} ${row.name || ""}`.trim(), el("span", { class: "tag" }, part === "past" ? `past ${low(it.kind)}` : low(it.kind)),
      el("span", { class: "who" }, `${who(it.speaker)} → ${it.addressees.map(who).join(", ") || "everyone"}`),
      el("span", { class: "who" }, when(it.time)), it.text] }))) : el("p", {}, "No evidence."));
}

async function showRecords(space, a) {
  const ids = [];
  for (const row of a.rows) for (const it of [...row.current, ...row.past]) {
    if (low(it.kind) !== "message" && !ids.includes(it.id)) ids.push(it.id);
  }
  const box = $("records");
  if (!ids.length) { box.replaceChildren(el("p", {}, "No derived record in this answer.")); return; }
  const { query, variables } = batched("record", "id", ids.slice(0, 12),
    "{ id content owner source chain { id version state content time source } }");
  const data = await gql(query, { space, ...variables });
  const version = (v) => el("li", { class: v.state === "current" ? "current" : "" },
    `v${v.version ?? "?"} ${v.state || ""} — ${v.content}` + (v.time ? ` (${v.time})` : ""));
  box.replaceChildren(...Object.values(data).map((r) => el("div", { class: "record" },
    el("strong", {}, r.content), ` (about ${who(r.owner)}, said by ${who(r.source)})`,
    el("ol", { class: "chain" }, r.chain.map(version)))));
}

// --- network (SVG) -----------------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

async function drawNetwork(space) {
  const net = (await gql(NETWORK, { space })).network;
  for (const p of net.people) names[p.id] = p.name || p.id;
  const people = net.people.slice(0, 40);
  const edges = [];
  if (people.length) {
    const { query, variables } = batched("interactionSummary", "participant", people.map((p) => p.id),
      "{ id addresses { id value } }");
    const data = await gql(query, { space, ...variables });
    for (const s of Object.values(data)) for (const t of s.addresses) edges.push({ from: s.id, to: t.id, n: t.value });
  }
  const W = 640, H = 420, R = 150, cx = W / 2, cy = H / 2;
  const pos = {};
  people.forEach((p, i) => {
    const a = (2 * Math.PI * i) / people.length - Math.PI / 2;
    pos[p.id] = { x: cx + R * Math.cos(a), y: cy + R * Math.sin(a), a };
  });
  const maxN = Math.max(1, ...edges.map((e) => e.n));
  const maxM = Math.max(1, ...people.map((p) => p.messages));
  const radius = (p) => 10 + 14 * Math.sqrt(p.messages / maxM);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "who talks to whom" });
  const defs = svg("defs", {});
  defs.append(svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "10", refY: "5", markerWidth: "7",
    markerHeight: "7", orient: "auto-start-reverse" }));
  defs.firstChild.append(svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#667" }));
  root.append(defs);
  const byId = Object.fromEntries(people.map((p) => [p.id, p]));
  for (const e of edges) {
    const a = pos[e.from], b = pos[e.to];
    if (!a || !b || e.from === e.to) continue;
    // Bend each direction to its own side so A→B and B→A stay apart; stop at the node's rim.
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
    const ux = dx / len, uy = dy / len, bend = 18;
    const mx = (a.x + b.x) / 2 - uy * bend, my = (a.y + b.y) / 2 + ux * bend;
    const ra = radius(byId[e.from]), rb = radius(byId[e.to]) + 2;
    const sx = a.x + ux * ra, sy = a.y + uy * ra, tx = b.x - ux * rb, ty = b.y - uy * rb;
    const path = svg("path", { d: `M ${sx} ${sy} Q ${mx} ${my} ${tx} ${ty}`, fill: "none", stroke: "#667",
      "stroke-opacity": "0.7", "stroke-width": String(1 + 5 * (e.n / maxN)), "marker-end": "url(#arrow)",
      class: "edge", "data-from": e.from, "data-to": e.to });
    path.append(svg("title", {}, `${who(e.from)} → ${who(e.to)}: ${e.n} messages`));
    root.append(path);
  }
  for (const p of people) {
    const { x, y, a } = pos[p.id];
    const colour = p.community === null || p.community === undefined ? "#A5ABB6" : COLOURS[p.community % COLOURS.length];
    const g = svg("g", { class: "node", "data-id": p.id });
    g.append(svg("circle", { cx: x, cy: y, r: radius(p), fill: colour, stroke: "#334", "stroke-width": "1" }));
    // Labels sit outside the circle of nodes, away from the centre, so they never cover an edge's middle.
    const lx = x + (radius(p) + 6) * Math.cos(a), ly = y + (radius(p) + 6) * Math.sin(a);
    const anchor = Math.abs(Math.cos(a)) < 0.3 ? "middle" : Math.cos(a) > 0 ? "start" : "end";
    g.append(svg("text", { x: lx, y: ly + (Math.sin(a) > 0.3 ? 10 : Math.sin(a) < -0.3 ? -2 : 4),
      "text-anchor": anchor, "font-size": "12", fill: "#1d2330" }, `${p.name || p.id} (${p.messages})`));
    g.append(svg("title", {}, `${p.name || p.id}: ${p.messages} messages`));
    root.append(g);
  }
  $("network").replaceChildren(root);
  $("legend").replaceChildren(...(net.communities || []).map((members, i) => el("span", {},
    el("i", { style: `background:${COLOURS[i % COLOURS.length]}` }), `community ${i}: ${members.map(who).join(", ")}`)));
}

// --- wiring ------------------------------------------------------------------------------------

window.addEventListener("DOMContentLoaded", () => {
  $("api-key").value = localStorage.getItem(KEY_STORE) || "";
  $("api-key").addEventListener("change", () => { localStorage.setItem(KEY_STORE, $("api-key").value.trim()); loadSpaces(); });
  $("load-button").addEventListener("click", openSpace);
  $("space").addEventListener("change", openSpace);
  $("ask-form").addEventListener("submit", ask);
  loadSpaces();
});
