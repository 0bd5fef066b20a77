// Parlo's study desk: draws the session's events (docs/events.schema.json) as they arrive over
// the WebSocket, and sends typed commands and the talk button back. No framework, no build step.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const token = params.get("token") || "";
  const pushToTalk = params.get("ptt") === "1";

  // Labels follow the language the student last used (a command's or a reply's `language`).
  const LABELS = {
    en: { title: "Study desk", heard: "Heard", says: "Parlo says", reading: "Reading", subject: "Subject", timer: "Focus timer",
          large: "Large reading text", type: "Type a command", send: "Send", talk: "Hold to talk", pause: "Pause",
          resume: "Resume", stop: "Stop", clip: "clip", waiting: "Waiting", hearing: "Hearing you", deciding: "Deciding",
          speaking: "Speaking", paused: "Paused", connected: "connected", disconnected: "session ended",
          level: "Microphone level", placeholder: "open math", notCommand: "not a command", spoken: "said", typed: "typed",
          talkHint: "Hold the button (or Space on it) while you speak.", handsFree: "Hands-free: just speak (parlo study --serve --push-to-talk enables the talk button).",
          noisy: (db) => `Noisy room: you were ${db} dB over it, and below 10 dB many commands are missed. Speak closer to the microphone, or quiet the room.`,
          commands: { pause: "pause", resume: "resume", stop: "stop" } },
    it: { title: "Scrivania di studio", heard: "Sentito", says: "Parlo dice", reading: "Lettura", subject: "Materia", timer: "Timer",
          large: "Testo di lettura grande", type: "Scrivi un comando", send: "Invia", talk: "Tieni premuto per parlare",
          pause: "Pausa", resume: "Riprendi", stop: "Basta", clip: "saturo", waiting: "In attesa", hearing: "Ti ascolto",
          deciding: "Decido", speaking: "Parlo", paused: "In pausa", connected: "collegato", disconnected: "sessione finita",
          level: "Livello del microfono", placeholder: "apri la storia", notCommand: "non è un comando", spoken: "detto", typed: "scritto",
          talkHint: "Tieni premuto il pulsante (o Spazio) mentre parli.", handsFree: "Mani libere: parla e basta (parlo study --serve --push-to-talk attiva il pulsante).",
          noisy: (db) => `Stanza rumorosa: la tua voce era ${db} dB sopra il rumore, e sotto i 10 dB molti comandi si perdono. Avvicinati al microfono o fai silenzio intorno.`,
          commands: { pause: "pausa", resume: "riprendi", stop: "basta" } },
  };
  let lang = "en";
  const label = (key) => LABELS[lang][key];

  // ---- the room: how far the last utterance stood over it (`speech_end`'s `snr_db`)
  const NOISY_BELOW_DB = 10;   // NoisyRoomNotice.belowDB
  let snr = null;
  function showRoom() {
    const room = $("room");
    if (snr !== null) room.dataset.snr = snr;
    room.hidden = !(snr !== null && snr < NOISY_BELOW_DB);
    if (!room.hidden) room.textContent = label("noisy")(Math.round(snr));
  }

  function setLanguage(l) {
    if (!LABELS[l]) return;
    lang = l;
    document.documentElement.lang = l;
    document.querySelectorAll("[data-label]").forEach((e) => { e.textContent = label(e.dataset.label); });
    $("command-input").placeholder = label("placeholder");
    $("level").setAttribute("aria-label", label("level"));
    $("talk-hint").textContent = pushToTalk ? label("talkHint") : label("handsFree");
    showState();
    showConnection();
    showRoom();
  }

  // Latency: receipt of a message → the frame that shows it (performance.now, same clock).
  // Words are shown on the playback clock on purpose; for them the delay past their due time counts.
  const stats = { samples: {}, received: {} };
  window.__desk = { stats, lang: () => lang };
  function measured(type, since) {
    requestAnimationFrame((frame) => { (stats.samples[type] ||= []).push(Math.max(0, frame - since)); });
  }

  // ---- listening state: waiting / hearing / deciding / speaking / paused
  const state = { speaking: false, paused: false, hearing: false, deciding: false, talking: false };
  function showState() {
    const s = state.paused ? "paused" : (state.hearing || state.talking) ? "hearing" : state.deciding ? "deciding"
      : state.speaking ? "speaking" : "waiting";
    $("state").dataset.state = s;
    $("state-label").textContent = label(s);
  }

  // ---- level meter: newest reading wins, drawn once per animation frame
  let level = null, levelSince = 0, clipUntil = 0;
  const bars = Array.from(document.querySelectorAll("#level .bar"));

  // ---- reading: words highlighted on the playback clock (`audio_t`), whatever pace they arrive at
  let words = [];          // { sentence, chars, due }
  let anchor = null;       // { wall, audio }: performance.now() when audio_t `audio` is heard
  function scheduleWord(w, now) {
    if (!anchor || w.audio_t < anchor.audio) anchor = { wall: now, audio: w.audio_t };
    let due = anchor.wall + (w.audio_t - anchor.audio) * 1000;
    if (due < now - 50) { anchor = { wall: now, audio: w.audio_t }; due = now; } // late (speakers' clock): re-anchor
    words.push({ sentence: w.sentence, chars: w.chars, due });
  }
  function highlight(w) {
    const sentence = document.querySelector(`#reading .sentence[data-index="${w.sentence}"]`);
    if (!sentence) return;
    document.querySelectorAll("#reading .current").forEach((e) => { e.classList.remove("current"); e.removeAttribute("aria-current"); });
    sentence.classList.add("current");
    sentence.setAttribute("aria-current", "true");
    for (const span of sentence.querySelectorAll(".word")) {
      const start = +span.dataset.start, end = +span.dataset.end;
      if (start < w.chars[1] && end > w.chars[0]) span.classList.add("current");
    }
    // Keep the word in view by scrolling the reading box only, never the page.
    const current = sentence.querySelector(".word.current") || sentence, box = $("reading");
    if (current.offsetTop < box.scrollTop || current.offsetTop > box.scrollTop + box.clientHeight - 48) {
      box.scrollTop = Math.max(0, current.offsetTop - box.clientHeight / 3);
    }
  }

  function frame(now) {
    if (level) {
      level.bars.forEach((v, i) => { if (bars[i]) bars[i].style.height = `${Math.max(2, Math.round(v * 100))}%`; });
      if (level.clipping) clipUntil = now + 600;
      (stats.samples.level ||= []).push(Math.max(0, now - levelSince));
      level = null;
    }
    $("level").classList.toggle("clipping", now < clipUntil);
    let due = null;
    while (words.length && words[0].due <= now) due = words.shift();
    if (due) { highlight(due); (stats.samples.word ||= []).push(Math.max(0, now - due.due)); }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);

  // ---- focus timer
  let timerEnd = null;
  function showTimer() {
    if (timerEnd === null) return;
    const left = Math.max(0, Math.round((timerEnd - performance.now()) / 1000));
    $("timer-value").textContent = `${String(Math.floor(left / 60)).padStart(2, "0")}:${String(left % 60).padStart(2, "0")}`;
  }
  setInterval(showTimer, 250);

  // ---- building blocks
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function prepend(list, item, max) {
    list.prepend(item);
    while (list.children.length > max) list.lastElementChild.remove();
  }
  function heardItem(e, rejected) {
    const li = el("li", rejected ? "heard-item rejected" : "heard-item");
    li.appendChild(el("span", "text", e.text ? `“${e.text}”` : "…"));
    if (rejected) {
      li.dataset.rejected = "true";
      li.appendChild(el("span", "slots", `${label("notCommand")}: ${e.reason}`));
    } else {
      li.dataset.command = e.command;
      li.appendChild(document.createTextNode(" → "));
      li.appendChild(el("span", "command", e.command));
      const slots = Object.entries(e.slots || {}).map(([k, v]) => `${k}=${v}`).join(", ");
      if (slots) li.appendChild(el("span", "slots", slots));
      li.appendChild(el("span", "confidence", `${Math.round(e.confidence * 100)}%`));
      li.appendChild(el("span", "slots", e.source === "voice" ? label("spoken") : label("typed")));
    }
    prepend($("heard-list"), li, 60);
    $("partial").textContent = "";
  }
  function sentenceSpan(e) {
    const span = el("span", "sentence");
    span.dataset.index = e.index;
    if (e.language) span.lang = e.language;
    // Word spans by UTF-16 offsets (what `chars` counts, what String.slice takes).
    const re = /\S+/g;
    let m, last = 0;
    while ((m = re.exec(e.text))) {
      if (m.index > last) span.appendChild(document.createTextNode(e.text.slice(last, m.index)));
      const w = el("span", "word", m[0]);
      w.dataset.start = m.index;
      w.dataset.end = m.index + m[0].length;
      span.appendChild(w);
      last = m.index + m[0].length;
    }
    span.appendChild(document.createTextNode(e.text.slice(last) + " "));
    return span;
  }

  // ---- one event
  const handlers = {
    listening(e) { state.speaking = e.for === "reading_controls"; state.deciding = false; },
    speech_start() { state.hearing = true; },
    speech_end(e) {
      state.hearing = false; state.deciding = true;
      if (typeof e.snr_db === "number") { snr = e.snr_db; showRoom(); }
    },
    partial(e) { $("partial").textContent = e.text; },
    level(e, now) { level = e; levelSince = now; return "frame"; },
    command(e) {
      state.deciding = false; state.hearing = false;
      setLanguage(e.language);
      heardItem(e, false);
      // A line typed here, back as a command: the whole way through server and session.
      if (e.source === "text" && typedAt.length) (stats.samples.typed_roundtrip ||= []).push(performance.now() - typedAt.shift());
    },
    // A spoken command Parlo was unsure of and asks back: shown as heard, with a question mark.
    confirm(e) {
      state.deciding = false; state.hearing = false;
      setLanguage(e.language);
      heardItem({ ...e, command: e.command + "?" }, false);
    },
    rejected(e) {
      state.deciding = false; state.hearing = false;
      if (e.text) heardItem(e, true); else $("partial").textContent = "";
    },
    error(e) { heardItem({ text: e.text, reason: e.reason }, true); },
    reply(e) {
      setLanguage(e.language);
      const div = el("div", "reply");
      div.dataset.character = e.character;
      div.lang = e.language;
      if (!["adam", "eva", "max", "mia"].includes(e.character)) div.style.setProperty("--c", e.color);
      div.appendChild(el("span", "name", e.character.charAt(0).toUpperCase() + e.character.slice(1)));
      div.appendChild(el("span", "text", e.text));
      const log = $("reply");
      log.appendChild(div);
      while (log.children.length > 40) log.firstElementChild.remove();
      log.scrollTop = log.scrollHeight;
      document.body.dataset.character = e.character;
    },
    character_changed(e) { document.body.dataset.character = e.character; },
    subject_opened(e) {
      $("subject").textContent = e.folder || e.subject;
      $("subject").dataset.subject = e.subject;
      const list = $("materials");
      list.replaceChildren(...e.materials.map((m) => el("li", "", m)));
    },
    material(e) {
      [...$("materials").children].forEach((li, i) => li.setAttribute("aria-current", String(i === e.index)));
    },
    reading_started(e) {
      words = []; anchor = null;
      $("reading-title").textContent = e.page ? `${e.title} — p. ${e.page}` : e.title;
      const reading = $("reading");
      reading.replaceChildren();
      reading.lang = e.language;
      reading.dataset.character = e.character;
    },
    sentence(e) {
      const reading = $("reading");
      const old = reading.querySelector(`.sentence[data-index="${e.index}"]`);
      if (old) old.replaceWith(sentenceSpan(e)); else reading.appendChild(sentenceSpan(e));
    },
    word(e, now) { scheduleWord(e, now); return "scheduled"; },
    reading_paused() { state.paused = true; },
    reading_resumed() { state.paused = false; },
    reading_stopped() { state.paused = false; words = []; },
    reading_finished() { state.paused = false; },
    timer_started(e) { timerEnd = performance.now() + e.minutes * 60000; $("timer").dataset.ended = "false"; showTimer(); },
    timer_ended() { timerEnd = null; $("timer-value").textContent = "00:00"; $("timer").dataset.ended = "true"; },
  };

  function onEvent(e, now) {
    stats.received[e.type] = (stats.received[e.type] || 0) + 1;
    const handler = handlers[e.type];
    const how = handler ? handler(e, now) : undefined;
    showState();
    if (!how) measured(e.type, now);
  }

  // ---- the socket
  let socket = null, connected = false;
  function showConnection() {
    $("connection").dataset.connected = String(connected);
    $("connection").textContent = connected ? label("connected") : label("disconnected");
  }
  function connect() {
    socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
    socket.onopen = () => { connected = true; showConnection(); };
    socket.onclose = () => { connected = false; showConnection(); setTimeout(connect, 2000); };
    socket.onmessage = (m) => {
      const now = performance.now();
      let e;
      try { e = JSON.parse(m.data); } catch { return; }
      onEvent(e, now);
    };
  }
  const typedAt = [];
  function send(request) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify(request));
    if (request.type === "text") typedAt.push(performance.now());
  }
  window.__desk.send = send;

  // ---- controls (all reachable and usable by keyboard)
  $("command-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("command-input");
    const text = input.value.trim();
    if (text) send({ type: "text", text });
    input.value = "";
  });
  for (const id of ["pause", "resume", "stop"]) {
    $(id).addEventListener("click", () => send({ type: "text", text: LABELS[lang].commands[id] }));
  }
  const talk = $("talk");
  talk.disabled = !pushToTalk;
  function setTalk(down) {
    if (state.talking === down) return;
    state.talking = down;
    talk.setAttribute("aria-pressed", String(down));
    send({ type: "talk", down });
    showState();
  }
  talk.addEventListener("pointerdown", (ev) => { ev.preventDefault(); talk.setPointerCapture(ev.pointerId); setTalk(true); });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) talk.addEventListener(type, () => setTalk(false));
  talk.addEventListener("keydown", (ev) => { if ((ev.key === " " || ev.key === "Enter") && !ev.repeat) { ev.preventDefault(); setTalk(true); } });
  talk.addEventListener("keyup", (ev) => { if (ev.key === " " || ev.key === "Enter") { ev.preventDefault(); setTalk(false); } });
  talk.addEventListener("blur", () => setTalk(false));

  const large = $("large-reading");
  large.checked = localStorage.getItem("parlo.largeReading") === "1";
  document.body.classList.toggle("large-reading", large.checked);
  large.addEventListener("change", () => {
    document.body.classList.toggle("large-reading", large.checked);
    localStorage.setItem("parlo.largeReading", large.checked ? "1" : "0");
  });

  setLanguage("en");
  connect();
})();
