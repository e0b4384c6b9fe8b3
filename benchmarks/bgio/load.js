'use strict';
// A browser-like load generator for a game server, in its own process, speaking either
// Tablier's protocol (docs/protocol.md) or boardgame.io's (its Lobby REST API and its
// socket.io events), for benchmarks/side_by_side.py.
//
//   node benchmarks/bgio/load.js --target tablier --url http://127.0.0.1:8000 --games 100
//   node benchmarks/bgio/load.js --target bgio --url http://127.0.0.1:8100 --games 100 \
//        --seconds 30 --warmup 5 --pace 1 3 --reconnect 0.005
//
// Each game has two seats, each seat its own WebSocket that offers per-message deflate
// as browsers do (and compresses what it sends when the server accepts). A seat thinks
// LO..HI seconds (uniform) once its move is awaited, then sends a random legal move: on
// Tablier from the state's legal_moves, on boardgame.io from the game's rules run in
// the client, as boardgame.io's own client does. A finished game is followed by a
// rematch once each seat has thought again (Tablier: the `rematch` message; boardgame.io:
// its Lobby's playAgain and join). After each acknowledged move a seat reloads with
// probability --reconnect: it closes its socket and opens a new one with its token.
//
// Measured over --seconds after --warmup: the move acknowledgement (sent → `accepted`
// on Tablier, which answers once the move is stored; sent → the server's `update`
// carrying the new state back to the sender on boardgame.io, which broadcasts before it
// stores), the delivery to the opponent (sent → the opponent's socket receives the new
// state), each as p50/p95/p99/max, moves per second, the time a reloaded seat waits for
// its state, and this process's own CPU and event-loop delay (a busy generator delays
// what it receives: read the figures with that).
//
// Output: one JSON object per line on stdout — {"event": "ready"}, {"event":
// "measure_start"}, {"event": "measure_end"}, then {"event": "result", ...} — and a
// summary in words on stderr. --raw adds every latency sample to the result (a driver
// merging several generators computes the percentiles of all); --wait waits after
// "ready" for a line on stdin before the warm-up, so several generators measure the
// same window.

const { performance, monitorEventLoopDelay } = require('node:perf_hooks');
const WebSocket = require('ws');
const { io } = require('socket.io-client');
const { legalMoves } = require('./kwinty-like.js');

const BGIO_GAME = 'kwinty-like';
const DEFLATE = { threshold: 0 }; // browsers compress every frame once deflate is agreed
const MOVE_TIMEOUT_MS = 15000; // an unanswered move is counted lost after this

function parseArgs(argv) {
  const args = {
    target: null,
    url: null,
    games: 100,
    seconds: 30,
    warmup: 5,
    pace: [1, 3],
    reconnect: 0.005,
    seed: 1,
    setupConcurrency: 20,
    raw: false,
    wait: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    const next = () => argv[++i];
    if (name === '--target') args.target = next();
    else if (name === '--url') args.url = next().replace(/\/$/, '');
    else if (name === '--games') args.games = Number(next());
    else if (name === '--seconds') args.seconds = Number(next());
    else if (name === '--warmup') args.warmup = Number(next());
    else if (name === '--pace') args.pace = [Number(next()), Number(next())];
    else if (name === '--reconnect') args.reconnect = Number(next());
    else if (name === '--seed') args.seed = Number(next());
    else if (name === '--raw') args.raw = true;
    else if (name === '--wait') args.wait = true;
    else throw new Error(`unknown argument ${name}`);
  }
  if (!['tablier', 'bgio'].includes(args.target)) throw new Error('--target is tablier or bgio');
  if (!args.url) throw new Error('--url of the server is needed');
  return args;
}

// mulberry32: a small seeded generator, so a run's choices can be replayed
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted, q) {
  if (!sorted.length) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.round((q / 100) * (sorted.length - 1))));
  return sorted[index];
}

function summary(values) {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : null,
  };
}

