import type { Rng } from './raster.js';

/** What each side of a piece carries: nothing, a knob outwards, or a socket inwards. */
type Side = 'flat' | 'knob' | 'socket';

export interface PieceShape {
  /** Top, right, bottom, left. */
  sides: [Side, Side, Side, Side];
  /** Where along each side its knob or socket sits, 0-1. */
  along: [number, number, number, number];
  body: number;
  corner: number;
  knob: number;
  /** Degrees. */
  rotation: number;
}

const SIDES: Side[] = ['flat', 'knob', 'socket'];

/** A jigsaw-like piece: a rounded square body with at least two knobs or sockets. */
export function randomShape(rng: Rng, body: number): PieceShape {
  let sides: [Side, Side, Side, Side];
  do {
    sides = [pick(rng), pick(rng), pick(rng), pick(rng)];
  } while (sides.filter((s) => s !== 'flat').length < 2);
  return {
    sides,
    along: [0, 0, 0, 0].map(() => 0.38 + rng() * 0.24) as PieceShape['along'],
    body,
    corner: 3 + rng() * 4,
    knob: body * (0.16 + rng() * 0.04),
    rotation: (rng() * 2 - 1) * 9,
  };
}

/**
 * A decoy a person tells apart from `shape` at a glance (one side carries a knob, a socket or
 * nothing where the piece has something else) while the rest of its outline is exactly the
 * piece's: a template of the piece laid over it matches nearly all the way round, better than
 * over the gap, which is drawn larger and tilted (gapShape).
 */
export function decoyShape(rng: Rng, shape: PieceShape): PieceShape {
  const sides = [...shape.sides] as PieceShape['sides'];
  const i = Math.floor(rng() * 4);
  // A knob or socket appears or disappears: most of the outline stays the piece's.
  const side = sides[i];
  sides[i] = side === 'flat' ? (rng() < 0.5 ? 'knob' : 'socket') : 'flat';
  return { ...shape, sides };
}

/**
 * The gap: the piece's own outline a little larger (the piece sits inside it with a margin, as in
 * a real jigsaw) and with its knobs nudged; a person sees the same shape, a fixed template does not.
 */
export function gapShape(rng: Rng, shape: PieceShape): PieceShape {
  const scale = 1.1 + rng() * 0.08;
  return {
    ...shape,
    body: shape.body * scale,
    knob: shape.knob * scale,
    along: shape.along.map((a) => a + (rng() - 0.5) * 0.08) as PieceShape['along'],
    rotation: shape.rotation + (rng() < 0.5 ? -1 : 1) * (6 + rng() * 5),
  };
}

function pick(rng: Rng): Side {
  return SIDES[Math.floor(rng() * SIDES.length)] ?? 'flat';
}

/** The shape as SVG elements in `colour` on black, centred at (cx, cy). */
export function shapeSvg(shape: PieceShape, cx: number, cy: number, colour = '#fff'): string {
  const half = shape.body / 2;
  const offset = shape.knob * 0.55;
  const knobs: string[] = [];
  const sockets: string[] = [];
  // Unit vectors of each side's outward normal and of the direction along it.
  const frames: [number, number, number, number][] = [
    [0, -1, 1, 0],
    [1, 0, 0, 1],
    [0, 1, -1, 0],
    [-1, 0, 0, -1],
  ];
  shape.sides.forEach((side, i) => {
    if (side === 'flat') return;
    const [nx, ny, ax, ay] = frames[i] ?? [0, 0, 0, 0];
    const t = ((shape.along[i] ?? 0.5) - 0.5) * shape.body;
    const d = side === 'knob' ? half + offset : half - offset;
    const x = cx + nx * d + ax * t;
    const y = cy + ny * d + ay * t;
    const circle = `<circle cx="${x.toFixed(2)}" cy="${y.toFixed(2)}" r="${shape.knob.toFixed(2)}" fill="${side === 'knob' ? colour : '#000'}"/>`;
    (side === 'knob' ? knobs : sockets).push(circle);
  });
  return (
    `<g transform="rotate(${shape.rotation.toFixed(2)} ${cx} ${cy})">` +
    `<rect x="${cx - half}" y="${cy - half}" width="${shape.body}" height="${shape.body}" rx="${shape.corner.toFixed(2)}" fill="${colour}"/>` +
    `${knobs.join('')}${sockets.join('')}</g>`
  );
}
