import { describe, expect, it } from 'vitest';
import { formatJson, formatPlain } from './logger.ts';

const at = new Date('2026-11-23T23:45:01.123Z');

describe('formatJson (LOG_FORMAT=json)', () => {
  it('writes one JSON object with time, level, msg and the fields beside them', () => {
    const line = formatJson('info', 'POST /api/properties 201', { requestId: 'r-1', ms: 12.5 }, at);
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      time: '2026-11-23T23:45:01.123Z',
      level: 'info',
      msg: 'POST /api/properties 201',
      requestId: 'r-1',
      ms: 12.5,
    });
    // The core keys come first, so a line reads the same in a terminal.
    expect(line.startsWith('{"time":"2026-11-23T23:45:01.123Z","level":"info","msg":')).toBe(true);
  });

  it('keeps a message with newlines and quotes on one line', () => {
    const line = formatJson('error', 'boom\n"quoted"', undefined, at);
    expect(line.split('\n')).toHaveLength(1);
    expect(JSON.parse(line)).toMatchObject({ msg: 'boom\n"quoted"', level: 'error' });
  });

  it('never lets a field overwrite time, level or msg', () => {
    const entry = JSON.parse(
      formatJson('warn', 'real', { msg: 'forged', level: 'info', time: 'then' }, at),
    ) as Record<string, unknown>;
    expect(entry).toMatchObject({ msg: 'real', level: 'warn', time: at.toISOString() });
    expect(entry).toMatchObject({ _msg: 'forged', _level: 'info', _time: 'then' });
  });

  it('writes errors as message and stack, bigints as strings', () => {
    const error = new Error('lost the database');
    const entry = JSON.parse(formatJson('error', 'failed', { error, position: 12n }, at)) as {
      error: { message: string; stack: string };
      position: string;
    };
    expect(entry.error.message).toBe('lost the database');
    expect(entry.error.stack).toContain('lost the database');
    expect(entry.position).toBe('12');
  });
});

describe('formatPlain (the default)', () => {
  it('writes level, message and the fields as JSON', () => {
    expect(formatPlain('info', 'web listening', { port: 3000 })).toBe(
      'info web listening {"port":3000}',
    );
    expect(formatPlain('warn', 'no fields', {})).toBe('warn no fields');
  });
});
