import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../tests/render';
import { RegisterForm } from './register-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function fill(values: { fullName: string; email: string; password: string; rePassword: string }) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name'), values.fullName);
  await user.type(screen.getByLabelText('Phone number'), '+1 555 0199');
  await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.type(screen.getByLabelText('Confirm password'), values.rePassword);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterForm', () => {
  it('says "Password doesn\'t match. Please try again." before any request', async () => {
    renderWithProviders(<RegisterForm />, { path: '/register' });
    await fill({ fullName: 'Nina New', email: 'nina@example.com', password: 'secret123', rePassword: 'secret124' });
    expect(await screen.findByText("Password doesn't match. Please try again.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on the fields and keeps what was typed", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'This email is already in use.', errors: { email: 'This email is already in use.' } }), {
        status: 422,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderWithProviders(<RegisterForm />, { path: '/register' });
    await fill({ fullName: 'Adam Again', email: 'admin@acme.example', password: 'secret123', rePassword: 'secret123' });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This email is already in use.'));
    expect(screen.getByLabelText('Full name')).toHaveValue('Adam Again');
    expect(screen.getByLabelText('Email')).toHaveValue('admin@acme.example');
    expect(screen.getByText('Registration failed')).toBeInTheDocument();
  });

  it('announces "Account Created" and goes to the login page', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Account created' }), { status: 201, headers: { 'Content-Type': 'application/json' } }),
    );
    const { location } = renderWithProviders(<RegisterForm />, { path: '/register' });
    await fill({ fullName: 'Nina New', email: 'nina@example.com', password: 'secret123', rePassword: 'secret123' });
    expect(await screen.findByText('Account Created')).toBeInTheDocument();
    expect(screen.getByText('You are successfully registered!')).toBeInTheDocument();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/pages/login'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      fullName: 'Nina New',
      phoneNumber: '+1 555 0199',
      email: 'nina@example.com',
      password: 'secret123',
      rePassword: 'secret123',
    });
  });
});
