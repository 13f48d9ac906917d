import { Text } from '@mantine/core';
import { BlurhashImage } from '../media/blurhash-image';
import { variantSrcSet, type ImageVariantLike } from '../media/image-url';
import { EXTERNAL_LINK_REL } from './living-text';

/** A post's link preview, as the API gives it (ContentItem.linkPreview). */
export interface LinkPreviewLike {
  url: string;
  title: string;
  description: string | null;
  siteName: string | null;
  image: {
    image_ref: string;
    variants: readonly ImageVariantLike[];
    blurhash: string;
    width: number;
    height: number;
  } | null;
}

/** The host a URL points at, without "www.", for showing; the URL itself if it cannot be parsed. */
export function displayDomain(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * The preview of a post's first URL, under the post: the page's image (re-hosted by us, with its
 * blurhash while it loads), title, description and domain. The whole card is one link to the page,
 * opening in a new tab like every external link in posts.
 */
export function LinkPreviewCard({ preview }: { preview: LinkPreviewLike }) {
  const domain = displayDomain(preview.url);
  const { image } = preview;
  return (
    <a
      className="pf-link-preview"
      href={preview.url}
      target="_blank"
      rel={EXTERNAL_LINK_REL}
      data-testid="link-preview"
    >
      {image && (
        <BlurhashImage
          className="pf-link-preview__image"
          src={image.image_ref}
          srcSet={variantSrcSet(image.variants)}
          sizes="(max-width: 640px) 100vw, 600px"
          blurhash={image.blurhash}
          width={image.width}
          height={image.height}
          aspectRatio="1.91 / 1"
          radius="0"
          alt=""
        />
      )}
      <span className="pf-link-preview__body">
        <Text span size="xs" c="dimmed" className="pf-link-preview__site">
          {preview.siteName ? `${preview.siteName} · ${domain}` : domain}
        </Text>
        <Text span fw={700} className="pf-link-preview__title">
          {preview.title}
        </Text>
        {preview.description && (
          <Text span size="sm" c="dimmed" className="pf-link-preview__description">
            {preview.description}
          </Text>
        )}
      </span>
    </a>
  );
}