async function postJson(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** What one run counts; samples are kept only inside the measured window. */
class Run {
  constructor(args) {
    this.args = args;
    this.rng = seededRandom(args.seed);
    this.measuring = false;
    this.stopping = false;
    this.windowStart = 0;
    this.acks = [];
    this.deliveries = [];
    this.resyncs = [];
    this.moves = 0;
    this.games = 0;
    this.rematches = 0;
    this.reconnects = 0;
    this.dropped = 0; // sockets the server closed or that failed
    this.lost = 0; // moves never answered within MOVE_TIMEOUT_MS
    this.stale = 0; // positions older than one the seat had already received
    this.stateBytes = 0; // JSON text of the positions received (before compression)
    this.states = 0;
    this.errors = {};
    this.sent = new Map(); // position key → {at, by}: a move's send time, for its delivery
    this.extensions = null;
  }

  think() {
    const [lo, hi] = this.args.pace;
    return (lo + (hi - lo) * this.rng()) * 1000;
  }

  inWindow(sentAt) {
    return this.measuring && sentAt >= this.windowStart;
  }

  acknowledged(sentAt, now) {
    if (!this.inWindow(sentAt)) return;
    this.moves += 1;
    this.acks.push(now - sentAt);
  }

  moveSent(key, seat, at) {
    this.sent.set(key, { at, by: seat });
  }

  /** A seat received the position `key`: the opponent's delivery of a move, if it is one. */
  received(key, seat, now) {
    const move = this.sent.get(key);
    if (move === undefined || move.by === seat) return;
    this.sent.delete(key);
    if (this.inWindow(move.at)) this.deliveries.push(now - move.at);
  }

  position(bytes) {
    if (!this.measuring) return;
    this.stateBytes += bytes;
    this.states += 1;
  }

  error(code) {
    if (this.measuring) this.errors[code] = (this.errors[code] || 0) + 1;
  }

  count(field) {
    if (this.measuring) this[field] += 1;
  }
}

/** Behaviour shared by both protocols: thinking, reloading, giving up on lost moves. */
class Seat {
  constructor(run, rng) {
    this.run = run;
    this.rng = rng;
    this.pending = null; // {key, at} of the move sent and not yet acknowledged
    this.planned = null; // the position this seat is thinking about
    this.timer = null;
    this.reloadAt = null;
    this.ready = null;
    this.failed = null;
    this.seen = { scope: null, step: -1 }; // the newest position received
  }

  /** Notes a position (`step` within `scope`: a game, a match); counts it if it is older
   * than one this seat already had, as a reload can be served by a server that
   * broadcast a move before storing it. */
  progress(scope, step) {
    if (scope === this.seen.scope && step < this.seen.step) {
      this.run.count('stale');
      return;
    }
    this.seen = { scope, step };
  }

  plan(key, act) {
    if (this.planned === key || this.pending !== null || this.run.stopping) return;
    this.planned = key;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.planned === key && !this.run.stopping) act();
    }, this.run.think());
  }

  sentMove(key, at) {
    this.pending = { key, at };
    this.run.moveSent(key, this, at);
    const pending = this.pending;
    setTimeout(() => {
      if (this.pending !== pending || this.run.stopping) return;
      if (this.run.inWindow(pending.at)) this.run.lost += 1;
      // a person whose move went nowhere reloads the page
      this.run.count('reconnects');
      this.reopen();
      this.reloadAt = performance.now();
    }, MOVE_TIMEOUT_MS).unref();
  }

  /** Counts the answer to this seat's move; true when the seat then reloads (a new socket). */
  acknowledged(now) {
    const pending = this.pending;
    this.pending = null;
    this.run.acknowledged(pending.at, now);
    if (this.run.stopping || this.rng() >= this.run.args.reconnect) return false;
    this.run.count('reconnects');
    this.reopen();
    this.reloadAt = now;
    return true;
  }

  stateArrived(now) {
    if (this.reloadAt !== null) {
      if (this.run.inWindow(this.reloadAt)) this.run.resyncs.push(now - this.reloadAt);
      this.reloadAt = null;
    }
    if (this.ready) {
      this.ready();
      this.ready = null;
      this.failed = null;
    }
  }

  reopen() {
    clearTimeout(this.timer);
    this.planned = null;
    this.pending = null;
    this.close();
    this.open();
  }

  /** Opens the socket; resolves once the first position arrived. */
  connect() {
    return new Promise((resolve, reject) => {
      this.ready = resolve;
      this.failed = reject;
      this.open();
    });
  }

  serverClosed() {
    if (this.run.stopping) return;
    this.run.count('dropped');
    if (this.failed) this.failed(new Error('closed before its first state'));
    clearTimeout(this.timer);
    this.planned = null;
    this.pending = null;
    setTimeout(() => this.run.stopping || this.open(), 1000);
  }
}

