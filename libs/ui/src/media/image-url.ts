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
