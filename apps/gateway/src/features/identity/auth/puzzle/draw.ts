import sharp from 'sharp';
import { PUZZLE_PIECE, PUZZLE_WIDTH } from '@exchange/contracts';
import { blur, plane, relief, valueNoise, type Plane, type Rng } from './raster.js';
import { decoyShape, gapShape, randomShape, shapeSvg, type PieceShape } from './shapes.js';

export const WIDTH = PUZZLE_WIDTH;
export const HEIGHT = 150;
/** The piece's square image; the shape inside it is smaller and may be rotated. */
export const PIECE = PUZZLE_PIECE;
/** Left edges of holes: clear of the piece's starting place, inside the picture. */
export const MIN_X = PIECE + 6;
export const MAX_X = WIDTH - PIECE - 2;

/** Three colour planes, 0-255 floats. */
interface Rgb {
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
}

/** The gap's look, the same for every hole of one puzzle so decoys cannot be told by style. */
interface HoleStyle {
  light: number;
  depth: number;
  veil: number;
  softness: number;
}

const n = WIDTH * HEIGHT;

async function rasterize(svgBody: string, width: number, height: number, background = '#000') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>${svgBody}</svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
}

async function rasterMask(svgBody: string, width: number, height: number): Promise<Plane> {
  const raw = await rasterize(svgBody, width, height);
  const out = plane(width, height);
  for (let i = 0; i < width * height; i++) out.data[i] = (raw[i * 3] ?? 0) / 255;
  return out;
}

function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (k: number) => {
    const t = (k + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(t - 3, 9 - t, 1))));
  };
  return `rgb(${f(0)},${f(8)},${f(4)})`;
}

/** Gradients and soft shapes in a random palette, then fractal noise in light and colour. */
async function paintGround(rng: Rng): Promise<Rgb> {
  const hue = rng() * 360;
  const colour = () =>
    hsl(
      (hue + [0, 30, -30, 180, 150][Math.floor(rng() * 5)]! + 360) % 360,
      0.3 + rng() * 0.45,
      0.28 + rng() * 0.44,
    );
  const angle = rng() * 360;
  // One blurred group per softness: librsvg blurs each filtered element on its own surface.
  const groups: string[][] = [[], [], []];
  for (let i = 0; i < 9 + Math.floor(rng() * 6); i++) {
    const x = rng() * WIDTH;
    const y = rng() * HEIGHT;
    const s = 20 + rng() * 80;
    const shapes = groups[Math.floor(rng() * 3)] ?? [];
    const style = `fill="${colour()}" fill-opacity="${(0.25 + rng() * 0.5).toFixed(2)}"`;
    const kind = rng();
    if (kind < 0.4)
      shapes.push(
        `<ellipse cx="${x}" cy="${y}" rx="${s}" ry="${s * (0.4 + rng() * 0.6)}" transform="rotate(${rng() * 180} ${x} ${y})" ${style}/>`,
      );
    else if (kind < 0.75) {
      const points = Array.from({ length: 3 + Math.floor(rng() * 3) }, () =>
        [x + (rng() - 0.5) * 2 * s, y + (rng() - 0.5) * 2 * s].map((v) => v.toFixed(1)).join(','),
      );
      shapes.push(`<polygon points="${points.join(' ')}" ${style}/>`);
    } else
      shapes.push(
        `<path d="M${-10} ${y} Q ${x} ${y + (rng() - 0.5) * 160} ${WIDTH + 10} ${rng() * HEIGHT}" stroke="${colour()}" stroke-width="${3 + rng() * 14}" stroke-opacity="0.5" fill="none"/>`,
      );
  }
  const defs =
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">` +
    `<stop offset="0" stop-color="${colour()}"/><stop offset="0.5" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient>` +
    [0.6, 2.5, 6]
      .map((d, i) => `<filter id="b${i}"><feGaussianBlur stdDeviation="${d}"/></filter>`)
      .join('') +
    `</defs><rect width="100%" height="100%" fill="url(#g)"/>`;
  const body = groups.map((g, i) => `<g filter="url(#b${i})">${g.join('')}</g>`).join('');
  const raw = await rasterize(defs + body, WIDTH, HEIGHT);
  const light = [
    valueNoise(rng, WIDTH, HEIGHT, 23),
    valueNoise(rng, WIDTH, HEIGHT, 9),
    valueNoise(rng, WIDTH, HEIGHT, 4),
  ];
  const tint = [0, 1, 2].map(() => valueNoise(rng, WIDTH, HEIGHT, 15));
  const out: Rgb = { r: new Float32Array(n), g: new Float32Array(n), b: new Float32Array(n) };
  const planes = [out.r, out.g, out.b];
  for (let c = 0; c < 3; c++) {
    const p = planes[c] ?? out.r;
    const t = tint[c]?.data ?? new Float32Array(n);
    const [l0, l1, l2] = light.map((l) => l.data);
    for (let i = 0; i < n; i++) {
      const l = 16 * (l0?.[i] ?? 0) + 10 * (l1?.[i] ?? 0) + 7 * (l2?.[i] ?? 0);
      p[i] = (raw[i * 3 + c] ?? 0) + l + 12 * (t[i] ?? 0);
    }
  }
  return out;
}

