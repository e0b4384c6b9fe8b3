'use strict';
// A Kwinty-like game for boardgame.io, written for the side-by-side server benchmark
// (benchmarks/side_by_side.py). It is not Tablier's Kwinty: it keeps what matters to a
// server's cost per move — a wall nine columns wide and nine rows high, 1×2 pieces laid
// flat over two columns of equal height or stood up in one column, twenty pieces each,
// five cells in a line win, a pass only when nothing fits, a player whose supply is
// empty is skipped — and leaves out Kwinty's open-table frame and short-face rule.
// Moves use Tablier's notation ("c3h": the piece whose lower-left cell is c3, lying),
// so both servers receive the same text and parse and check it.

const { INVALID_MOVE } = require('boardgame.io/core');

const WIDTH = 9;
const HEIGHT = 9;
const PIECES_EACH = 20;
const LETTERS = 'abcdefghi';
const CENTRE = 4; // the first piece may not cover e1 (as on Kwintie's board)
const MOVE_RE = /^([a-i])([1-9])([hv])$/;
const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

function cellIndex(col, row) {
  return (row - 1) * WIDTH + col;
}

/** Every legal placement for the player to move, in notation ([] once none fits). */
function legalPlacements(G) {
  const moves = [];
  const first = G.pieces.length === 0;
  for (let col = 0; col < WIDTH; col++) {
    const row = G.heights[col] + 1;
    if (col + 1 < WIDTH && G.heights[col + 1] === G.heights[col] && row <= HEIGHT) {
      if (!(first && (col === CENTRE || col + 1 === CENTRE))) {
        moves.push(`${LETTERS[col]}${row}h`);
      }
    }
    if (row + 1 <= HEIGHT && !(first && col === CENTRE)) {
      moves.push(`${LETTERS[col]}${row}v`);
    }
  }
  return moves;
}

/** The moves a seat may send now: its placements, or "pass" when none fits. */
function legalMoves(G) {
  const placements = legalPlacements(G);
  return placements.length ? placements : ['pass'];
}

/** Why `move` is refused in G (a short code), or null when it is legal. */
function refusal(G, move) {
  const parsed = MOVE_RE.exec(typeof move === 'string' ? move : '');
  if (!parsed) return 'not_notation';
  const col = LETTERS.indexOf(parsed[1]);
  const row = Number(parsed[2]);
  const flat = parsed[3] === 'h';
  if (flat && col + 1 >= WIDTH) return 'off_frame';
  if (flat && G.heights[col] !== G.heights[col + 1]) return 'overhang';
  if (row !== G.heights[col] + 1) return 'not_on_top';
  if (row + (flat ? 0 : 1) > HEIGHT) return 'too_high';
  if (G.pieces.length === 0 && (col === CENTRE || (flat && col + 1 === CENTRE))) return 'centre';
  return null;
}

function owner(G, col, row) {
  if (col < 0 || col >= WIDTH || row < 1 || row > HEIGHT) return null;
  return G.cells[cellIndex(col, row)];
}

/** The cells of a line of at least five of `player`'s through (col, row), or null. */
function lineThrough(G, player, col, row) {
  for (const [dc, dr] of DIRECTIONS) {
    const line = [[col, row]];
    for (const sign of [1, -1]) {
      let c = col + sign * dc;
      let r = row + sign * dr;
      while (owner(G, c, r) === player) {
        line.push([c, r]);
        c += sign * dc;
        r += sign * dr;
      }
    }
    if (line.length >= 5) return line.map(([c, r]) => `${LETTERS[c]}${r}`).sort();
  }
  return null;
}

function place({ G, playerID }, move) {
  if (G.left[playerID] <= 0 || refusal(G, move) !== null) return INVALID_MOVE;
  const [, letter, rowText, orient] = MOVE_RE.exec(move);
  const col = LETTERS.indexOf(letter);
  const row = Number(rowText);
  const cells = orient === 'h' ? [[col, row], [col + 1, row]] : [[col, row], [col, row + 1]];
  for (const [c, r] of cells) G.cells[cellIndex(c, r)] = playerID;
  if (orient === 'h') {
    G.heights[col] = row;
    G.heights[col + 1] = row;
  } else {
    G.heights[col] = row + 1;
  }
  G.left[playerID] -= 1;
  G.pieces.push({ player: playerID, move, cells: cells.map(([c, r]) => `${LETTERS[c]}${r}`) });
  G.passes = 0;
  G.lastMove = move;
  for (const [c, r] of cells) {
    const line = lineThrough(G, playerID, c, r);
    if (line) {
      G.winner = playerID;
      G.winCells = line;
      return undefined;
    }
  }
  return undefined;
}

function pass({ G, playerID }) {
  if (legalPlacements(G).length > 0) return INVALID_MOVE;
  G.passes += 1;
  G.lastMove = 'pass';
  return undefined;
}

const KwintyLike = {
  name: 'kwinty-like',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({
    cells: Array(WIDTH * HEIGHT).fill(null),
    heights: Array(WIDTH).fill(0),
    left: { 0: PIECES_EACH, 1: PIECES_EACH },
    pieces: [],
    passes: 0,
    lastMove: null,
    winner: null,
    winCells: [],
  }),
  moves: { place, pass },
  turn: {
    minMoves: 1,
    maxMoves: 1,
    order: {
      first: () => 0,
      // a player whose supply is empty is skipped
      next: ({ G, ctx }) => {
        const other = (ctx.playOrderPos + 1) % ctx.playOrder.length;
        return G.left[ctx.playOrder[other]] > 0 ? other : ctx.playOrderPos;
      },
    },
  },
  endIf: ({ G }) => {
    if (G.winner !== null) return { winner: G.winner, cells: G.winCells };
    if (G.passes >= 2 || (G.left[0] === 0 && G.left[1] === 0)) return { draw: true };
    return undefined;
  },
  ai: {
    enumerate: (G) =>
      legalMoves(G).map((move) =>
        move === 'pass' ? { move: 'pass', args: [] } : { move: 'place', args: [move] },
      ),
  },
};

module.exports = { KwintyLike, legalMoves, refusal, PIECES_EACH };
