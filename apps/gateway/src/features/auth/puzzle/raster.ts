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
  const ox = rng() * cell;
  const oy = rng() * cell;
  const g = (gx: number, gy: number) => grid[gy * gw + gx] ?? 0;
  for (let y = 0; y < height; y++) {
    const fy = (y + oy) / cell;
    const iy = Math.floor(fy);
    const ty = smooth(fy - iy);
    for (let x = 0; x < width; x++) {
      const fx = (x + ox) / cell;
      const ix = Math.floor(fx);
      const tx = smooth(fx - ix);
      const top = g(ix, iy) + (g(ix + 1, iy) - g(ix, iy)) * tx;
      const bottom = g(ix, iy + 1) + (g(ix + 1, iy + 1) - g(ix, iy + 1)) * tx;
      out.data[y * width + x] = top + (bottom - top) * ty;
    }
  }
  return out;
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/** Separable Gaussian blur (edges clamped). */
export function blur(src: Plane, sigma: number): Plane {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const kernel = Array.from({ length: radius * 2 + 1 }, (_, i) =>
    Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)),
  );
  const sum = kernel.reduce((a, b) => a + b, 0);
  const k = kernel.map((v) => v / sum);
  const { width: w, height: h } = src;
  const pass = (input: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let acc = 0;
        for (let i = -radius; i <= radius; i++) {
          const sx = horizontal ? Math.min(w - 1, Math.max(0, x + i)) : x;
          const sy = horizontal ? y : Math.min(h - 1, Math.max(0, y + i));
          acc += (input[sy * w + sx] ?? 0) * (k[i + radius] ?? 0);
        }
        out[y * w + x] = acc;
      }
    }
    return out;
  };
  return { width: w, height: h, data: pass(pass(src.data, true), false) };
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
