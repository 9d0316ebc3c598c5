'use strict';
// One load client for both servers, so that the comparison in bench/compare.py is fair:
//
//   node bench/bgio/load.js --target bgio --url http://127.0.0.1:8200 --rooms 200 --think 1000 --seconds 25
//   node bench/bgio/load.js --target doi  --url http://127.0.0.1:8100 --rooms 10  --think 0    --seconds 25
//
// R rooms x (4 seats + 2 spectators), each a socket of its own. A room is made over REST (doi: POST
// /api/games and a claim per seat, as bench/server.py does; boardgame.io: its lobby's create and
// join), then its six sockets connect (boardgame.io: six official clients, boardgame.io/client with
// the SocketIO transport; doi: docs/protocol.md over `ws`, spectators without a token). The clock
// starts when every room is connected. In each room the seat that can act sends a random legal move
// (doi: a random entry of its view's `actions`, undo and cancel left out; boardgame.io: a random card
// of its hand) THINK ms after the previous move reached all six sockets, the room's first move at a
// random moment of the first THINK ms. A move's latency runs from sending it to the moment the last
// of the six sockets has the new version; its bytes are what each socket received for it.
//
// --burst N: instead of playing for --seconds, every room sends a move at the same instant, N times
// (the next burst --pause ms after the previous one cleared): the first is every room's first move.
// Progress goes to stderr (when the clock starts, when a burst cleared), e.g. to time a profiler.
//
// --views patch (default; doi): sockets get a full view, then a JSON Patch per move (the server's
// default), applied with the browser's static/js/patch.js; --views full: sockets opened with
// ?views=full get a full view per move.
//
// --server-pid: the server's CPU time (/proc/<pid>/stat) is read when the clock starts and when the
// play ends. Prints one JSON object (raw per-move figures; bench/compare.py summarises them).
const fs = require('fs');
const WebSocket = require('ws');

const HZ = 100; // USER_HZ, the unit of /proc/<pid>/stat times on Linux
let VIEWS = 'patch';  // --views patch (the default: full view, then JSON Patches) or full
let applyPatch = null;

async function loadPatch() {  // the browser's module (ES), read as a data: URL from this CommonJS script
  const src = fs.readFileSync(require('path').join(__dirname, '..', '..', 'static', 'js', 'patch.js'), 'utf8');
  ({ applyPatch } = await import('data:text/javascript,' + encodeURIComponent(src)));
}

function parseArgs(argv) {
  const a = { target: 'doi', url: 'http://127.0.0.1:8100', rooms: 10, think: 0, seconds: 20, seed: 1, views: 'patch',
              burst: 0, pause: 1000, serverPid: 0, timeout: 30000 };
  for (let i = 2; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '').replace(/-(\w)/g, (_, c) => c.toUpperCase());
    if (!(key in a)) throw new Error(`unknown option ${argv[i]}`);
    a[key] = typeof a[key] === 'number' ? Number(argv[i + 1]) : argv[i + 1];
  }
  return a;
}

function mulberry32(seed) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => Number(process.hrtime.bigint()) / 1e6; // ms

function cpuSeconds(pid) {
  if (!pid) return null;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop().trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) / HZ; // utime + stime
}

