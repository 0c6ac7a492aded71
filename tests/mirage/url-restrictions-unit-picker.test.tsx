import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Server } from '@mirage/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceUnit } from '@machines/domain/types';
import { table } from '@mirage/db';
import { renderWithProviders } from '../render';
import { signInAs, startMonitoringServer, unitsOf } from './monitoring-helpers';
import { UnitMultiPicker } from '@/features/url-restrictions/components/unit-multi-picker';

function Harness({ initial }: { initial: string[] }) {
  const [ids, setIds] = useState(initial);
  return (
    <>
      <UnitMultiPicker label="Units" nothingFound="No matching unit" loadFailed="Could not load" value={ids} onChange={setIds} />
      <output aria-label="chosen">{ids.join(',')}</output>
    </>
  );
}

describe('UnitMultiPicker', () => {
  let server: Server;
  let lastId: string;
  beforeEach(async () => {
    server = await startMonitoringServer();
    const [template] = unitsOf(server, '1');
    // More units than one search answer (50) holds; the last sorts after all the others.
    const extra = Array.from({ length: 120 }, (_, i) => ({
      ...(template as ServiceUnit),
      id: undefined,
      name: `Zz kiosk ${String(i).padStart(3, '0')}`,
      hostname: `zz-kiosk-${i}`,
    }));
    const inserted = table<ServiceUnit>(server.db, 'serviceUnits').insertMany(extra) as ServiceUnit[];
    lastId = String(inserted[inserted.length - 1]?.id);
    localStorage.setItem('accessToken', (await signInAs('user')).token);
  });
  afterEach(() => server.shutdown());

  it('shows the names of saved units the first search does not list', async () => {
    renderWithProviders(<Harness initial={[lastId]} />);
    expect(await screen.findByText('Zz kiosk 119 (zz-kiosk-119)', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('searches the server and keeps each chosen unit’s name when a later search no longer lists it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[]} />);
    const input = screen.getAllByLabelText('Units')[0] as HTMLElement;
    await user.type(input, 'kiosk 118');
    await user.click(await screen.findByRole('option', { name: 'Zz kiosk 118 (zz-kiosk-118)' }, { timeout: 5000 }));
    await user.type(input, 'kiosk 007');
    await user.click(await screen.findByRole('option', { name: 'Zz kiosk 007 (zz-kiosk-7)' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.queryByRole('option', { name: /kiosk 118/ })).not.toBeInTheDocument());
    expect(screen.getByText('Zz kiosk 118 (zz-kiosk-118)')).toBeInTheDocument();
    expect(screen.getByText('Zz kiosk 007 (zz-kiosk-7)')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'chosen' }).textContent?.split(',')).toHaveLength(2);
  });
});
