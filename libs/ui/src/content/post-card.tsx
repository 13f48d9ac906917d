import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkPreviewCard, type LinkPreviewLike } from './link-preview-card';
import { LivingText } from './living-text';
import { UserAvatar } from '../media/user-avatar';
import { TimeAgo } from './time-ago';

export interface PostCardAuthor {
  username: string;
  /** How they like to be called: shown first, with the @username after it. */
  displayName?: string | null;
  avatar?: string | null;
  /** Where they are, e.g. "Fitzroy, Victoria". */
  place?: string | null;
}

export interface PostCardProps {
  /** Null when the API sent no summary of the author. */
  author: PostCardAuthor | null;
  /** Where the author's name leads (their profile). */
  authorHref?: string;
  createdAt: string;
  /** The post's own page; the time links there. */
  permalink?: string;
  /** Next to the time: who may see it, the listing's availability… */
  meta?: ReactNode;
  /** Top right: the author's menu. */
  headerAction?: ReactNode;
  /** Plain text; hashtags, mentions and URLs in it become links (LivingText). */
  text?: string;
  /** The preview of the text's first URL, shown under the text. */
  linkPreview?: LinkPreviewLike | null;
  /** Long texts fold after this height (px) with a "Show more" toggle; 0 never folds. */
  foldTextAt?: number;
  /** Between the header and the text (a plant listing's details). */
  before?: ReactNode;
  /** The photos. */
  media?: ReactNode;
  /** Tag links under the text. */
  tags?: ReactNode;
  /** Reactions, comments. */
  footer?: ReactNode;
  /** Under the footer: comments, inputs. */
  children?: ReactNode;
}

/**
 * A long text folded to `maxHeight` px with a "Show more" toggle. Mantine's Spoiler would make
 * every post's text an unnamed `region`, so a feed would hold dozens of identical landmarks.
 */
function FoldedText({ maxHeight, children }: { maxHeight: number; children: ReactNode }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const { ref, height } = useElementSize();
  const folds = height > maxHeight;
  return (
    <div>
      <div
        id={id}
        className="pf-folded-text"
        style={folds && !expanded ? { maxHeight } : undefined}
      >
        <div ref={ref}>{children}</div>
      </div>
      {folds && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          underline="hover"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </Anchor>
      )}
    </div>
  );
}

/** A post as an article: author and time, text, photos, tags, then its actions. */
export function PostCard({
  author,
  authorHref,
  createdAt,
  permalink,
  meta,
  headerAction,
  text,
  linkPreview,
  foldTextAt = 320,
  before,
  media,
  tags,
  footer,
  children,
}: PostCardProps) {
  const headingId = useId();
  const name = author?.username ?? 'A Plantfolk member';
  const heading = author?.displayName ? (
    <>
      {author.displayName}{' '}
      <Text span c="dimmed" fw={400} inherit>
        @{name}
      </Text>
    </>
  ) : (
    name
  );
  const time = <TimeAgo iso={createdAt} />;
  const body = text ? (
    <Text className="pf-post-card__text" component="div">
      <LivingText text={text} />
    </Text>
  ) : null;

  return (
    <article className="pf-post-card" aria-labelledby={headingId}>
      <Group className="pf-post-card__header" wrap="nowrap" align="flex-start" gap="sm">
        <UserAvatar user={{ username: name, avatar: author?.avatar }} size={44} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          {/* An h2: a post sits right under its page's h1 (a feed, a tag, a profile, its own page). */}
          <Text fw={700} component="h2" size="md" id={headingId} lh={1.3} truncate>
            {author && authorHref ? (
              <Anchor component={Link} to={authorHref} c="inherit" inherit underline="hover">
                {heading}
              </Anchor>
            ) : (
              heading
            )}
          </Text>
          <Group gap={6} c="dimmed" fz="sm" wrap="wrap">
            {author?.place && <span>{author.place}</span>}
            {author?.place && <span aria-hidden>·</span>}
            {permalink ? (
              <Anchor component={Link} to={permalink} c="dimmed" fz="sm" underline="hover">
                {time}
              </Anchor>
            ) : (
              time
            )}
            {meta}
          </Group>
        </Stack>
        {headerAction}
      </Group>
      {before}
      {body && (foldTextAt > 0 ? <FoldedText maxHeight={foldTextAt}>{body}</FoldedText> : body)}
      {linkPreview && <LinkPreviewCard preview={linkPreview} />}
      {tags}
      {media && <div className="pf-post-card__media">{media}</div>}
      {footer && <div className="pf-post-card__footer">{footer}</div>}
      {children}
    </article>
  );
}
