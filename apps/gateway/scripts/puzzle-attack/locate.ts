/**
 * The attacker's eyes: finds the gap in a slide puzzle from the two images the public API sends,
 * the way scripted solvers do (gradient scanning along the piece's outline, template matching of
 * the piece's colours and of its edges, a dark-or-light hole detector), and picks one answer.
 */
import sharp from 'sharp';

export interface Raster {
  width: number;
  height: number;
  /** Luminance, 0-255, row-major. */
  lum: Float32Array;
  /** Alpha, 0-255 (255 everywhere for an opaque image). */
  alpha: Uint8Array;
}

export interface PuzzleImages {
  width: number;
  height: number;
  pieceY: number;
  background: string;
  piece: string;
}

export const STRATEGIES = [
  'outline',
  'scaled',
  'fitted',
  'columns',
  'colour',
  'edges',
  'hole',
] as const;
export type Strategy = (typeof STRATEGIES)[number];
export type Guesses = Record<Strategy | 'combined', number>;

export async function decode(dataUrl: string): Promise<Raster> {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const { data, info } = await sharp(Buffer.from(base64, 'base64'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const lum = new Float32Array(n);
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    lum[i] =
      0.299 * (data[i * 4] ?? 0) + 0.587 * (data[i * 4 + 1] ?? 0) + 0.114 * (data[i * 4 + 2] ?? 0);
    alpha[i] = data[i * 4 + 3] ?? 0;
  }
  return { width: info.width, height: info.height, lum, alpha };
}

/** Sobel gradient magnitude of the luminance (the piece composited on black first). */
function gradient(r: Raster, composite: boolean): Float32Array {
  const { width: w, height: h } = r;
  const v = (x: number, y: number) => {
    const i = Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x));
    return composite ? ((r.lum[i] ?? 0) * (r.alpha[i] ?? 0)) / 255 : (r.lum[i] ?? 0);
  };
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const gx =
        v(x + 1, y - 1) +
        2 * v(x + 1, y) +
        v(x + 1, y + 1) -
        v(x - 1, y - 1) -
        2 * v(x - 1, y) -
        v(x - 1, y + 1);
      const gy =
        v(x - 1, y + 1) +
        2 * v(x, y + 1) +
        v(x + 1, y + 1) -
        v(x - 1, y - 1) -
        2 * v(x, y - 1) -
        v(x + 1, y - 1);
      out[y * w + x] = Math.hypot(gx, gy);
    }
  }
  return out;
}

/** Pixels of the piece: inside (alpha >= 128), its outline, and a ring just outside. */
function pieceMasks(p: Raster) {
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < p.width && y < p.height && (p.alpha[y * p.width + x] ?? 0) >= 128;
  const interior: [number, number][] = [];
  const outline: [number, number][] = [];
  const ring: [number, number][] = [];
  for (let y = -3; y < p.height + 3; y++) {
    for (let x = -3; x < p.width + 3; x++) {
      const near = (d: number) =>
        inside(x - d, y) || inside(x + d, y) || inside(x, y - d) || inside(x, y + d);
      if (inside(x, y)) {
        if (
          !near(0) ||
          !inside(x - 1, y) ||
          !inside(x + 1, y) ||
          !inside(x, y - 1) ||
          !inside(x, y + 1)
        )
          outline.push([x, y]);
        else interior.push([x, y]);
      } else if (near(3)) ring.push([x, y]);
    }
  }
  return { interior, outline, ring };
}

/** Normalised cross-correlation of the template values with the image at offset (ox, oy). */
function ncc(
  image: Float32Array,
  width: number,
  height: number,
  points: [number, number][],
  values: Float32Array,
  ox: number,
  oy: number,
): number {
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  let n = 0;
  points.forEach(([x, y], k) => {
    const ix = x + ox;
    const iy = y + oy;
    if (ix < 0 || iy < 0 || ix >= width || iy >= height) return;
    const a = values[k] ?? 0;
    const b = image[iy * width + ix] ?? 0;
    sa += a;
    sb += b;
    saa += a * a;
    sbb += b * b;
    sab += a * b;
    n += 1;
  });
  if (n < 2) return 0;
  const cov = sab - (sa * sb) / n;
  const den = Math.sqrt(Math.max(1e-9, (saa - (sa * sa) / n) * (sbb - (sb * sb) / n)));
  return cov / den;
}

function mean(
  image: Float32Array,
  width: number,
  points: [number, number][],
  ox: number,
  oy: number,
  height: number,
) {
  let s = 0;
  let n = 0;
  for (const [x, y] of points) {
    const ix = x + ox;
    const iy = y + oy;
    if (ix < 0 || iy < 0 || ix >= width || iy >= height) continue;
    s += image[iy * width + ix] ?? 0;
    n += 1;
  }
  return n ? s / n : 0;
}

