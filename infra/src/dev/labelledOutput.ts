import type { Readable } from 'node:stream';

const COLOURS = [36, 35, 33, 32, 34, 91, 96] as const;
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;
const width = 11;
const assigned = new Map<string, number>();

/** `label | line`, coloured per process when the terminal supports it. */
export const labelled = (label: string) => {
  if (!assigned.has(label)) assigned.set(label, COLOURS[assigned.size % COLOURS.length]!);
  const colour = assigned.get(label)!;
  const prefix = useColour
    ? `\x1b[${colour}m${label.padEnd(width)}|\x1b[0m `
    : `${label.padEnd(width)}| `;
  return (line: string) => process.stdout.write(`${prefix}${line}\n`);
};

/** Splits a child's stream into lines and prints each with the label. */
export const pipeLines = (stream: Readable | null, print: (line: string) => void) => {
  let pending = '';
  stream?.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') print(line);
  });
  stream?.on('end', () => {
    if (pending.trim() !== '') print(pending);
  });
};
