import { describe, expect, it } from 'vitest';
import {
  PHOTOS_PER_LISTING,
  VIEWED_KEPT,
  newestFirst,
  sendingOrder,
  smallestPhotos,
  toSend,
  type QueuedMessage,
} from './offlineCopies.ts';
import type { PropertyImage } from './types.ts';

const T0 = Date.UTC(2026, 11, 3, 8);

const photo = (id: string): PropertyImage => ({
  id,
  url: `/media/${id}-1600.webp`,
  caption: id,
  width: 1600,
  height: 1200,
  placeholder: 'data:image/webp;base64,AAAA',
  // Not in order on purpose: the smallest is chosen by width, not by position.
  variants: [
    { width: 800, height: 600, url: `/media/${id}-800.webp` },
    { width: 400, height: 300, url: `/media/${id}-400.webp` },
    { width: 1600, height: 1200, url: `/media/${id}-1600.webp` },
  ],
});

const queued = (id: string, queuedAt: number, seq: number, error?: string): QueuedMessage => ({
  id,
  userId: 'u1',
  conversationId: 'c1',
  body: id,
  queuedAt,
  seq,
  ...(error === undefined ? {} : { error }),
});

describe('newestFirst', () => {
  it('keeps the newest viewed listings, newest first, and drops the oldest beyond the bound', () => {
    const viewed = Array.from({ length: VIEWED_KEPT + 5 }, (_, i) => ({ id: i, at: T0 + i }));
    const kept = newestFirst(viewed, (v) => v.at, VIEWED_KEPT);
    expect(kept).toHaveLength(VIEWED_KEPT);
    expect(kept[0]!.id).toBe(VIEWED_KEPT + 4);
    expect(kept.map((v) => v.id)).not.toContain(4);
    expect(kept.map((v) => v.id)).toContain(5);
  });

  it('keeps everything under the bound', () => {
    expect(newestFirst([{ at: 2 }, { at: 1 }, { at: 3 }], (v) => v.at, 20)).toEqual([
      { at: 3 },
      { at: 2 },
      { at: 1 },
    ]);
  });
});

describe('smallestPhotos', () => {
  it('keeps the first photos only, each as its smallest rendition and nothing larger', () => {
    const kept = smallestPhotos(['a', 'b', 'c', 'd', 'e'].map(photo));
    expect(kept.map((p) => p.id)).toEqual(['a', 'b', 'c'].slice(0, PHOTOS_PER_LISTING));
    for (const p of kept) {
      expect(p.url).toBe(`/media/${p.id}-400.webp`);
      expect(p.variants.map((v) => v.url)).toEqual([p.url]);
      expect([p.width, p.height]).toEqual([400, 300]);
    }
  });

  it('keeps the AVIF file where there is one: the file the phone shows', () => {
    const avif = photo('v');
    avif.variants = avif.variants.map((v) => ({ ...v, avif: v.url.replace('.webp', '.avif') }));
    const [kept] = smallestPhotos([avif]);
    expect(kept?.url).toBe('/media/v-400.avif');
    expect(kept?.variants).toEqual([
      { width: 400, height: 300, url: '/media/v-400.webp', avif: '/media/v-400.avif' },
    ]);
  });

  it('leaves a photo without renditions as it is, and a listing without photos empty', () => {
    const bare = { ...photo('x'), variants: [] };
    expect(smallestPhotos([bare], 1)).toEqual([bare]);
    expect(smallestPhotos([])).toEqual([]);
  });
});

describe('the outbox order', () => {
  it('sends messages in the order written, the counter ordering two in one millisecond', () => {
    const queue = [queued('third', T0 + 5, 1), queued('second', T0, 3), queued('first', T0, 2)];
    expect(sendingOrder(queue).map((m) => m.id)).toEqual(['first', 'second', 'third']);
  });

  it('holds back a message the server refused: it waits for Retry, the later ones still go', () => {
    const queue = [queued('b', T0 + 1, 2), queued('a', T0, 1, 'Blocked'), queued('c', T0 + 2, 3)];
    expect(toSend(queue).map((m) => m.id)).toEqual(['b', 'c']);
  });
});
