import { randomBytes } from 'node:crypto';

export type Rng = () => number;

/**
 * Uniform numbers in [0, 1) from the operating system's CSPRNG, read in blocks. The texture of a
 * puzzle must not be reproducible from a small seed: a script that could redraw the clean picture
 * would find every hole by subtraction.
 */
export function secureRng(): Rng {
  let block = randomBytes(0);
  let offset = 0;
  return () => {
    if (offset + 4 > block.length) {
      block = randomBytes(64 * 1024);
      offset = 0;
    }
    const v = block.readUInt32LE(offset);
    offset += 4;
    return v / 0x1_0000_0000;
  };
}

/** A single-channel float image, row-major. */
export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

export const plane = (width: number, height: number): Plane => ({
  width,
  height,
  data: new Float32Array(width * height),
});

/** Smooth value noise in [-1, 1] with features about `cell` pixels wide. */
export function valueNoise(rng: Rng, width: number, height: number, cell: number): Plane {
  const gw = Math.ceil(width / cell) + 2;
  const gh = Math.ceil(height / cell) + 2;
  const grid = Float32Array.from({ length: gw * gh }, () => rng() * 2 - 1);
  const out = plane(width, height);
  // Grid cell and smoothed fraction of every column and row, computed once.
  const cols = axis(width, cell, rng() * cell);
  const rows = axis(height, cell, rng() * cell);
  for (let y = 0; y < height; y++) {
    const iy = rows.index[y] ?? 0;
    const ty = rows.weight[y] ?? 0;
    const top = iy * gw;
    const bottom = top + gw;
    for (let x = 0; x < width; x++) {
      const ix = cols.index[x] ?? 0;
      const tx = cols.weight[x] ?? 0;
      const a = grid[top + ix] ?? 0;
      const b = grid[top + ix + 1] ?? 0;
      const c = grid[bottom + ix] ?? 0;
      const d = grid[bottom + ix + 1] ?? 0;
      const upper = a + (b - a) * tx;
      out.data[y * width + x] = upper + (c + (d - c) * tx - upper) * ty;
    }
  }
  return out;
}

function axis(length: number, cell: number, offset: number) {
  const index = new Int32Array(length);
  const weight = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const f = (i + offset) / cell;
    const t = f - Math.floor(f);
    index[i] = Math.floor(f);
    weight[i] = t * t * (3 - 2 * t);
  }
  return { index, weight };
}

/** Separable Gaussian blur (edges clamped). */
export function blur(src: Plane, sigma: number): Plane {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const kernel = new Float32Array(radius * 2 + 1);
  for (let i = -radius; i <= radius; i++)
    kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  const sum = kernel.reduce((a, b) => a + b, 0);
  for (let i = 0; i < kernel.length; i++) kernel[i] = (kernel[i] ?? 0) / sum;
  const { width: w, height: h } = src;
  const clampX = Int32Array.from({ length: w + 2 * radius }, (_, i) =>
    Math.min(w - 1, Math.max(0, i - radius)),
  );
  const clampY = Int32Array.from({ length: h + 2 * radius }, (_, i) =>
    Math.min(h - 1, Math.max(0, i - radius)),
  );
  const across = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let k = 0; k < kernel.length; k++)
        acc += (src.data[row + (clampX[x + k] ?? 0)] ?? 0) * (kernel[k] ?? 0);
      across[row + x] = acc;
    }
  }
  const out = plane(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let k = 0; k < kernel.length; k++)
        acc += (across[(clampY[y + k] ?? 0) * w + x] ?? 0) * (kernel[k] ?? 0);
      out.data[y * w + x] = acc;
    }
  }
  return out;
}

/**
 * Lambert-like relief of a soft mask lit from `angle`: positive where a raised shape's border
 * faces the light (a hole's far wall), negative on the other side; zero on flat ground.
 */
export function relief(mask: Plane, angle: number): Plane {
  const { width: w, height: h } = mask;
  const lx = Math.cos(angle);
  const ly = Math.sin(angle);
  const out = plane(w, h);
  const at = (x: number, y: number) =>
    mask.data[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))] ?? 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const gx = (at(x + 1, y) - at(x - 1, y)) / 2;
      const gy = (at(x, y + 1) - at(x, y - 1)) / 2;
      // The gradient points into the shape; a border whose outward normal faces the light is lit.
      out.data[y * w + x] = -(gx * lx + gy * ly);
    }
  }
  return out;
}