class TablierSeat extends Seat {
  constructor(run, rng, room, token) {
    super(run, rng);
    this.room = room;
    this.token = token;
    this.seats = [];
    this.counted = 0; // the last game this seat saw end
    this.voted = 0; // the last game after which it asked for a rematch
    this.ws = null;
  }

  open() {
    const url = `${this.run.args.url.replace(/^http/, 'ws')}/ws/rooms/${this.room}`;
    const ws = new WebSocket(url, { perMessageDeflate: DEFLATE });
    this.ws = ws;
    ws.on('open', () => {
      if (this.run.extensions === null) this.run.extensions = ws.extensions || '';
      ws.send(JSON.stringify({ type: 'hello', v: 1, tokens: [this.token] }));
    });
    ws.on('message', (data) => this.onMessage(data));
    ws.on('error', () => {});
    ws.on('close', () => {
      if (this.ws === ws) this.serverClosed();
    });
  }

  close() {
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close(1000);
  }

  onMessage(data) {
    const now = performance.now();
    const message = JSON.parse(data.toString());
    switch (message.type) {
      case 'welcome':
        this.seats = message.seats; // a rematch may reseat (the loser begins)
        break;
      case 'accepted':
        if (this.pending) this.acknowledged(now);
        break;
      case 'error':
        this.run.error(message.code);
        this.pending = null;
        break;
      case 'state':
        this.run.position(data.length);
        this.onState(message, now);
        break;
      default:
        break;
    }
  }

  onState(state, now) {
    if (state.seat === null || !this.seats.includes(state.seat)) return;
    const key = `${this.room}:${state.game_number}:${state.move_count}`;
    this.progress(state.game_number, state.move_count);
    this.run.received(key, this, now);
    this.stateArrived(now);
    if (state.terminal) {
      if (state.seat === 0 && this.counted < state.game_number) this.run.count('games');
      this.counted = Math.max(this.counted, state.game_number);
      // voted once sent: a socket lost while thinking votes again from its next state
      if (this.voted < state.game_number) {
        this.plan(`${key}:rematch`, () => {
          this.voted = state.game_number;
          this.run.count('rematches');
          this.send({ type: 'rematch', seat: state.seat });
        });
      }
      return;
    }
    if (!state.awaited.includes(state.seat) || !state.legal_moves.length) return;
    const moves = state.legal_moves;
    this.plan(key, () => {
      const move = moves[Math.floor(this.rng() * moves.length)];
      const sentAt = performance.now();
      this.sentMove(`${this.room}:${state.game_number}:${state.move_count + 1}`, sentAt);
      this.send({ type: 'move', seat: state.seat, move });
    });
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }
}

/** The two seats of one boardgame.io match share its rematch request. */
class BgioMatch {
  constructor(run, matchID) {
    this.run = run;
    this.matchID = matchID;
    this.again = null;
  }

  playAgain(playerID, credentials) {
    const url = `${this.run.args.url}/games/${BGIO_GAME}/${this.matchID}/playAgain`;
    // the second seat asks after the first one's answer, so both land in one new match
    const previous = this.again || Promise.resolve();
    const request = previous.then(() => postJson(url, { playerID, credentials }));
    this.again = request;
    return request.then((body) => body.nextMatchID);
  }
}

class BgioSeat extends Seat {
  constructor(run, rng, match, playerID, credentials) {
    super(run, rng);
    this.match = match;
    this.playerID = playerID;
    this.credentials = credentials;
    this.socket = null;
    this.counted = null; // the last match this seat saw end
  }

