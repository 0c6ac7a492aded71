import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import { BarList, type BarRow } from './bar-list';

const bands = (high: number, low: number) => [
  { label: 'High', color: 'red.6', value: high },
  { label: 'Low', color: 'teal.6', value: low },
];
const rows: BarRow[] = [
  { label: 'Acme Logistics', segments: bands(12, 28) },
  { label: 'Globex Retail', segments: bands(0, 20) },
];

/** Each drawn part of a row's bar: its series and its share of the full bar, as the page lays it out. */
function parts(row: HTMLElement) {
  return [...row.querySelectorAll<HTMLElement>('[data-segment]')].map((el) => [
    el.dataset.segment,
    el.style.getPropertyValue('--progress-section-size'),
  ]);
}

describe('BarList', () => {
  it('shows each row’s name and sum, its parts stacked on the scale of the largest sum', () => {
    renderWithProviders(<BarList rows={rows} format={(n) => `${n} units`} />);
    const [acme, globex] = screen.getAllByTestId('bar-row') as [HTMLElement, HTMLElement];
    expect(acme).toHaveTextContent('Acme Logistics40 units');
    expect(parts(acme)).toEqual([
      ['High', '30%'],
      ['Low', '70%'],
    ]);
    // A part without a value is not drawn: the bar starts with the next one.
    expect(globex).toHaveTextContent('Globex Retail20 units');
    expect(parts(globex)).toEqual([['Low', '50%']]);
  });

  it('draws on a given scale, and a row without any value as an empty track with its sum', () => {
    renderWithProviders(
      <BarList
        rows={[
          { label: 'Missed heartbeats', segments: [{ label: 'Share', color: 'grape.6', value: 78.5 }] },
          { label: 'CPU saturation', segments: [{ label: 'Share', color: 'grape.6', value: 0 }] },
        ]}
        format={(n) => `${n} %`}
        max={100}
      />,
    );
    const [heartbeats, cpu] = screen.getAllByTestId('bar-row') as [HTMLElement, HTMLElement];
    expect(parts(heartbeats)).toEqual([['Share', '78.5%']]);
    expect(cpu).toHaveTextContent('CPU saturation0 %');
    expect(parts(cpu)).toEqual([]);
  });

  it('shows the values of a row’s parts while the pointer is over it, and only one row’s at a time', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BarList rows={rows} format={(n) => String(n)} />);
    const [acme, globex] = screen.getAllByTestId('bar-row') as [HTMLElement, HTMLElement];
    await user.hover(acme);
    const card = await screen.findByRole('dialog');
    expect(card).toHaveTextContent('Acme LogisticsHigh12Low28');
    await user.hover(globex);
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('Globex RetailHigh0Low20'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.unhover(globex);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows no card of parts for a bar of one part: its sum is its value', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <BarList
        rows={[{ label: 'Process crashes', segments: [{ label: 'Share', color: 'grape.6', value: 21.5 }] }]}
        format={(n) => `${n} %`}
      />,
    );
    const row = screen.getByTestId('bar-row');
    await user.hover(row);
    expect(row).toHaveTextContent(/^Process crashes21.5 %$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