/**
 * Sinks the picture where the mask is positive and raises it where negative, with soft lit walls:
 * a hole's far wall catches the light and its near wall is in shade, a bump the other way round.
 */
function emboss(img: Rgb, mask: Plane, style: HoleStyle, rng: Rng, y0 = 0) {
  const soft = blur(mask, style.softness);
  const lit = relief(soft, style.light);
  const grain = valueNoise(rng, mask.width, mask.height, 3);
  for (let y = 0; y < mask.height; y++) {
    const iy = y + y0;
    if (iy < 0 || iy >= HEIGHT) continue;
    for (let x = 0; x < mask.width; x++) {
      const k = y * mask.width + x;
      const m = soft.data[k] ?? 0;
      const l = lit.data[k] ?? 0;
      if (Math.abs(m) < 0.004 && Math.abs(l) < 0.004) continue;
      const i = iy * WIDTH + x;
      const factor = 1 - style.depth * m + 2.4 * l;
      const veil = style.veil * Math.abs(m) * style.depth * 2;
      const noise = 14 * Math.abs(m) * (grain.data[k] ?? 0);
      img.r[i] = (img.r[i] ?? 0) * factor * (1 - veil) + 235 * veil + noise;
      img.g[i] = (img.g[i] ?? 0) * factor * (1 - veil) + 235 * veil + noise;
      img.b[i] = (img.b[i] ?? 0) * factor * (1 - veil) + 235 * veil + noise;
    }
  }
}

/** A mask from an SVG drawn in red (sunk, positive) and green (raised, negative). */
async function signedMask(svgBody: string, width: number, height: number, raised = 1) {
  const raw = await rasterize(svgBody, width, height);
  const out = plane(width, height);
  for (let i = 0; i < width * height; i++)
    out.data[i] = ((raw[i * 3] ?? 0) - raised * (raw[i * 3 + 1] ?? 0)) / 255;
  return out;
}

/** Shapes that are not pieces, raised and sunk, so a lone lit outline points nowhere. */
async function clutter(img: Rgb, rng: Rng, style: HoleStyle, band: number, holes: number[]) {
  const items: string[] = [];
  for (const colour of ['#f00', '#0f0']) {
    for (let i = 0; i < 5 + Math.floor(rng() * 4); i++) {
      const s = 8 + rng() * 14;
      const x = rng() * WIDTH;
      // About half of them cross the row the piece slides along, between the holes.
      const y = rng() < 0.5 ? band + rng() * PIECE : rng() * HEIGHT;
      const clear = (h: number) =>
        Math.abs(x - h - PIECE / 2) > PIECE / 2 + s - 4 ||
        Math.abs(y - band - PIECE / 2) > PIECE / 2 + s - 4;
      if (!holes.every(clear)) continue;
      const kind = rng();
      const paint = `fill="${colour}" fill-opacity="${(0.6 + rng() * 0.4).toFixed(2)}" transform="rotate(${(rng() * 90).toFixed(1)} ${x} ${y})"`;
      if (kind < 0.35) items.push(`<circle cx="${x}" cy="${y}" r="${s * 0.7}" ${paint}/>`);
      else if (kind < 0.7)
        items.push(
          `<rect x="${x - s}" y="${y - s * 0.6}" width="${s * 2}" height="${s * 1.2}" rx="${rng() * 6}" ${paint}/>`,
        );
      else
        items.push(
          `<polygon points="${x},${y - s} ${x + s},${y + s * 0.8} ${x - s},${y + s * 0.8}" ${paint}/>`,
        );
    }
  }
  // Raised and sunk shapes overlap by blending (screen), so neither hides the other's outline.
  const svg = `<g style="mix-blend-mode:screen">${items.join('')}</g>`;
  emboss(img, await signedMask(svg, WIDTH, HEIGHT, 0.6 + rng() * 0.5), style, rng);
}

/** Left edges for `count` decoy holes in the piece's row, apart from each other and the gap. */
function decoyPlaces(rng: Rng, gx: number, count: number): number[] {
  const taken = [gx];
  for (let tries = 0; tries < 200 && taken.length < count + 1; tries++) {
    const x = MIN_X + Math.floor(rng() * (MAX_X - MIN_X + 1));
    if (taken.every((t) => Math.abs(t - x) >= PIECE - 8)) taken.push(x);
  }
  return taken.slice(1);
}

