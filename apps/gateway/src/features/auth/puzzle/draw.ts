import { bitmap, type Bitmap } from './png.js';

export const WIDTH = 300;
export const HEIGHT = 150;
export const PIECE = 44;
const RADIUS = 8;

type Rng = () => number;

/** Inside a rounded square of size PIECE whose top-left corner is (0, 0). */
function insidePiece(px: number, py: number): boolean {
  const cx = Math.min(Math.max(px, RADIUS), PIECE - 1 - RADIUS);
  const cy = Math.min(Math.max(py, RADIUS), PIECE - 1 - RADIUS);
  return (px - cx) ** 2 + (py - cy) ** 2 <= RADIUS * RADIUS;
}

/** A landscape of soft colour blobs and grain: different every time, hard to template-match. */
function paintBackground(rng: Rng): Bitmap {
  const img = bitmap(WIDTH, HEIGHT);
  const blobs = Array.from({ length: 7 }, () => ({
    x: rng() * WIDTH,
    y: rng() * HEIGHT,
    r: 30 + rng() * 90,
    c: [40 + rng() * 200, 40 + rng() * 200, 60 + rng() * 190],
  }));
  const base = [20 + rng() * 40, 30 + rng() * 50, 50 + rng() * 60];
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const rgb = [...base];
      for (const b of blobs) {
        const w = Math.max(0, 1 - Math.hypot(x - b.x, y - b.y) / b.r);
        for (let k = 0; k < 3; k++) rgb[k] = (rgb[k] ?? 0) * (1 - w) + (b.c[k] ?? 0) * w;
      }
      const grain = (rng() - 0.5) * 18;
      const i = (y * WIDTH + x) * 4;
      img.data[i] = clamp((rgb[0] ?? 0) + grain);
      img.data[i + 1] = clamp((rgb[1] ?? 0) + grain);
      img.data[i + 2] = clamp((rgb[2] ?? 0) + grain);
      img.data[i + 3] = 255;
    }
  }
  return img;
}

function clamp(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}

/** The background with a darkened, outlined gap at (gx, gy), and the piece cut from it. */
export function drawPuzzle(
  rng: Rng,
  gx: number,
  gy: number,
): { background: Bitmap; piece: Bitmap } {
  const background = paintBackground(rng);
  const piece = bitmap(PIECE, PIECE);
  for (let py = 0; py < PIECE; py++) {
    for (let px = 0; px < PIECE; px++) {
      if (!insidePiece(px, py)) continue;
      const edge =
        !insidePiece(px - 2, py) ||
        !insidePiece(px + 2, py) ||
        !insidePiece(px, py - 2) ||
        !insidePiece(px, py + 2);
      const bi = ((gy + py) * WIDTH + gx + px) * 4;
      const pi = (py * PIECE + px) * 4;
      for (let k = 0; k < 3; k++) {
        const v = background.data[bi + k] ?? 0;
        piece.data[pi + k] = edge ? 255 : v;
        background.data[bi + k] = edge ? 230 : Math.round(v * 0.35);
      }
      piece.data[pi + 3] = 255;
    }
  }
  return { background, piece };
}
