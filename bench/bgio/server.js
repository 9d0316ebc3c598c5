'use strict';
// boardgame.io's official server (Koa + socket.io, in-memory storage) serving the hidden-hands game.
//   NODE_ENV=production node bench/bgio/server.js --port 8200
// Prints "ready <port>" on stdout once it listens.
const { Server, Origins } = require('boardgame.io/server');
const { HiddenHands } = require('./game');

const at = process.argv.indexOf('--port');
const port = at > 0 ? Number(process.argv[at + 1]) : 8200;
const server = Server({ games: [HiddenHands], origins: [Origins.LOCALHOST] });
server.run(port, () => console.log(`ready ${port}`));
