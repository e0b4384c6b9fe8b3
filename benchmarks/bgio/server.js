'use strict';
// boardgame.io 0.50.2's stock server (its Koa lobby API and socket.io transport) hosting
// the Kwinty-like game, for benchmarks/side_by_side.py.
//
//   node benchmarks/bgio/server.js --port 8100                       # in-memory storage
//   node benchmarks/bgio/server.js --port 8100 --storage flatfile --dir /tmp/bgio-db
//   node benchmarks/bgio/server.js --port 8100 --deflate             # socket.io compresses
//
// Storage: "memory" is the default InMemory (nothing kept across a restart);
// "flatfile" is the FlatFile storage that ships with boardgame.io (node-persist: one JSON
// file per match's state, metadata and log, rewritten on every move after the update
// was broadcast). --deflate turns on socket.io's per-message deflate, which the stock
// server declines by default; the browser-like load generator always offers it.
// Prints "listening <port>" once it accepts connections.

const path = require('node:path');
const { Server, FlatFile, SocketIO } = require('boardgame.io/server');
const { KwintyLike } = require('./kwinty-like.js');

function parseArgs(argv) {
  const args = { port: 8100, storage: 'memory', dir: null, deflate: false };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    if (name === '--port') args.port = Number(argv[++i]);
    else if (name === '--storage') args.storage = argv[++i];
    else if (name === '--dir') args.dir = argv[++i];
    else if (name === '--deflate') args.deflate = true;
    else throw new Error(`unknown argument ${name}`);
  }
  if (!['memory', 'flatfile'].includes(args.storage)) {
    throw new Error(`--storage is memory or flatfile, not ${args.storage}`);
  }
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const db =
    args.storage === 'flatfile'
      ? new FlatFile({ dir: path.resolve(args.dir || 'bgio-flatfile') })
      : undefined; // Server's default: InMemory
  const socketOpts = args.deflate ? { perMessageDeflate: { threshold: 0 } } : undefined;
  const server = Server({
    games: [KwintyLike],
    db,
    transport: new SocketIO({ socketOpts }),
    origins: ['http://127.0.0.1', 'http://localhost'],
  });
  // run() listens on every interface; the benchmark's traffic stays on the loopback
  server.app.listen = (port, callback) => server.app.server.listen(port, '127.0.0.1', callback);
  const running = await server.run({
    port: args.port,
    callback: () => console.log(`listening ${args.port}`),
  });
  const stop = () => {
    server.kill(running);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
