/**
 * Contact protection: phone numbers and email addresses in a tenant's
 * messages are hidden from the owner until the owner has replied, so a
 * spammer's first message cannot pull the owner off the platform.
 *
 * Detection runs on a folded copy of the text (compatibility forms to plain
 * ones, any script's digits to ASCII, invisible characters dropped) and the
 * matches are mapped back, so what is hidden is the original span and what
 * is shown stays as the sender wrote it.
 */
export const HIDDEN_PHONE = '[phone number hidden until you reply]';
export const HIDDEN_EMAIL = '[email hidden until you reply]';

/** How many of a sender's consecutive messages a number split over messages is looked for in. */
export const SPLIT_WINDOW = 4;

/** The zero of each decimal digit block NFKC leaves alone (Indic scripts and neighbours). */
const DIGIT_ZEROS = [
  0x0660, 0x06f0, 0x07c0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66,
  0x0de6, 0x0e50, 0x0ed0, 0x0f20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90,
  0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0,
];

const asciiDigit = (cp: number): string | null => {
  for (const zero of DIGIT_ZEROS) if (cp >= zero && cp <= zero + 9) return String(cp - zero);
  return null;
};

/** Zero-width and other invisible format characters (the soft hyphen among them), and blank fillers. */
const FORMAT = /^\p{Cf}$/u;
const FILLERS = new Set([0x034f, 0x115f, 0x1160, 0x3164, 0xffa0]);
const isInvisible = (char: string) => FORMAT.test(char) || FILLERS.has(char.codePointAt(0)!);

type Folded = { text: string; start: number[]; end: number[] };

/** The text as detection reads it, with each folded character's span in the original. */
const fold = (original: string): Folded => {
  const folded: Folded = { text: '', start: [], end: [] };
  let at = 0;
  for (const char of original) {
    const from = at;
    at += char.length;
    if (isInvisible(char)) continue;
    const digit = asciiDigit(char.codePointAt(0)!);
    const plain = digit ?? char.normalize('NFKC');
    for (const unit of plain) {
      folded.text += unit;
      folded.start.push(from);
      folded.end.push(at);
    }
  }
  return folded;
};

const OPEN = '[\\s(\\[{<]*';
const CLOSE = '[\\s)\\]}>]*';
/** `@`, and "at" spelled out: `(at)`, `[at]`, ` at `. */
const AT = `(?:\\s*@\\s*|\\s*[(\\[{<]\\s*at\\s*[)\\]}>]\\s*|\\s+at\\s+)`;
/** `.`, and "dot" spelled out: `(dot)`, `[dot]`, ` dot `; a plain dot takes no spaces, as a sentence's full stop does. */
const DOT = `(?:\\.|${OPEN}\\bdot\\b${CLOSE})`;
const LABEL = '[\\p{L}\\p{N}-]+';
const EMAIL = new RegExp(
  `[\\p{L}\\p{N}._%+-]+${AT}${LABEL}(?:${DOT}${LABEL})*${DOT}\\p{L}{2,}`,
  'giu',
);

