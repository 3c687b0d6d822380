/** A text's drawn width in the canvas's current font. */
export type MeasureText = (text: string) => number;

const ELLIPSIS = '…';
/** Characters a Chinese line never starts with (标点挤压: they stay with the character before). */
const NO_LINE_START = new Set([...'，。、；：？！）》」』】〕”’…,.;:?!)]}%']);
/** Latin words and numbers break as a whole; everything else (Chinese) between any two characters. */
const TOKEN = /[A-Za-z0-9][A-Za-z0-9.,'’%+\-/]*|\s+|[\s\S]/gu;

function tokens(text: string): string[] {
  return text.replace(/\s+/g, ' ').trim().match(TOKEN) ?? [];
}

/** `line` with an ellipsis, shortened until the two fit `maxWidth`. */
function withEllipsis(line: string, maxWidth: number, measure: MeasureText): string {
  const chars = [...line.trimEnd()];
  while (chars.length > 0 && measure(chars.join('') + ELLIPSIS) > maxWidth) chars.pop();
  return chars.join('').trimEnd() + ELLIPSIS;
}

/** Splits a token wider than a whole line into pieces that fit (a long number, a URL). */
function splitToFit(token: string, maxWidth: number, measure: MeasureText): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of token) {
    if (piece && measure(piece + char) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Lines of `text` no wider than `maxWidth`, at most `maxLines`; the last kept line ends in …
 * when text is left over. Chinese breaks between characters, Latin words and numbers whole,
 * and a closing mark (，。）…) never starts a line: it takes the character before it along.
 */
export function wrapText(text: string, maxWidth: number, measure: MeasureText, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const queue = tokens(text);
  while (queue.length > 0) {
    const token = queue.shift()!;
    if (!line && token === ' ') continue;
    if (measure(line + token) <= maxWidth) {
      line += token;
      continue;
    }
    if (!line) {
      const [first = '', ...rest] = splitToFit(token, maxWidth, measure);
      line = first;
      queue.unshift(...rest);
      continue;
    }
    let carried = '';
    if (NO_LINE_START.has(token[0] ?? '')) {
      const chars = [...line];
      // Take the character before along, unless it is the line's only one.
      if (chars.length > 1) carried = chars.pop()!;
      line = chars.join('');
    }
    lines.push(line.trimEnd());
    line = carried + (token === ' ' ? '' : token);
  }
  if (line) lines.push(line.trimEnd());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(kept[maxLines - 1] ?? '', maxWidth, measure);
  return kept;
}
