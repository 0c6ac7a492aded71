import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../tests/render';
import { TrendChart } from './trend-chart';

const series = [
  { key: 'online', label: 'Units online', color: 'var(--mantine-color-teal-6)' },
  { key: 'offline', label: 'Units offline', color: 'var(--mantine-color-red-5)' },
];
const data = Array.from({ length: 30 }, (_, i) => ({ label: `${i + 1} Nov`, values: { online: 40 + i, offline: 3 } }));

afterEach(() => vi.restoreAllMocks());

describe('TrendChart', () => {
  it('shows its legend, rounded value lines and every fifth of 30 dates', () => {
    renderWithProviders(<TrendChart data={data} series={series} height={220} language="en" />);
    expect(screen.getAllByText('Units online')).toHaveLength(1);
    expect(screen.getByText('Units offline')).toBeInTheDocument();
    // The highest total is 72: four steps of 20 up to 80.
    for (const value of ['0', '20', '40', '60', '80']) expect(screen.getByText(value)).toBeInTheDocument();
    for (const date of ['1 Nov', '6 Nov', '11 Nov', '16 Nov', '21 Nov', '26 Nov']) expect(screen.getByText(date)).toBeInTheDocument();
    expect(screen.queryByText('2 Nov')).not.toBeInTheDocument();
  });

  it('shows the figures of the day under the pointer, and hides them when it leaves', () => {
    const { container } = renderWithProviders(<TrendChart data={data} series={series} height={220} language="en" />);
    const plot = container.querySelector('svg')?.parentElement;
    if (!plot) throw new Error('no plot');
    vi.spyOn(plot, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 290, height: 220, right: 290, bottom: 220, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.pointerMove(plot, { clientX: 100 });
    // 100 of 290 px over 29 intervals: the 11th day.
    expect(screen.getByText('11 Nov', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('50')).toBeInTheDocument();
    expect(screen.getAllByText('Units online')).toHaveLength(2);
    fireEvent.pointerLeave(plot);
    expect(screen.getAllByText('Units online')).toHaveLength(1);
  });
});
