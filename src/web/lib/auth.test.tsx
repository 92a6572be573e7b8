import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider, USER_STORAGE_KEY, useAuth } from './auth';

const stored = { id: '6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e', fullName: 'Maya Lopez', username: 'maya', role: 'teen' };

function Probe() {
  const { user, isLoading } = useAuth();
  return <p>{isLoading ? 'loading' : (user?.fullName ?? 'signed out')}</p>;
}

describe('the session context (spec 4)', () => {
  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });

  it('restores the stored user and holds the loading flag until the server has been asked', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(stored));
    // No server answers in this test: the check fails as it would offline, and the stored user stays.
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Maya Lopez')).toBeInTheDocument();
  });

  it('removes a stored user that cannot be parsed', () => {
    localStorage.setItem(USER_STORAGE_KEY, '{broken');
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('trusts the user a server-rendered page was rendered for: no loading, no session check, and it is remembered', () => {
    localStorage.removeItem(USER_STORAGE_KEY);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const rendered = { ...stored, email: 'maya@example.com', zipCode: '02139', isAvailable: true, parentalConsentStatus: 'approved' as const, createdAt: '2026-01-01T00:00:00.000Z', role: 'teen' as const };
    render(
      <AuthProvider initialUser={rendered}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('Maya Lopez')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY)!)).toEqual(rendered);
  });
});