  open() {
    const socket = io(`${this.run.args.url}/${BGIO_GAME}`, {
      transports: ['websocket'],
      forceNew: true, // one socket per seat, as two browsers would have
      reconnection: false,
      perMessageDeflate: DEFLATE,
    });
    this.socket = socket;
    socket.on('connect', () => {
      if (this.run.extensions === null) {
        this.run.extensions = socket.io.engine?.transport?.ws?.extensions || '';
      }
      socket.emit('sync', this.match.matchID, this.playerID, this.credentials, 2);
    });
    socket.on('sync', (matchID, info) => this.onState(matchID, info.state));
    socket.on('update', (matchID, state) => {
      // socket.io has parsed it: its size as JSON again, close to what came
      if (this.run.measuring) this.run.position(JSON.stringify(state).length);
      this.onState(matchID, state);
    });
    socket.on('disconnect', () => {
      if (this.socket === socket) this.serverClosed();
    });
    socket.on('connect_error', () => {
      if (this.socket === socket) this.serverClosed();
    });
  }

  close() {
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.disconnect();
  }

  onState(matchID, state) {
    const now = performance.now();
    if (matchID !== this.match.matchID || !state) return;
    const key = `${matchID}:${state._stateID}`;
    this.progress(matchID, state._stateID);
    this.run.received(key, this, now);
    this.stateArrived(now);
    if (this.pending && this.pending.key === key && this.acknowledged(now)) return;
    if (state.ctx.gameover !== undefined) {
      if (this.counted !== matchID && this.playerID === '0') this.run.count('games');
      this.counted = matchID;
      this.plan(`${key}:rematch`, () => this.rematch());
      return;
    }
    if (state.ctx.currentPlayer !== this.playerID) return;
    this.plan(key, () => {
      const moves = legalMoves(state.G);
      const move = moves[Math.floor(this.rng() * moves.length)];
      const payload =
        move === 'pass'
          ? { type: 'pass', args: [], playerID: this.playerID, credentials: this.credentials }
          : { type: 'place', args: [move], playerID: this.playerID, credentials: this.credentials };
      const sentAt = performance.now();
      this.sentMove(`${matchID}:${state._stateID + 1}`, sentAt);
      this.socket?.emit('update', { type: 'MAKE_MOVE', payload }, state._stateID, matchID, this.playerID);
    });
  }

  async rematch() {
    this.run.count('rematches');
    try {
      const previous = this.match;
      const nextID = await previous.playAgain(this.playerID, this.credentials);
      if (!previous.next) previous.next = new BgioMatch(this.run, nextID);
      const joined = await postJson(`${this.run.args.url}/games/${BGIO_GAME}/${nextID}/join`, {
        playerID: this.playerID,
        playerName: `robot ${this.playerID}`,
      });
      this.match = previous.next;
      this.credentials = joined.playerCredentials;
      this.planned = null;
      this.socket?.emit('sync', nextID, this.playerID, this.credentials, 2);
    } catch (error) {
      this.run.error(`rematch: ${error.message.slice(0, 80)}`);
    }
  }
}

