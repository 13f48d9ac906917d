/**
 * "Living text": what in a post's text is a link (a URL, a #hashtag, an @mention). The rules live
 * once in @plantfolk/living-text (libs/living-text), which the frontends render with too; the API
 * derives a post's hashtag tags, mention notices and link preview from them.
 */
export {
  firstUrlOf,
  hashtagsOf,
  mentionsOf,
  tokenize,
  type TextToken,
  URL_MAX,
} from '@plantfolk/living-text';
