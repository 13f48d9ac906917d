/** Terminal colours, only when the output is a terminal and NO_COLOR is not set. */
export interface Paint {
  dim(text: string): string;
  bold(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  cyan(text: string): string;
}

export function paintFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Paint {
  const on = Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb';
  const wrap = (open: number, close: number) => (text: string) =>
    on ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    dim: wrap(2, 22),
    bold: wrap(1, 22),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    green: wrap(32, 39),
    cyan: wrap(36, 39),
  };
}

// eslint-disable-next-line no-control-regex -- matching ANSI escape sequences is the point
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

interface PinoLine {
  level?: number | string;
  time?: number | string;
  msg?: unknown;
  message?: unknown;
  context?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
}

function clock(time: number | string | undefined): string {
  const date = time === undefined ? new Date() : new Date(time);
  if (Number.isNaN(date.getTime())) return '--:--:--';
  return date.toTimeString().slice(0, 8);
}

/**
 * One pino JSON line → "12:34:56 INFO  [Context] message (GET /api/x 200 12 ms)", with the error's
 * stack for errors. Anything that is not a pino line comes back unchanged.
 */
export function formatPinoLine(line: string, paint: Paint): string {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return line;
  let entry: PinoLine;
  try {
    entry = JSON.parse(trimmed) as PinoLine;
  } catch {
    return line;
  }
  if (
    typeof entry !== 'object' ||
    entry === null ||
    (entry.msg === undefined && entry.level === undefined)
  ) {
    return line;
  }
  const numeric = typeof entry.level === 'number' ? entry.level : undefined;
  const label = (
    numeric !== undefined ? (LEVELS[numeric] ?? String(numeric)) : String(entry.level ?? 'INFO')
  ).toUpperCase();
  const severity =
    numeric ?? ({ WARN: 40, ERROR: 50, FATAL: 60 } as Record<string, number>)[label] ?? 30;
  const colour =
    severity >= 50
      ? paint.red
      : severity >= 40
        ? paint.yellow
        : severity >= 30
          ? paint.green
          : paint.dim;

  const parts = [paint.dim(clock(entry.time)), colour(label.padEnd(5))];
  if (typeof entry.context === 'string') parts.push(paint.cyan(`[${entry.context}]`));
  const message = entry.msg ?? entry.message;
  if (message !== undefined)
    parts.push(typeof message === 'string' ? message : JSON.stringify(message));
  const request = [
    entry.req?.method,
    entry.req?.url,
    entry.res?.statusCode,
    typeof entry.responseTime === 'number' ? `${Math.round(entry.responseTime)} ms` : undefined,
  ].filter((part) => part !== undefined);
  if (request.length > 0) parts.push(paint.dim(`(${request.join(' ')})`));
  let text = parts.join(' ');
  if (entry.err) {
    const detail = entry.err.stack ?? `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}`;
    if (!(typeof message === 'string' && detail.trim() === message.trim())) {
      text += `\n${detail
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n')}`;
    }
  }
  return text;
}

/** `postgres://user:***@host/db`: the password never reaches the terminal. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  }
}
