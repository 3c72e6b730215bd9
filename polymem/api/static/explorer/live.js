// polymem explorer, live panel: records as the Writer adds, updates and supersedes them, over a
// GraphQL subscription (graphql-transport-ws on /graphql, the key in connection_init). Text from
// the graph is set with textContent, never as HTML.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const RECORDS = `subscription Live($space: String!) {
    recordChanged(space: $space) { cursor change id owner content chain }
  }`;
  const MAX_SHOWN = 50;
  let socket = null;

  function show(text, cls) {
    const li = document.createElement("li");
    li.className = cls || "";
    li.textContent = text;
    $("live").prepend(li);
    while ($("live").children.length > MAX_SHOWN) $("live").lastChild.remove();
  }

  function connect(space) {
    if (socket) socket.close();
    $("live").replaceChildren();
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/graphql";
    const ws = new WebSocket(url, "graphql-transport-ws");
    socket = ws;
    const key = $("api-key").value.trim();
    ws.onopen = () => ws.send(JSON.stringify({ type: "connection_init",
      payload: key ? { Authorization: "Bearer " + key } : {} }));
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "connection_ack") {
        ws.send(JSON.stringify({ id: "records", type: "subscribe",
          payload: { query: RECORDS, variables: { space } } }));
        $("live-status").textContent = "listening to " + space;
      } else if (msg.type === "ping") {
        ws.send(JSON.stringify({ type: "pong" }));
      } else if (msg.type === "next" && msg.payload.data) {
        const r = msg.payload.data.recordChanged;
        const versions = r.chain.length > 1 ? ` (version ${r.chain.indexOf(r.id) + 1} of ${r.chain.length})` : "";
        show(`${r.change.toLowerCase()}: ${r.owner || "?"}: ${r.content || ""}${versions}`, "live-" + r.change.toLowerCase());
      } else if (msg.type === "next" || msg.type === "error") {
        const errors = msg.payload.errors || msg.payload;
        $("live-status").textContent = "not listening: " + (errors[0] ? errors[0].message : "error");
      }
    };
    ws.onclose = (event) => {
      if (socket === ws) $("live-status").textContent = "closed" + (event.reason ? ": " + event.reason : "");
    };
  }

  $("load-button").addEventListener("click", () => {
    const space = $("space").value.trim();
    if (space) connect(space);
  });
})();