function argmax(scores: number[], from: number): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++)
    if ((scores[i] ?? -Infinity) > (scores[best] ?? -Infinity)) best = i;
  return best + from;
}

/** Scores standardised to mean 0 and deviation 1, so the strategies can be added. */
function zscores(scores: number[]): number[] {
  const m = scores.reduce((a, b) => a + b, 0) / scores.length;
  const sd = Math.sqrt(scores.reduce((a, b) => a + (b - m) ** 2, 0) / scores.length) || 1;
  return scores.map((s) => (s - m) / sd);
}

/** Every strategy's best left edge for the piece, and a combined pick from all of them. */
export async function locateGap(images: PuzzleImages): Promise<Guesses> {
  const bg = await decode(images.background);
  const piece = await decode(images.piece);
  const { width: W, height: H } = bg;
  const y0 = images.pieceY;
  const { interior, outline, ring } = pieceMasks(piece);
  const bgGrad = gradient(bg, false);
  const pieceGrad = gradient(piece, true);
  const inner = [...interior, ...outline];
  const pieceLum = Float32Array.from(inner, ([x, y]) => piece.lum[y * piece.width + x] ?? 0);
  // The piece's edges: its outline on black and its texture, over the box around it.
  const box: [number, number][] = [];
  for (let y = 0; y < piece.height; y++) for (let x = 0; x < piece.width; x++) box.push([x, y]);
  const pieceEdges = Float32Array.from(box, ([x, y]) => pieceGrad[y * piece.width + x] ?? 0);

  // Where the piece's body starts and ends on each row, for the column scan.
  const bodyCols: [number, number][] = [];
  for (let y = 0; y < piece.height; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < piece.width; x++) {
      if ((piece.alpha[y * piece.width + x] ?? 0) >= 128) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first >= 0) bodyCols.push([first, y], [last, y]);
  }
  const colGrad = (x: number, y: number) => {
    const l = bg.lum[y * W + Math.max(0, x - 1)] ?? 0;
    const r = bg.lum[y * W + Math.min(W - 1, x + 1)] ?? 0;
    return Math.abs(r - l);
  };

  const from = 0;
  const to = W - piece.width;
  // The outline grown (and turned) about the piece's centre, for a gap drawn larger than the
  // piece: `scaled` tries sizes, `fitted` sizes and the tilts this codebase draws (6-11 degrees).
  const c = (piece.width - 1) / 2;
  const transform = (s: number, degrees: number) => {
    const cos = Math.cos((degrees * Math.PI) / 180);
    const sin = Math.sin((degrees * Math.PI) / 180);
    const seen = new Set<string>();
    const points: [number, number][] = [];
    for (const [x, y] of outline) {
      const dx = (x - c) * s;
      const dy = (y - c) * s;
      const p: [number, number] = [
        Math.round(c + dx * cos - dy * sin),
        Math.round(c + dx * sin + dy * cos),
      ];
      if (seen.has(p.join())) continue;
      seen.add(p.join());
      points.push(p);
    }
    return points;
  };
  const grown = [1.05, 1.1, 1.15, 1.2].map((s) => transform(s, 0));
  const fitted = [1.11, 1.15].flatMap((s) => [-10, -7, 7, 10].map((d) => transform(s, d)));
  const scores: Record<Strategy, number[]> = {
    outline: [],
    scaled: [],
    fitted: [],
    columns: [],
    colour: [],
    edges: [],
    hole: [],
  };
  for (let x = from; x <= to; x++) {
    scores.outline.push(mean(bgGrad, W, outline, x, y0, H));
    scores.scaled.push(Math.max(...grown.map((points) => mean(bgGrad, W, points, x, y0, H))));
    scores.fitted.push(Math.max(...fitted.map((points) => mean(bgGrad, W, points, x, y0, H))));
    let cols = 0;
    for (const [px, py] of bodyCols) if (py + y0 < H) cols += colGrad(px + x, py + y0);
    scores.columns.push(cols);
    scores.colour.push(ncc(bg.lum, W, H, inner, pieceLum, x, y0));
    scores.edges.push(ncc(bgGrad, W, H, box, pieceEdges, x, y0));
    scores.hole.push(
      Math.abs(mean(bg.lum, W, ring, x, y0, H) - mean(bg.lum, W, interior, x, y0, H)),
    );
  }
  const combined = new Array<number>(to - from + 1).fill(0);
  for (const s of STRATEGIES)
    zscores(scores[s]).forEach((z, i) => (combined[i] = (combined[i] ?? 0) + z));
  const guesses = { combined: argmax(combined, from) } as Guesses;
  for (const s of STRATEGIES) guesses[s] = argmax(scores[s], from);
  return guesses;
}
