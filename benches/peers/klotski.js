// The speed peer of sliding blocks: the npm package `klotski` (a BFS with Zobrist hashing and mirror
// reduction) on the 40 Huarong Dao layouts it ships. `node klotski.js peer` solves them with klotski and
// prints the move counts; `node klotski.js descs` prints the same layouts as lphint descriptions (step
// count, the unit klotski counts in), one a line, for `lp solve`. See scripts/bench-blocks.sh.
const games = require('klotski/src/hrd-games.json');
const mode = process.argv[2] || 'peer';
if (mode === 'descs') {
  for (const g of games) {
    const grid = Array.from({ length: 5 }, () => Array(4).fill('.'));
    g.blocks.forEach((b, i) => {
      const [h, w] = b.shape, [r, c] = b.position;
      for (let dr = 0; dr < h; dr++) for (let dc = 0; dc < w; dc++) grid[r + dr][c + dc] = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[i];
    });
    console.log(`blocks:4x5:${grid.map((row) => row.join('')).join('/')}:A@3,1:step`);
  }
} else {
  const Klotski = require('klotski');
  const k = new Klotski();
  const moves = games.map((g) => {
    const res = k.solve({ blocks: g.blocks, boardSize: [5, 4], escapePoint: [3, 1] });
    return res ? res.length : -1;
  });
  console.log(moves.join(' '));
}
