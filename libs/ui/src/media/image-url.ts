/** Public URL of an image in the storage bucket `images` (spec: /storage/v1/object/public/images/{ref}). */
export function storageImageUrl(ref: string): string {
  if (/^(https?:|data:|blob:|\/)/.test(ref)) return ref;
  const encoded = ref.split('/').map(encodeURIComponent).join('/');
  return `/storage/v1/object/public/images/${encoded}`;
}

/** One stored size of an image, as the API describes it. */
export interface ImageVariantLike {
  width: number;
  height: number;
  ref: string;
}

/**
 * `srcset` of an image's size variants ("url 480w, url 1080w"), plus the original at its own
 * width, so the browser picks the smallest file that fills the box. Empty without variants.
 */
export function variantSrcSet(
  variants: readonly ImageVariantLike[] | null | undefined,
  original?: { ref: string; width?: number | null },
): string | undefined {
  const sizes = [...(variants ?? [])];
  if (original?.width && !sizes.some((variant) => variant.width === original.width)) {
    sizes.push({ ref: original.ref, width: original.width, height: 0 });
  }
  if (sizes.length === 0) return undefined;
  return sizes
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${storageImageUrl(variant.ref)} ${variant.width}w`)
    .join(', ');
}

/** The largest stored size, for a full-screen view; the original when there are no variants. */
export function largestImageRef(
  ref: string,
  variants: readonly ImageVariantLike[] | null | undefined,
): string {
  const largest = [...(variants ?? [])].sort((a, b) => b.width - a.width)[0];
  return largest?.ref ?? ref;
}

/**
 * True while an uploaded photo is still being rendered: the API lists no variants yet (an empty
 * list; `null`/absent means the source never has variants) and has not given up on it (`failed`).
 * Its files are not served until then, so show its placeholder and fetch it again later.
 */
export function isRendering(photo: {
  variants?: readonly ImageVariantLike[] | null;
  failed?: boolean | null;
}): boolean {
  return !photo.failed && Array.isArray(photo.variants) && photo.variants.length === 0;
}

/** How often a page showing photos still being rendered fetches them again, and for how long. */
export const RENDERING_REFETCH = { intervalMs: 2_000, maxTimes: 30 } as const;

/**
 * For TanStack Query's `refetchInterval`: fetch again while any of the photos is rendering, a
 * limited number of times (a photo that could not be rendered says so and is not waited for).
 */
export function refetchWhileRendering<T>(
  photosOf: (
    data: T,
  ) => ReadonlyArray<{ variants?: readonly ImageVariantLike[] | null; failed?: boolean | null }>,
) {
  return (query: { state: { data: T | undefined; dataUpdateCount: number } }): number | false => {
    const data = query.state.data;
    if (data === undefined || query.state.dataUpdateCount > RENDERING_REFETCH.maxTimes)
      return false;
    return photosOf(data).some(isRendering) ? RENDERING_REFETCH.intervalMs : false;
  };
}
