/** The formats we accept from users, by what their bytes are (never by name or declared type). */
export type AcceptedImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

/**
 * Reads the magic numbers at the start of the bytes. SVG, HTML, PDF, HEIC, TIFF, BMP and
 * everything else give null.
 */
export function sniffImageFormat(bytes: Uint8Array): AcceptedImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  // RIFF <size> WEBP, then the first chunk: VP8 (lossy), VP8L (lossless) or VP8X (extended).
  if (
    startsWith(bytes, ascii('RIFF')) &&
    startsWith(bytes, ascii('WEBP'), 8) &&
    (startsWith(bytes, ascii('VP8 '), 12) ||
      startsWith(bytes, ascii('VP8L'), 12) ||
      startsWith(bytes, ascii('VP8X'), 12))
  )
    return 'webp';
  return null;
}

const PNG_IEND = [0x00, 0x00, 0x00, 0x00, ...ascii('IEND'), 0xae, 0x42, 0x60, 0x82];

/**
 * Whether the file ends where its format says it ends, read from its last bytes alone: a JPEG
 * with its EOI marker, a PNG with its IEND chunk, a GIF with its trailer, a WebP whose RIFF size
 * matches the length. A file cut off in transfer fails this. A valid file may fail it too (a
 * phone's data appended after the image, a motion photo's video): that one needs a decode to be
 * judged. It says nothing about damage inside the file (that shows when it is decoded).
 */
export function endsCleanly(bytes: Uint8Array, format: AcceptedImageFormat): boolean {
  const length = bytes.length;
  switch (format) {
    case 'jpeg':
      return length >= 4 && bytes[length - 2] === 0xff && bytes[length - 1] === 0xd9;
    case 'png':
      return length >= PNG_IEND.length && startsWith(bytes, PNG_IEND, length - PNG_IEND.length);
    case 'gif':
      return length > 13 && bytes[length - 1] === 0x3b;
    case 'webp':
      // The RIFF size counts the bytes after its own 8-byte header (a padding byte included).
      return (
        length >= 12 &&
        new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true) + 8 ===
          length
      );
  }
}