const encode = (img: Rgb | Uint8Array, width: number, height: number, channels: 3 | 4) => {
  let bytes: Uint8Array;
  if (img instanceof Uint8Array) bytes = img;
  else {
    // Uint8ClampedArray rounds and clamps.
    const clamped = new Uint8ClampedArray(width * height * 3);
    for (let i = 0; i < width * height; i++) {
      clamped[i * 3] = img.r[i] ?? 0;
      clamped[i * 3 + 1] = img.g[i] ?? 0;
      clamped[i * 3 + 2] = img.b[i] ?? 0;
    }
    bytes = new Uint8Array(clamped.buffer);
  }
  return sharp(bytes, { raw: { width, height, channels } })
    .webp({ quality: 82, alphaQuality: 90, effort: 3 })
    .toBuffer();
};

/**
 * Draws a puzzle whose gap's left edge is (gx, gy): a noisy picture with lit holes shaped like
 * pieces (the gap and decoys of other shapes in the same row) among other relief shapes, and the
 * piece, textured from elsewhere in the picture so that only its shape says where it belongs.
 */
export async function drawPuzzle(
  rng: Rng,
  gx: number,
  gy: number,
): Promise<{ background: Buffer; piece: Buffer; shape: PieceShape }> {
  const style: HoleStyle = {
    light: rng() * Math.PI * 2,
    depth: 0.36 + rng() * 0.2,
    veil: rng() < 0.5 ? 0 : 0.25 + rng() * 0.2,
    softness: 0.9 + rng() * 0.8,
  };
  const img = await paintGround(rng);
  const places = [gx, ...decoyPlaces(rng, gx, 2)];
  await clutter(img, rng, style, gy, places);
  // The piece's texture: a patch of the picture, turned half a turn, from a random place.
  const sx = Math.floor(rng() * (WIDTH - PIECE));
  const sy = Math.floor(rng() * (HEIGHT - PIECE));
  const source = { r: img.r.slice(), g: img.g.slice(), b: img.b.slice() };

  const shape = randomShape(rng, 32 + Math.floor(rng() * 6));
  const c = PIECE / 2;
  // The gap and the decoys along the piece's row, drawn as one strip.
  const holes = places.map((x, i) =>
    shapeSvg(i === 0 ? gapShape(rng, shape) : decoyShape(rng, shape), x + c, c, '#f00'),
  );
  emboss(img, await signedMask(holes.join(''), WIDTH, PIECE), style, rng, gy);
  for (let i = 0; i < n; i++) {
    const grain = (rng() + rng() - 1) * 14;
    img.r[i] = (img.r[i] ?? 0) + grain;
    img.g[i] = (img.g[i] ?? 0) + grain;
    img.b[i] = (img.b[i] ?? 0) + grain;
  }

  const mask = await rasterMask(shapeSvg(shape, c, c), PIECE, PIECE);
  const soft = blur(mask, 1);
  const lit = relief(soft, style.light);
  const shadow = blur(mask, 2.2);
  const piece = new Uint8Array(PIECE * PIECE * 4);
  for (let py = 0; py < PIECE; py++) {
    for (let px = 0; px < PIECE; px++) {
      const k = py * PIECE + px;
      const from = (HEIGHT - 1 - (sy + py)) * WIDTH + (WIDTH - 1 - (sx + px));
      const m = mask.data[k] ?? 0;
      // Raised: the border facing the light is bright, the other dark; a soft shadow around it.
      const factor = 1.1 - 2.6 * (lit.data[k] ?? 0);
      // A light rim along the border, so the piece stands out on any picture.
      const rim =
        60 * Math.max(0, -(lit.data[k] ?? 0)) + 80 * (1 - Math.abs(2 * (soft.data[k] ?? 0) - 1));
      const channels = [source.r[from], source.g[from], source.b[from]];
      for (let ch = 0; ch < 3; ch++) {
        const v = ((channels[ch] ?? 0) + (rng() - 0.5) * 16) * factor + rim;
        piece[k * 4 + ch] = Math.max(0, Math.min(255, Math.round(v * m)));
      }
      piece[k * 4 + 3] = Math.round(255 * Math.max(m, 0.35 * (shadow.data[k] ?? 0) * (1 - m)));
    }
  }
  const [background, pieceImage] = await Promise.all([
    encode(img, WIDTH, HEIGHT, 3),
    encode(piece, PIECE, PIECE, 4),
  ]);
  return { background, piece: pieceImage, shape };
}
