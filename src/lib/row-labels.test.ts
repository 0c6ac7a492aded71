import { describe, expect, it, vi } from 'vitest';
import { rowLabelCache } from './row-labels';

describe('rowLabelCache', () => {
  it('translates a label once however many rows ask for it', () => {
    const t = vi.fn((key: string) => `<${key}>`);
    const { label } = rowLabelCache(t);
    expect([label('a'), label('a'), label('b')]).toEqual(['<a>', '<a>', '<b>']);
    expect(t).toHaveBeenCalledTimes(2);
  });

  it("puts each row's name where the language puts it, translating once", () => {
    const t = vi.fn((_key: string, options?: { name: string }) => `${options?.name ?? ''} bearbeiten`);
    const edit = rowLabelCache(t).named('editNamed');
    expect(edit('Kiosk 7')).toBe('Kiosk 7 bearbeiten');
    expect(edit('Lobby')).toBe('Lobby bearbeiten');
    expect(t).toHaveBeenCalledTimes(1);
  });
});
