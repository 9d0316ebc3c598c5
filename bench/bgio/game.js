'use strict';
// A trivial boardgame.io game with hidden hands, the opponent of doi serve in bench/compare.py:
// 4 players hold 5 cards each from a shuffled 52-card deck; a turn is one move, `play(i)`, which
// discards card i of the mover's hand and draws the top of the deck (the discard pile is shuffled
// back when the deck runs out). It never ends. Hands and the deck are secret: playerView leaves a
// player its own hand and the others' counts, and a spectator only counts.

const HAND = 5;

function deal({ random }) {
  const deck = random.Shuffle(Array.from({ length: 52 }, (_, i) => i));
  const hands = {};
  for (const p of ['0', '1', '2', '3']) hands[p] = deck.splice(0, HAND);
  return { hands, deck, discard: [], played: 0 };
}

function play({ G, playerID, random }, index) {
  const hand = G.hands[playerID];
  if (!Number.isInteger(index) || index < 0 || index >= hand.length) return 'INVALID_MOVE';
  G.discard.push(hand.splice(index, 1)[0]);
  if (G.deck.length === 0) G.deck = random.Shuffle(G.discard.splice(0));
  hand.push(G.deck.pop());
  G.played += 1;
}

const HiddenHands = {
  name: 'hidden-hands',
  minPlayers: 4,
  maxPlayers: 4,
  setup: deal,
  // client: false: the official client does not apply the move locally first, so a socket has the
  // new version only when the server's update arrived (as with doi serve).
  moves: { play: { move: play, client: false } },
  turn: { minMoves: 1, maxMoves: 1 },
  playerView: ({ G, playerID }) => ({
    hands: playerID in G.hands ? { [playerID]: G.hands[playerID] } : {},
    handCounts: Object.fromEntries(Object.entries(G.hands).map(([p, h]) => [p, h.length])),
    deckCount: G.deck.length,
    discard: G.discard.slice(-1),
    played: G.played,
  }),
};

// A random legal move for `playerID` in the state a client holds (null when it cannot act).
function randomMove(state, playerID, rng) {
  if (!state || state.ctx.currentPlayer !== playerID) return null;
  const hand = state.G.hands[playerID];
  return { type: 'play', args: [Math.floor(rng() * hand.length)] };
}

module.exports = { HiddenHands, randomMove };
