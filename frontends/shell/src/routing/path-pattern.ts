/**
 * URL patterns of the shell's ownership table: literal segments, `:handle` (one segment that is
 * not a reserved word), `:name` (any one segment), and a trailing `*` (one or more further
 * segments).
 */
export interface CompiledPattern {
  segments: string[];
  wildcard: boolean;
}

export const splitPath = (path: string) => path.split('/').filter(Boolean);

export function compilePattern(pattern: string): CompiledPattern {
  const segments = splitPath(pattern);
  const wildcard = segments.at(-1) === '*';
  return { segments: wildcard ? segments.slice(0, -1) : segments, wildcard };
}

export function matchesPattern(
  { segments, wildcard }: CompiledPattern,
  pathSegments: string[],
  isReserved: (segment: string) => boolean,
): boolean {
  if (wildcard ? pathSegments.length <= segments.length : pathSegments.length !== segments.length) {
    return false;
  }
  return segments.every((segment, index) => {
    const actual = pathSegments[index] as string;
    if (segment === ':handle') return !isReserved(actual);
    if (segment.startsWith(':')) return true;
    return segment === actual;
  });
}
