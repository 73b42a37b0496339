/**
 * A contact sheet of slide puzzles to look at: each row shows the picture as served (the piece at
 * its starting place) and the same picture with the piece dropped into the gap.
 *   cd apps/gateway && npx tsx scripts/puzzle-preview.ts [file=puzzles.png] [count=6]
 */
import { randomInt } from 'node:crypto';
import sharp, { type OverlayOptions } from 'sharp';
import {
  HEIGHT,
  MAX_X,
  MIN_X,
  PIECE,
  WIDTH,
  drawPuzzle,
} from '../src/features/identity/auth/puzzle/draw.js';
import { secureRng } from '../src/features/identity/auth/puzzle/raster.js';

const file = process.argv[2] ?? 'puzzles.png';
const count = Number(process.argv[3] ?? 6);
const gap = 8;
const layers: OverlayOptions[] = [];
for (let i = 0; i < count; i++) {
  const x = randomInt(MIN_X, MAX_X + 1);
  const y = randomInt(2, HEIGHT - PIECE - 1);
  const { background, piece } = await drawPuzzle(secureRng(), x, y);
  const top = i * (HEIGHT + gap);
  layers.push(
    { input: background, left: 0, top },
    { input: piece, left: 0, top: top + y },
    { input: background, left: WIDTH + gap, top },
    { input: piece, left: WIDTH + gap + x, top: top + y },
  );
}
await sharp({
  create: {
    width: 2 * WIDTH + gap,
    height: count * (HEIGHT + gap) - gap,
    channels: 3,
    background: '#ffffff',
  },
})
  .composite(layers)
  .png()
  .toFile(file);
process.stdout.write(`${file}\n`);