/** Runs `task(i)` for i < count, at most `limit` at a time. */
async function pool(count, limit, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

async function tablierSeats(run) {
  const { url, games, setupConcurrency } = run.args;
  const rooms = await pool(games, setupConcurrency, () =>
    postJson(`${url}/api/rooms`, {
      game: 'kwinty',
      seats: [{ mine: true }, { mine: true }],
      seating: 'as_listed',
    }),
  );
  return rooms.flatMap((room, i) =>
    room.my_seats.map(
      (seat) => new TablierSeat(run, seededRandom(run.args.seed * 100003 + i * 2 + seat.seat), room.room, seat.token),
    ),
  );
}

async function bgioSeats(run) {
  const { url, games, setupConcurrency } = run.args;
  const base = `${url}/games/${BGIO_GAME}`;
  const matches = await pool(games, setupConcurrency, async () => {
    const { matchID } = await postJson(`${base}/create`, { numPlayers: 2 });
    const joins = [];
    for (const playerID of ['0', '1']) {
      joins.push(await postJson(`${base}/${matchID}/join`, { playerID, playerName: `robot ${playerID}` }));
    }
    return { match: new BgioMatch(run, matchID), joins };
  });
  return matches.flatMap(({ match, joins }, i) =>
    joins.map(
      (joined, seat) =>
        new BgioSeat(run, seededRandom(run.args.seed * 100003 + i * 2 + seat), match, joined.playerID, joined.playerCredentials),
    ),
  );
}

function emit(event) {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

function ms(value) {
  return value === null ? 'n/a' : `${value.toFixed(1)} ms`;
}

/** Waits for a line on stdin: a driver running several generators starts their clocks together. */
function goLine() {
  return new Promise((resolve) => {
    process.stdin.setEncoding('utf8');
    process.stdin.once('data', () => {
      process.stdin.pause();
      resolve();
    });
  });
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const run = new Run(args);
  const setupStart = performance.now();
  const seats = args.target === 'tablier' ? await tablierSeats(run) : await bgioSeats(run);
  await pool(seats.length, 100, (i) => seats[i].connect());
  emit({ event: 'ready', seats: seats.length, setup_seconds: (performance.now() - setupStart) / 1000 });
  if (args.wait) await goLine();

  await new Promise((resolve) => setTimeout(resolve, args.warmup * 1000));
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  run.windowStart = performance.now();
  run.measuring = true;
  emit({ event: 'measure_start' });
  await new Promise((resolve) => setTimeout(resolve, args.seconds * 1000));
  const elapsed = (performance.now() - run.windowStart) / 1000;
  run.measuring = false;
  emit({ event: 'measure_end' });
  loopDelay.disable();
  const cpu = process.cpuUsage(cpuBefore);

  run.stopping = true;
  for (const seat of seats) {
    clearTimeout(seat.timer);
    seat.close();
  }
  const result = {
    event: 'result',
    target: args.target,
    games: args.games,
    seconds: elapsed,
    pace: args.pace,
    reconnect_probability: args.reconnect,
    moves: run.moves,
    moves_per_second: run.moves / elapsed,
    games_finished: run.games,
    rematches: run.rematches,
    reconnects: run.reconnects,
    dropped: run.dropped,
    lost: run.lost,
    stale: run.stale,
    bytes_per_position: run.states ? run.stateBytes / run.states : null,
    positions: run.states,
    errors: run.errors,
    ack_ms: summary(run.acks),
    delivery_ms: summary(run.deliveries),
    resync_ms: summary(run.resyncs),
    extensions: run.extensions,
    generator: {
      cpu_share: (cpu.user + cpu.system) / 1e6 / elapsed,
      loop_delay_p99_ms: loopDelay.percentile(99) / 1e6,
      loop_delay_max_ms: loopDelay.max / 1e6,
    },
  };
  if (args.raw) result.samples = { ack_ms: run.acks, delivery_ms: run.deliveries, resync_ms: run.resyncs };
  emit(result);
  const a = result.ack_ms;
  const d = result.delivery_ms;
  process.stderr.write(
    `${args.target}: ${args.games} games, ${elapsed.toFixed(1)} s: ${run.moves} moves ` +
      `(${result.moves_per_second.toFixed(1)}/s), ${run.games} games finished; ` +
      `ack p50 ${ms(a.p50)}, p95 ${ms(a.p95)}, p99 ${ms(a.p99)}, max ${ms(a.max)}; ` +
      `opponent p50 ${ms(d.p50)}, p95 ${ms(d.p95)}, p99 ${ms(d.p99)}, max ${ms(d.max)}; ` +
      `reconnects ${run.reconnects}, dropped ${run.dropped}, lost ${run.lost}, ` +
      `stale positions ${run.stale}, ` +
      `${((result.bytes_per_position || 0) / 1024).toFixed(1)} KB a position, ` +
      `errors ${JSON.stringify(run.errors)}; deflate: ${run.extensions || 'not agreed'}; ` +
      `generator ${(result.generator.cpu_share * 100).toFixed(0)}% of a core, ` +
      `loop delay p99 ${result.generator.loop_delay_p99_ms.toFixed(1)} ms\n`,
  );
  // exit once the result line has left: a pipe takes a long line (raw samples of
  // 2,000 games) in pieces, and exiting earlier cut it short
  process.stdout.write('', () => setTimeout(() => process.exit(0), 50));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
