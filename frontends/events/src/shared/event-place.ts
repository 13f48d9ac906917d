/** What the API tells of a place (an event's location). */
export interface PlaceLike {
  name?: string | null;
  address?: string | null;
  suburb_city?: string | null;
  state?: string | null;
  country?: string | null;
}

/** "Community Hall, 12 Fern St, Fitzroy, Victoria": the place as one line of text. */
export function placeText(place: PlaceLike | null | undefined): string | null {
  if (!place) return null;
  const parts = [place.name, place.address, place.suburb_city, place.state]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
  if (parts.length === 0 && place.country) parts.push(place.country);
  return parts.length > 0 ? [...new Set(parts)].join(', ') : null;
}

/** An image's variant refs (`…-480.webp`) as a srcset, widths read from their names. */
export function variantsSrcSet(variants: readonly string[]): string | undefined {
  const sized = variants
    .map((ref) => ({ ref, width: Number(/-(\d+)\.\w+$/.exec(ref)?.[1]) }))
    .filter((variant) => Number.isFinite(variant.width) && variant.width > 0)
    .sort((a, b) => a.width - b.width);
  if (sized.length === 0) return undefined;
  return sized
    .map(
      ({ ref, width }) =>
        `/storage/v1/object/public/images/${ref.split('/').map(encodeURIComponent).join('/')} ${width}w`,
    )
    .join(', ');
}
