import sharp from 'sharp';

/**
 * Plant photos drawn here (no download): a potted monstera, fern, succulent, trailing pothos or
 * snake plant on a shelf against a wall, as SVG with gradients, rendered by sharp and given
 * sensor-like noise, then saved as a camera-ish JPEG. `index` picks the plant, colours and layout.
 */
export const DEMO_PHOTO_KINDS = ['monstera', 'fern', 'succulent', 'pothos', 'snake plant'] as const;

/** What a photo of `index` shows, for its alt text. */
export function demoPhotoAlt(index: number): string {
  const kind = DEMO_PHOTO_KINDS[index % DEMO_PHOTO_KINDS.length];
  return `A ${kind} in a pot on a sunny shelf`;
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (value: number) => value.toFixed(1);

/** A leaf (pointed ellipse) from (x, y) at `angle` degrees, `length` long. */
function leafPath(x: number, y: number, length: number, width: number, angle: number): string {
  const a = (angle * Math.PI) / 180;
  const tipX = x + Math.cos(a) * length;
  const tipY = y + Math.sin(a) * length;
  const nx = -Math.sin(a) * width;
  const ny = Math.cos(a) * width;
  const mx = (x + tipX) / 2;
  const my = (y + tipY) / 2;
  return `M${f(x)},${f(y)} Q${f(mx + nx)},${f(my + ny)} ${f(tipX)},${f(tipY)} Q${f(mx - nx)},${f(my - ny)} ${f(x)},${f(y)}Z`;
}

function monstera(cx: number, base: number, size: number, rnd: () => number): string {
  const parts: string[] = [];
  for (let leaf = 0; leaf < 7; leaf += 1) {
    const angle = -160 + leaf * 23 + (rnd() - 0.5) * 12;
    const stem = size * (0.55 + rnd() * 0.35);
    const a = (angle * Math.PI) / 180;
    const lx = cx + Math.cos(a) * stem;
    const ly = base + Math.sin(a) * stem;
    const r = size * (0.2 + rnd() * 0.08);
    const light = 24 + Math.round(rnd() * 14);
    parts.push(
      `<path d="M${f(cx)},${f(base)} Q${f(cx + Math.cos(a) * stem * 0.4)},${f(base + Math.sin(a) * stem * 0.7)} ${f(lx)},${f(ly)}" stroke="hsl(100,35%,30%)" stroke-width="${f(size * 0.018)}" fill="none"/>`,
      `<g transform="translate(${f(lx)},${f(ly)}) rotate(${f(angle + 90)})">`,
      `<path d="M0,${f(r)} C${f(-r * 1.3)},${f(r * 0.6)} ${f(-r * 1.2)},${f(-r * 1.1)} 0,${f(-r)} C${f(r * 1.2)},${f(-r * 1.1)} ${f(r * 1.3)},${f(r * 0.6)} 0,${f(r)}Z" fill="url(#leaf)" style="filter:brightness(1)" opacity="0.97"/>`,
      `<path d="M0,${f(r)} L0,${f(-r * 0.9)}" stroke="hsl(95,40%,${light + 20}%)" stroke-width="${f(r * 0.04)}"/>`,
    );
    // The splits and holes that make it a monstera.
    for (let cut = 0; cut < 4; cut += 1) {
      const y = -r * 0.6 + cut * r * 0.4;
      for (const side of [-1, 1]) {
        parts.push(
          `<path d="M${f(side * r * 1.25)},${f(y)} L${f(side * r * 0.35)},${f(y + r * 0.08)} L${f(side * r * 1.25)},${f(y + r * 0.12)}Z" fill="url(#wall)"/>`,
        );
        if (cut % 2 === 1)
          parts.push(
            `<ellipse cx="${f(side * r * 0.22)}" cy="${f(y - r * 0.18)}" rx="${f(r * 0.06)}" ry="${f(r * 0.1)}" fill="url(#wall)"/>`,
          );
      }
    }
    parts.push('</g>');
  }
  return parts.join('');
}

function fern(cx: number, base: number, size: number, rnd: () => number): string {
  const parts: string[] = [];
  for (let frond = 0; frond < 11; frond += 1) {
    const angle = -175 + frond * 17 + (rnd() - 0.5) * 8;
    const length = size * (0.6 + rnd() * 0.4);
    const a = (angle * Math.PI) / 180;
    for (let step = 1; step <= 16; step += 1) {
      const t = step / 16;
      const droop = t * t * length * 0.35;
      const x = cx + Math.cos(a) * length * t;
      const y = base + Math.sin(a) * length * t + droop;
      const pinna = size * 0.09 * (1 - t * 0.75);
      for (const side of [-1, 1])
        parts.push(
          `<path d="${leafPath(x, y, pinna, pinna * 0.22, angle + side * 65 + t * 20)}" fill="hsl(${100 + frond * 2},${45 + step}%,${30 + step}%)"/>`,
        );
    }
  }
  return parts.join('');
}

function succulent(cx: number, base: number, size: number, rnd: () => number): string {
  const parts: string[] = [];
  const hue = 150 + rnd() * 30;
  const cy = base - size * 0.12;
  for (let ring = 3; ring >= 0; ring -= 1) {
    const count = 6 + ring * 3;
    const length = size * (0.16 + ring * 0.12);
    for (let petal = 0; petal < count; petal += 1) {
      const angle = (petal * 360) / count + ring * 17;
      const y = cy;
      parts.push(
        `<path d="${leafPath(cx, y, length, length * 0.32, angle)}" fill="hsl(${f(hue - ring * 6)},${30 + ring * 5}%,${62 - ring * 8}%)" stroke="hsl(340,40%,60%)" stroke-width="${f(size * 0.004)}" transform="scale(1,0.55) translate(0,${f(y * 0.82)})"/>`,
      );
    }
  }
  return parts.join('');
}

function pothos(cx: number, base: number, size: number, rnd: () => number): string {
  const parts: string[] = [];
  for (let vine = 0; vine < 6; vine += 1) {
    const side = vine % 2 === 0 ? -1 : 1;
    let x = cx + side * size * 0.1;
    let y = base - size * 0.05;
    const sway = side * (0.05 + rnd() * 0.1);
    for (let node = 0; node < 9; node += 1) {
      const nx = x + side * size * 0.05 + sway * size * 0.2;
      const ny = y + size * (node < 2 ? -0.05 : 0.09);
      parts.push(
        `<path d="M${f(x)},${f(y)} L${f(nx)},${f(ny)}" stroke="hsl(90,35%,35%)" stroke-width="${f(size * 0.01)}"/>`,
        `<path d="${leafPath(nx, ny, size * 0.13, size * 0.06, node % 2 ? 20 : 160)}" fill="hsl(${90 + node * 3},${50 + vine * 3}%,${34 + (node % 3) * 8}%)"/>`,
        `<path d="${leafPath(nx, ny, size * 0.09, size * 0.02, node % 2 ? 20 : 160)}" fill="hsl(55,60%,75%)" opacity="0.45"/>`,
      );
      x = nx;
      y = ny;
    }
  }
  return parts.join('');
}

function snakePlant(cx: number, base: number, size: number, rnd: () => number): string {
  const parts: string[] = [];
  for (let blade = 0; blade < 8; blade += 1) {
    const x = cx + (blade - 3.5) * size * 0.06;
    const height = size * (0.7 + rnd() * 0.5);
    const lean = (blade - 3.5) * size * 0.03;
    const width = size * 0.045;
    parts.push(
      `<path d="M${f(x - width)},${f(base)} Q${f(x - width + lean * 0.3)},${f(base - height * 0.6)} ${f(x + lean)},${f(base - height)} Q${f(x + width + lean * 0.3)},${f(base - height * 0.6)} ${f(x + width)},${f(base)}Z" fill="url(#blade)" stroke="hsl(55,70%,60%)" stroke-width="${f(size * 0.008)}"/>`,
    );
    for (let band = 1; band < 7; band += 1) {
      const by = base - (height * band) / 7;
      parts.push(
        `<path d="M${f(x - width * 0.7 + (lean * band) / 7)},${f(by)} q${f(width * 0.7)},${f(-size * 0.012)} ${f(width * 1.4)},0" stroke="hsl(120,30%,18%)" stroke-width="${f(size * 0.006)}" fill="none" opacity="0.6"/>`,
      );
    }
  }
  return parts.join('');
}

const DRAW = [monstera, fern, succulent, pothos, snakePlant];

function photoSvg(index: number, width: number, height: number): string {
  const rnd = random(0x5eed + index * 7919);
  const wallHue = [35, 200, 20, 160, 45][index % 5] + Math.round(rnd() * 20);
  const potHue = [18, 28, 200, 0, 40][Math.floor(index / 5) % 5];
  const shelfY = height * (0.72 + rnd() * 0.08);
  const cx = width * (0.4 + rnd() * 0.2);
  const potWidth = width * 0.2;
  const potTop = shelfY - height * 0.22;
  const size = height * 0.55;
  const lightX = rnd() < 0.5 ? 0.15 : 0.85;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${wallHue},35%,86%)"/><stop offset="1" stop-color="hsl(${wallHue},25%,70%)"/>
    </linearGradient>
    <radialGradient id="sun" cx="${lightX}" cy="0.15" r="0.8">
      <stop offset="0" stop-color="hsl(48,100%,92%)" stop-opacity="0.75"/><stop offset="1" stop-color="hsl(48,100%,92%)" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shelf" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(30,35%,58%)"/><stop offset="1" stop-color="hsl(25,35%,38%)"/>
    </linearGradient>
    <linearGradient id="pot" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="hsl(${potHue},45%,38%)"/><stop offset="0.45" stop-color="hsl(${potHue},50%,58%)"/><stop offset="1" stop-color="hsl(${potHue},45%,32%)"/>
    </linearGradient>
    <linearGradient id="leaf" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(115,45%,38%)"/><stop offset="1" stop-color="hsl(135,55%,18%)"/>
    </linearGradient>
    <linearGradient id="blade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="hsl(110,40%,22%)"/><stop offset="0.5" stop-color="hsl(100,40%,40%)"/><stop offset="1" stop-color="hsl(110,40%,22%)"/>
    </linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="${f(height * 0.012)}"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#wall)"/>
  <rect x="${f(width * (lightX - 0.35))}" y="${f(height * 0.05)}" width="${f(width * 0.3)}" height="${f(height * 0.45)}" fill="hsl(48,100%,96%)" opacity="0.35" filter="url(#soft)" transform="skewX(-12)"/>
  <rect y="${f(shelfY)}" width="100%" height="${f(height - shelfY)}" fill="url(#shelf)"/>
  <rect y="${f(shelfY)}" width="100%" height="${f(height * 0.012)}" fill="hsl(30,40%,70%)"/>
  <ellipse cx="${f(cx + width * 0.03)}" cy="${f(shelfY + height * 0.01)}" rx="${f(potWidth * 0.75)}" ry="${f(height * 0.025)}" fill="black" opacity="0.25" filter="url(#soft)"/>
  <g>${DRAW[index % DRAW.length](cx, potTop, size, rnd)}</g>
  <path d="M${f(cx - potWidth / 2)},${f(potTop)} L${f(cx + potWidth / 2)},${f(potTop)} L${f(cx + potWidth * 0.38)},${f(shelfY)} L${f(cx - potWidth * 0.38)},${f(shelfY)}Z" fill="url(#pot)"/>
  <rect x="${f(cx - potWidth * 0.53)}" y="${f(potTop - height * 0.03)}" width="${f(potWidth * 1.06)}" height="${f(height * 0.045)}" rx="${f(height * 0.006)}" fill="url(#pot)"/>
  <rect width="100%" height="100%" fill="url(#sun)"/>
</svg>`;
}

/** A `width`×`height` JPEG of a drawn potted plant, with a little sensor noise. */
export async function demoPhoto(index: number, width = 1200, height = 900): Promise<Buffer> {
  const picture = await sharp(Buffer.from(photoSvg(index, width, height)))
    .removeAlpha()
    .raw()
    .toBuffer();
  const noise = Buffer.alloc(width * height * 3);
  let state = 0x9e3779b9 ^ (index + 1);
  for (let at = 0; at < noise.length; at += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    noise[at] = 128 + ((state & 15) - 8);
  }
  return sharp(picture, { raw: { width, height, channels: 3 } })
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}
