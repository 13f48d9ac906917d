import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import sharp from 'sharp';

/** Real images made by sharp for the tests (no binary fixtures). */

/** A photo-like gradient (so encoders and blurhash have something to work with). */
function gradient(width: number, height: number, channels: 3 | 4 = 3, frame = 0): Buffer {
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * channels;
      pixels[offset] = Math.round((x / width) * 255);
      pixels[offset + 1] = Math.round((y / height) * 255);
      pixels[offset + 2] = (frame * 90) % 256;
      if (channels === 4) pixels[offset + 3] = x < width / 2 ? 255 : 128;
    }
  }
  return pixels;
}

/**
 * A gradient of any size: drawn small in JavaScript, then stretched by sharp (filling big
 * buffers pixel by pixel is slow inside jest's sandbox).
 */
export function rawImage(width: number, height: number, channels: 3 | 4 = 3, frame = 0) {
  const small = { width: Math.min(width, 64), height: Math.min(height, 64), channels };
  return sharp(gradient(small.width, small.height, channels, frame), { raw: small }).resize(
    width,
    height,
    { fit: 'fill' },
  );
}

async function rawPixels(width: number, height: number, frame: number): Promise<Buffer> {
  return rawImage(width, height, 4, frame).raw().toBuffer();
}

export const GPS_MARKERS = ['Exif', 'GPS', 'WGS-84', 'PlantCam', 'xmpmeta'];

/**
 * A JPEG straight from a "phone": EXIF with camera, GPS position and orientation 6 (stored
 * sideways: the 300×200 pixels show as 200×300), plus XMP that repeats the position.
 */
export async function gpsTaggedJpeg(width = 300, height = 200): Promise<Buffer> {
  return rawImage(width, height)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PlantCam', Model: 'Fern 3' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 52/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '151/1 12/1 0/1',
        GPSMapDatum: 'WGS-84',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="33,52.0S"/>' +
        '</rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

export async function jpeg(width: number, height: number): Promise<Buffer> {
  return rawImage(width, height).jpeg({ quality: 80 }).toBuffer();
}

export async function pngWithAlpha(width: number, height: number): Promise<Buffer> {
  return rawImage(width, height, 4).png().toBuffer();
}

/**
 * A PNG whose header and end are intact but whose pixel data is damaged half-way through its
 * first IDAT chunk: only decoding it shows (the check of an upload's header and end passes).
 */
export async function damagedPng(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await rawImage(width, height).png().toBuffer());
  const idat = bytes.indexOf('IDAT');
  const length = bytes.readUInt32BE(idat - 4);
  const middle = idat + 4 + Math.floor(length / 2);
  for (let index = middle; index < middle + Math.min(64, length / 4); index++) bytes[index] ^= 0x5a;
  return bytes;
}

/** A PNG tagged with the Display P3 colour profile. */
export async function displayP3Png(width: number, height: number): Promise<Buffer> {
  return rawImage(width, height).withIccProfile('p3').png().toBuffer();
}

export async function webp(width: number, height: number): Promise<Buffer> {
  return rawImage(width, height).webp().toBuffer();
}

/** An animation of `frames` frames of width×height each. */
export async function animated(
  format: 'gif' | 'webp',
  width: number,
  height: number,
  frames = 3,
): Promise<Buffer> {
  const pages = Buffer.concat(
    await Promise.all(
      Array.from({ length: frames }, (_, frame) => rawPixels(width, height, frame)),
    ),
  );
  const image = sharp(pages, {
    raw: { width, height: height * frames, channels: 4, pageHeight: height },
  });
  const timing = { delay: Array(frames).fill(120), loop: 0 };
  return format === 'gif' ? image.gif(timing).toBuffer() : image.webp(timing).toBuffer();
}

/**
 * A PNG whose header claims width×height but whose pixel data is garbage: only a check of the
 * header (before any decoding) can answer "too many pixels" rather than "damaged".
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from('not really deflate data')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A GIF of `frames` frames of width×height whose pixel data is a single pixel: tiny to send,
 * readable as a header, but decoding it would have to allocate every frame in full.
 */
export function gifHeadersOnly(width: number, height: number, frames: number): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(width, 0);
  size.writeUInt16LE(height, 2);
  const frame = Buffer.concat([
    Buffer.from('21f904000a000000', 'hex'), // graphic control extension: 100 ms delay
    Buffer.from('2c00000000', 'hex'), // image descriptor at 0,0 …
    size, // … of the full size
    Buffer.from('00', 'hex'), // no local colour table
    Buffer.from('0202440100', 'hex'), // LZW data of one pixel
  ]);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    size,
    Buffer.from('800000', 'hex'), // a global colour table of 2 entries
    Buffer.from('000000ffffff', 'hex'),
    Buffer.from('21ff0b4e45545343415045322e300301000000', 'hex'), // loop forever
    ...Array.from({ length: frames }, () => frame),
    Buffer.from('3b', 'hex'),
  ]);
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script>' +
    '<rect width="64" height="64" fill="green"/></svg>',
);
export const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(1)</script></body></html>',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Every file under a test app's image storage, as refs. */
export async function storedRefs(storageDir: string, area: 'images' | 'private' = 'images') {
  const root = join(storageDir, area);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** Every file in a test app's private storage area (uploads' originals), as refs. */
export async function storedOriginals(storageDir: string): Promise<string[]> {
  return storedRefs(storageDir, 'private');
}

/** Finds any of the markers in the bytes (case-sensitive, as they are written). */
export function markersIn(bytes: Buffer, markers: string[]): string[] {
  return markers.filter((marker) => bytes.includes(Buffer.from(marker, 'latin1')));
}