async function postJson(url, body, attempts = 5) {
  for (let i = 1; ; i++) {
    try {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' },
                                   body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status} ${await r.text()}`);
      return await r.json();
    } catch (e) {
      if (i >= attempts) throw e;
      await sleep(100 * i);
    }
  }
}

// ----- what both kinds of room share: six sockets, the version each has, the move in flight -------
class Room {
  constructor(base, rng) {
    this.base = base;
    this.rng = rng;
    this.versions = new Array(6).fill(null);
    this.bytes = new Array(6).fill(0);
    this.pending = null;
    this.ready = null;
    this.problems = {}; // what went wrong, by kind: 'timeout', 'closed', the server's error codes
  }

  problem(kind) {
    this.problems[kind] = (this.problems[kind] || 0) + 1;
  }

  // A socket has (at least) `version`: resolves the connect wait and the move in flight.
  seen(i, version) {
    this.versions[i] = version;
    if (this.ready && this.versions.every((v) => v !== null)) {
      const ready = this.ready;
      this.ready = null;
      ready();
    }
    const p = this.pending;
    if (p && this.versions.every((v) => v !== null && v >= p.target)) {
      this.pending = null;
      p.resolve(true);
    }
  }

  failed() {
    const p = this.pending;
    if (p) {
      this.pending = null;
      p.resolve(false);
    }
  }

  waitConnected(timeout) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('connect timed out')), timeout);
      this.ready = () => { clearTimeout(timer); resolve(); };
      this.seen(0, this.versions[0]);
    });
  }

  // Send one random legal move; resolves {ms, bytes: [per socket]} once all six have the new
  // version, or null (no legal move, an error, or no answer within `timeout`).
  async move(timeout) {
    const pick = this.pick();
    if (!pick) return null;
    const before = this.bytes.slice();
    const target = pick.version + 1;
    const t0 = now();
    const arrived = new Promise((resolve) => { this.pending = { target, resolve }; });
    const timer = setTimeout(() => { this.problem('timeout'); this.failed(); }, timeout);
    this.send(pick);
    const ok = await arrived;
    clearTimeout(timer);
    if (!ok) return null;
    return { at: t0, ms: now() - t0, bytes: this.bytes.map((b, i) => b - before[i]) };
  }
}

// ----- doi serve: docs/protocol.md ----------------------------------------------------------------
const DOI_SEATS = ['soviet', 'rev1', 'rev2', 'rev3'];

class DoiRoom extends Room {
  async make() {
    const game = await postJson(`${this.base}/api/games`, { revolutionaries: 3 });
    this.gid = game.id;
    this.tokens = [];
    for (const seat of DOI_SEATS) {
      this.tokens.push((await postJson(`${this.base}/api/games/${game.id}/seats/${seat}`, { name: `bench ${seat}` })).token);
    }
  }

  async connect(timeout) {
    this.views = new Array(6).fill(null);
    this.versions.fill(null);
    const ws = this.base.replace(/^http/, 'ws');
    this.socks = [0, 1, 2, 3, 4, 5].map((i) => {
      const query = [i < 4 ? `token=${this.tokens[i]}` : '', VIEWS === 'full' ? 'views=full' : ''].filter(Boolean);
      const url = `${ws}/ws/games/${this.gid}` + (query.length ? `?${query.join('&')}` : '');
      const sock = new WebSocket(url, { maxPayload: 1 << 22, perMessageDeflate: false });
      sock.on('message', (data) => this.receive(i, data));
      sock.on('error', () => { this.problem('socket error'); this.failed(); });
      sock.on('close', (code) => { this.problem(`closed ${code}`); this.failed(); });
      return sock;
    });
    await this.waitConnected(timeout);
  }

  receive(i, data) {
    this.bytes[i] += data.length;
    const msg = JSON.parse(data);
    if (msg.type === 'view') {
      this.views[i] = msg;
      this.seen(i, msg.version);
    } else if (msg.type === 'patch') {
      const had = this.views[i];
      if (!had || had.version !== msg.base) { this.problem('patch base'); this.socks[i].send('{"type":"sync"}'); return; }
      had.view = applyPatch(had.view, msg.patch);  // the browser's own static/js/patch.js
      had.version = msg.version; had.status = msg.status;
      this.seen(i, msg.version);
    } else if (msg.type === 'error') {
      this.problem(msg.code);
      if (this.pending && i === this.pending.seat) this.failed();
    }
  }

  finished() {
    const v = this.views[5];
    return v.status === 'finished' || (v.view.result !== null && v.view.result !== undefined);
  }

  pick() {
    const playable = this.views.slice(0, 4).map(
      (m) => m.view.actions.filter((a) => a.type !== 'undo' && a.type !== 'cancel'));
    const seats = [0, 1, 2, 3].filter((i) => playable[i].length);
    if (!seats.length) return null;
    const seat = seats[Math.floor(this.rng() * seats.length)];
    const acts = playable[seat];
    return { seat, version: this.views[seat].version, action: acts[Math.floor(this.rng() * acts.length)] };
  }

  send(pick) {
    this.pending.seat = pick.seat;
    this.socks[pick.seat].send(JSON.stringify({ type: 'action', version: pick.version, action: pick.action }));
  }

  close() {
    for (const s of this.socks || []) { s.removeAllListeners('close'); s.on('error', () => {}); s.close(); }
  }
}

// ----- boardgame.io 0.50.2: its lobby and its official client ---------------------------------------
class BgioRoom extends Room {
  async make() {
    const { HiddenHands } = require('./game');
    const name = HiddenHands.name;
    this.matchID = (await postJson(`${this.base}/games/${name}/create`, { numPlayers: 4 })).matchID;
    this.credentials = [];
    for (const playerID of ['0', '1', '2', '3']) {
      const j = await postJson(`${this.base}/games/${name}/${this.matchID}/join`, { playerID, playerName: `bench ${playerID}` });
      this.credentials.push(j.playerCredentials);
    }
  }

  async connect(timeout) {
    const { Client } = require('boardgame.io/client');
    const { SocketIO } = require('boardgame.io/multiplayer');
    const { HiddenHands } = require('./game');
    this.clients = [0, 1, 2, 3, 4, 5].map((i) => {
      const client = Client({
        game: HiddenHands, numPlayers: 4, matchID: this.matchID, debug: false,
        ...(i < 4 ? { playerID: String(i), credentials: this.credentials[i] } : {}),
        // forceNew: a connection per client (socket.io would otherwise share one per server URL).
        multiplayer: SocketIO({ server: this.base, socketOpts: { transports: ['websocket'], forceNew: true } }),
      });
      client.start();
      const socket = client.transport.socket;
      // engine.io packets as they arrive: the socket.io frame text plus its one-character type.
      socket.io.engine.on('packet', (p) => { this.bytes[i] += 1 + (typeof p.data === 'string' ? Buffer.byteLength(p.data) : (p.data ? p.data.length : 0)); });
      // Listeners run after the client's own: by then the client holds the new state.
      const onState = () => { const s = client.getState(); if (s) this.seen(i, s._stateID); };
      socket.on('sync', onState);
      socket.on('update', onState);
      socket.on('patch', onState);
      socket.on('disconnect', () => { this.problem('disconnect'); this.failed(); });
      return client;
    });
    await this.waitConnected(timeout);
  }

  finished() { return false; }

  pick() {
    const { randomMove } = require('./game');
    for (let seat = 0; seat < 4; seat++) {
      const state = this.clients[seat].getState();
      const move = randomMove(state, String(seat), this.rng);
      if (move) return { seat, version: state._stateID, move };
    }
    return null;
  }

  send(pick) {
    this.clients[pick.seat].moves[pick.move.type](...pick.move.args);
  }

  close() {
    for (const c of this.clients || []) c.stop();
  }
}

// ----- the run -----------------------------------------------------------------------------------
async function inWaves(items, size, fn) {
  for (let k = 0; k < items.length; k += size) await Promise.all(items.slice(k, k + size).map(fn));
}

async function main() {
  const a = parseArgs(process.argv);
  const Kind = { doi: DoiRoom, bgio: BgioRoom }[a.target];
  if (!Kind) throw new Error(`--target doi or bgio, not ${a.target}`);
  if (!['patch', 'full'].includes(a.views)) throw new Error(`--views patch or full, not ${a.views}`);
  VIEWS = a.views;
  await loadPatch();
  const master = mulberry32(a.seed);
  const rooms = Array.from({ length: a.rooms }, (_, k) => new Kind(a.url, mulberry32(a.seed * 1000003 + k)));
  await inWaves(rooms, 20, (r) => r.make());
  await inWaves(rooms, 25, (r) => r.connect(a.timeout));   // like players arriving, a few at a time

  // errors: moves sent that did not reach all six sockets (problems says why)
  const out = { target: a.target, rooms: a.rooms, think_ms: a.think, latencies_ms: [], bytes: [],
                errors: 0, games_finished: 0 };
  const cpu0 = cpuSeconds(a.serverPid);
  const client0 = process.cpuUsage();
  const start = now();
  // sent_ms[k]: when move k was sent, ms after the clock started (latencies_ms[k] is its latency);
  // clock_start_ms is that moment on the machine's monotonic clock (CLOCK_MONOTONIC, as Python's
  // time.monotonic), to line slow moves up with events the server logs (GC passes, checkpoints).
  out.sent_ms = [];
  out.clock_start_ms = start;
  const progress = (what) => process.stderr.write(`${((now() - start) / 1000).toFixed(3)} s: ${what}\n`);
  progress('every room connected, clock started');

  let deadline = Infinity;
  out.window_moves = 0; // moves that reached all six sockets before the deadline: moves/s
  const record = (r) => {
    if (now() <= deadline) out.window_moves += 1;
    out.latencies_ms.push(r.ms);
    out.sent_ms.push(r.at - start);
    for (const b of r.bytes) out.bytes.push(b);
  };

  // A finished game is replaced by a fresh room (doi only: boardgame.io's game never ends); the
  // time that takes is the room's think time, outside every move's latency.
  const replace = async (room) => {
    out.games_finished += 1;
    room.close();
    await room.make();
    await room.connect(a.timeout);
  };

  if (a.burst) {
    out.bursts = [];
    for (let b = 0; b < a.burst; b++) {
      const cpuBefore = cpuSeconds(a.serverPid);
      const t0 = now();
      const got = await Promise.all(rooms.map((room) => room.move(a.timeout)));
      const cleared = now() - t0;
      const cpuAfter = cpuSeconds(a.serverPid);
      const ok = got.filter((r) => r);
      out.errors += got.length - ok.length;
      ok.forEach(record);
      out.bursts.push({ clear_ms: cleared, latencies_ms: ok.map((r) => r.ms),
                        server_cpu_s: cpuBefore === null ? null : cpuAfter - cpuBefore });
      progress(`burst ${b + 1} cleared in ${cleared.toFixed(0)} ms, server CPU ${cpuBefore === null ? '?' : ((cpuAfter - cpuBefore) * 1000).toFixed(0)} ms`);
      await sleep(a.pause);
    }
  } else {
    deadline = start + a.seconds * 1000;
    await Promise.all(rooms.map(async (room) => {
      await sleep(master() * a.think);
      while (now() < deadline) {
        const r = await room.move(a.timeout);
        if (r) record(r); else out.errors += 1;
        if (!r || room.finished()) {
          if (now() >= deadline) break;
          if (!r && !room.finished()) { await sleep(100); continue; }  // an error: play on from the latest views
          await replace(room);
          continue;
        }
        if (a.think) await sleep(a.think);
      }
    }));
  }
  const elapsed = (now() - start) / 1000;
  const cpu1 = cpuSeconds(a.serverPid);
  const client = process.cpuUsage(client0);
  // Timed play: the window, not the wait for the moves still in flight at its end (a lost move
  // waits --timeout ms before it counts as an error).
  out.seconds = a.burst ? elapsed : a.seconds;
  out.elapsed_s = elapsed;
  out.moves = out.latencies_ms.length;
  out.problems = {};
  for (const r of rooms) {
    for (const [kind, n] of Object.entries(r.problems)) out.problems[kind] = (out.problems[kind] || 0) + n;
  }
  out.server_cpu_s = cpu0 === null ? null : cpu1 - cpu0;
  out.client_cpu_s = (client.user + client.system) / 1e6;
  for (const r of rooms) r.close();
  process.stdout.write(JSON.stringify(out) + '\n', () => process.exit(0));
}

if (require.main === module) {
  main().catch((e) => { console.error(e); process.exit(1); });
}

module.exports = { mulberry32, parseArgs };
