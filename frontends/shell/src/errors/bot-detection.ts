/**
 * Crawlers and link-preview fetchers. They get a bare page instead of the error page, so error
 * details never end up in a search index or a chat preview.
 */
const botPattern =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|facebot|embedly|quora link preview|pinterest|bingpreview|whatsapp|telegram|discord|slack|skypeuripreview|vkshare|w3c_validator|lighthouse|ia_archiver|yandex|baidu|duckduck|petalbot|semrush|ahrefs|applebot|google-inspectiontool|chrome-lighthouse/i;

export function isBot(userAgent: string | undefined): boolean {
  return Boolean(userAgent) && botPattern.test(userAgent as string);
}
