/** `https://plantfolk.test/x` → `webcal://plantfolk.test/x`: calendar apps subscribe to it. */
export function webcalUrl(url: string, origin: string = window.location.origin): string {
  if (url.startsWith('webcal://')) return url;
  const absolute = new URL(url, origin);
  return `webcal://${absolute.host}${absolute.pathname}${absolute.search}`;
}
