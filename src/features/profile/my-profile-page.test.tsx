import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ActiveUser } from '@/lib/session';
import { renderWithProviders } from '../../../tests/render';
import MyProfilePage from './my-profile-page';

const session = vi.hoisted(() => ({ user: null as ActiveUser | null }));
vi.mock('@/lib/session', () => ({ useSessionUser: () => session.user }));

describe('MyProfilePage', () => {
  it('shows the signed-in user', () => {
    session.user = { uid: '1', displayName: 'Grace Hopper', about: '', photoURL: '', status: 'active', userRole: 'Operator', email: 'grace@example.com', providerId: 'demo' };
    renderWithProviders(<MyProfilePage />);
    expect(screen.getByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByText('Operator')).toBeInTheDocument();
    expect(screen.getByText('No description yet.')).toBeInTheDocument();
  });

  it('explains when no user is available', () => {
    session.user = null;
    renderWithProviders(<MyProfilePage />, { language: 'pt' });
    expect(screen.getByRole('status')).toHaveTextContent('Não foi possível carregar o seu perfil');
  });
});
