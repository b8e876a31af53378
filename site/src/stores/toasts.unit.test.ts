import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, MAX_TOASTS, dismissToast, pauseToasts, resumeToasts, toast } from './toasts.ts';

const messages = () => $toasts.get().map((t) => t.message);

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    for (const t of $toasts.get()) dismissToast(t.id);
  });
  afterEach(() => vi.useRealTimers());

  it('disappear after 4 seconds', () => {
    toast.success('Property created successfully!');
    vi.advanceTimersByTime(3999);
    expect(messages()).toEqual(['Property created successfully!']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('keep loading toasts until dismissed', () => {
    const id = toast.loading('Uploading photos');
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['Uploading photos']);
    dismissToast(id);
    expect(messages()).toEqual([]);
  });

  it('pause while hovered and resume with the time left', () => {
    toast.error('Failed to update property');
    vi.advanceTimersByTime(3000);
    pauseToasts();
    vi.advanceTimersByTime(10_000);
    expect(messages()).toEqual(['Failed to update property']);
    resumeToasts();
    vi.advanceTimersByTime(999);
    expect(messages()).toEqual(['Failed to update property']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('show at most 20, dropping the oldest', () => {
    for (let i = 1; i <= 25; i++) toast.info(`toast ${i}`);
    expect(messages()).toHaveLength(MAX_TOASTS);
    expect(messages()[0]).toBe('toast 6');
    expect(messages().at(-1)).toBe('toast 25');
  });
});
