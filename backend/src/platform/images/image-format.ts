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
