import { endsCleanly, sniffImageFormat } from '../image-format';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

describe('sniffImageFormat', () => {
  it.each([
    ['jpeg', hex('ffd8ffe0 00104a46 49460001')],
    ['jpeg', hex('ffd8ffe1 1234 45786966 0000')],
    ['png', hex('89504e47 0d0a1a0a 0000000d 49484452')],
    ['gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['gif', Buffer.from('GIF87a\x01\x00\x01\x00', 'latin1')],
    ['webp', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00', 'latin1')],
    ['webp', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8L\x18\x00\x00\x00', 'latin1')],
    ['webp', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00', 'latin1')],
  ])('recognises %s by its magic number', (format, bytes) => {
    expect(sniffImageFormat(bytes)).toBe(format);
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['SVG with an XML prolog', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['HTML', '<!doctype html><html><script>alert(1)</script></html>'],
    ['PDF', '%PDF-1.7\n1 0 obj<<>>endobj'],
    ['a RIFF that is not WebP (WAV)', 'RIFF\x24\x00\x00\x00WAVEfmt '],
    ['WebP without a known chunk', 'RIFF\x24\x00\x00\x00WEBPJUNK'],
    ['text', 'hello'],
    ['a BMP', 'BM\x00\x00\x00\x00'],
    ['a TIFF', 'II*\x00\x08\x00\x00\x00'],
    ['a HEIC', '\x00\x00\x00\x18ftypheic'],
    ['a truncated PNG signature', '\x89PNG'],
    ['nothing', ''],
  ])('refuses %s', (_label, text) => {
    expect(sniffImageFormat(Buffer.from(text, 'latin1'))).toBeNull();
  });

  it('does not look past the start (a JPEG inside HTML is still HTML)', () => {
    const html = Buffer.concat([Buffer.from('<html>'), hex('ffd8ffe000104a464946')]);
    expect(sniffImageFormat(html)).toBeNull();
  });
});

describe('endsCleanly', () => {
  const iend = hex('00000000 49454e44 ae426082');
  const riff = (size: number, length: number) => {
    const bytes = Buffer.alloc(length);
    bytes.write('RIFF', 0, 'latin1');
    bytes.writeUInt32LE(size, 4);
    bytes.write('WEBPVP8 ', 8, 'latin1');
    return bytes;
  };

  it.each([
    ['jpeg', hex('ffd8ffe0 0010 ffd9'), true],
    ['jpeg', hex('ffd8ffe0 0010 ff'), false],
    ['jpeg', Buffer.concat([hex('ffd8ffe0 ffd9'), Buffer.from('trailer')]), false],
    ['png', Buffer.concat([hex('89504e47 0d0a1a0a'), iend]), true],
    ['png', Buffer.concat([hex('89504e47 0d0a1a0a'), iend.subarray(0, 11)]), false],
    ['png', iend.subarray(4), false],
    ['gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00\x3b', 'latin1'), true],
    ['gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00\x00', 'latin1'), false],
    ['webp', riff(32, 40), true],
    ['webp', riff(32, 39), false],
    ['webp', riff(32, 41), false],
  ] as const)('%s, case %#', (format, bytes, expected) => {
    expect(endsCleanly(bytes, format)).toBe(expected);
  });
});