/** Digits joined by short runs of anything but letters and digits (spaces, `_`, `/`, `-`, newlines, …). */
const DIGIT_RUN = /(?:\+\s*|\()?\d(?:[^\p{L}\p{N}]{0,3}\d)*/gu;
/** Enough digits to ring someone: Indian mobiles, landlines with STD codes. */
const PHONE_DIGITS = 8;
/** Shapes that are plainly not phone numbers: dates, times, rupee amounts. */
const DATE = /^\d{1,2}([/.-])\d{1,2}\1\d{2,4}$/;
const TIMES = /^\d{1,2}[:.]\d{2}(?:\s*-\s*\d{1,2}[:.]\d{2})?$/;
const RUPEES_BEFORE = /(?:₹|\brs\.?|\binr)\s*$/i;
/** A whole phone number once split parts are put together: a mobile, or a landline with its STD code. */
const SPLIT_PHONE = /^(?:(?:\+?|00)91|0)?[6-9]\d{9}$|^0\d{9,10}$/;

const digitsOf = (s: string) => s.replace(/\D/g, '');

type Span = { from: number; to: number; kind: 'phone' | 'email' };
type Fragment = { message: number; from: number; to: number; digits: string };

const isInnocent = (folded: string, run: string, index: number) =>
  !SPLIT_PHONE.test(digitsOf(run)) &&
  (DATE.test(run) || TIMES.test(run) || RUPEES_BEFORE.test(folded.slice(0, index)));

/** The spans (in the original) of whole contacts, and the short digit runs left over. */
const scan = (original: string, message: number) => {
  const f = fold(original);
  const spans: Span[] = [];
  const fragments: Fragment[] = [];
  const toSpan = (index: number, length: number) => ({
    from: f.start[index]!,
    to: f.end[index + length - 1]!,
  });
  for (const m of f.text.matchAll(EMAIL))
    spans.push({ ...toSpan(m.index, m[0].length), kind: 'email' });
  const inEmail = (i: number) => spans.some((s) => f.start[i]! >= s.from && f.start[i]! < s.to);
  for (const m of f.text.matchAll(DIGIT_RUN)) {
    if (inEmail(m.index)) continue;
    const digits = digitsOf(m[0]);
    const span = toSpan(m.index, m[0].length);
    if (digits.length >= PHONE_DIGITS && !isInnocent(f.text, m[0], m.index))
      spans.push({ ...span, kind: 'phone' });
    else if (digits.length < PHONE_DIGITS) fragments.push({ message, ...span, digits });
  }
  return { spans, fragments };
};

/** Fragments that, read in order over consecutive messages, spell one phone number. */
const splitNumbers = (fragments: readonly Fragment[]): Fragment[] => {
  const hidden = new Set<Fragment>();
  for (let first = 0; first < fragments.length; first++) {
    let digits = '';
    for (let last = first; last < fragments.length; last++) {
      const part = fragments[last]!;
      if (part.message - fragments[first]!.message >= SPLIT_WINDOW) break;
      digits += part.digits;
      if (digits.length > 13) break;
      if (part.message !== fragments[first]!.message && SPLIT_PHONE.test(digits))
        for (let i = first; i <= last; i++) hidden.add(fragments[i]!);
    }
  }
  return [...hidden];
};

const hide = (original: string, spans: readonly Span[]): string => {
  let out = original;
  const byEnd = [...spans].sort((a, b) => b.from - a.from);
  let limit = Infinity;
  for (const s of byEnd) {
    if (s.to > limit) continue;
    out =
      out.slice(0, s.from) + (s.kind === 'email' ? HIDDEN_EMAIL : HIDDEN_PHONE) + out.slice(s.to);
    limit = s.from;
  }
  return out;
};

/**
 * One sender's consecutive messages, oldest first, each with its contacts
 * hidden: whole numbers and addresses in any message, and the parts of a
 * number split over up to `SPLIT_WINDOW` messages ("98765", then "43210").
 */
export const maskMessages = (bodies: readonly string[]): string[] => {
  const scans = bodies.map((body, i) => scan(body, i));
  const split = splitNumbers(scans.flatMap((s) => s.fragments));
  return bodies.map((body, i) =>
    hide(body, [
      ...scans[i]!.spans,
      ...split.filter((p) => p.message === i).map((p) => ({ ...p, kind: 'phone' as const })),
    ]),
  );
};

/**
 * One message with its contacts hidden; `earlier` and `later` are the same
 * sender's neighbouring messages in the conversation (oldest first), so that
 * a number split over them is caught too.
 */
export const maskContacts = (
  text: string,
  earlier: readonly string[] = [],
  later: readonly string[] = [],
): string => maskMessages([...earlier, text, ...later])[earlier.length]!;

/** Whether `viewerId` sees this message with its contacts hidden. */
export const isMasked = (
  message: { senderId: string },
  conversation: { ownerId: string; ownerReplied: boolean },
  viewerId: string,
): boolean =>
  viewerId === conversation.ownerId &&
  !conversation.ownerReplied &&
  message.senderId !== conversation.ownerId;
