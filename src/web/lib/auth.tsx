import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from '../../contract/auth';
import { apiRequest, getJson, setUnauthorizedHandler } from './api';

/** Spec 4: the signed-in user lives in local storage under this key. */
export const USER_STORAGE_KEY = 'user';

interface AuthState {
  user: User | null;
  isLoading: boolean;
  login(email: string, password: string): Promise<User>;
  register(payload: Record<string, string>): Promise<User>;
  logout(): Promise<void>;
  /** Replace the stored user after the server answered with a newer copy. */
  setUser(user: User): void;
}

const AuthContext = createContext<AuthState | null>(null);

function readStoredUser(): User | null {
  if (typeof localStorage === 'undefined') return null; // prerendering
  const raw = localStorage.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as User;
    if (parsed && typeof parsed === 'object' && typeof parsed.id === 'string' && typeof parsed.role === 'string') return parsed;
  } catch {
    // Unparsable: fall through and remove it (spec 4).
  }
  localStorage.removeItem(USER_STORAGE_KEY);
  return null;
}

/**
 * `initialUser` is the user a server-rendered page was rendered for: the server has just checked
 * that session, so there is nothing to wait for (and the first render matches the HTML).
 */
export function AuthProvider({ children, initialUser }: { children: ReactNode; initialUser?: User }) {
  const [user, setUserState] = useState<User | null>(() => initialUser ?? readStoredUser());
  // Spec 4: loading holds until the stored session has been checked with the server.
  const [isLoading, setIsLoading] = useState(!initialUser && user !== null);

  const setUser = useCallback((next: User | null) => {
    setUserState(next);
    if (next) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(USER_STORAGE_KEY);
  }, []);

  const storedAtStart = useState(initialUser ? null : user)[0];
  useEffect(() => {
    if (initialUser) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(initialUser));
  }, [initialUser]);

  useEffect(() => {
    if (!storedAtStart) return;
    // The stored copy is only a hint: the server session decides (a stale user never outlives it).
    let cancelled = false;
    getJson<User>('/api/auth/me', { on401: 'returnNull' })
      .then((fresh) => {
        if (!cancelled) setUser(fresh);
      })
      .catch(() => {
        // Offline or server down: keep the stored user; the next call will tell.
      })
      .finally(() => {
        if (!cancelled) setIsLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [storedAtStart, setUser]);

  useEffect(() => {
    setUnauthorizedHandler(() => setUser(null));
    return () => setUnauthorizedHandler(null);
  }, [setUser]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      isLoading,
      setUser,
      async login(email, password) {
        const signedIn = await apiRequest<User>('POST', '/api/auth/login', { email, password });
        setUser(signedIn);
        return signedIn;
      },
      async register(payload) {
        const created = await apiRequest<User>('POST', '/api/auth/register', payload);
        setUser(created);
        return created;
      },
      async logout() {
        try {
          await apiRequest('POST', '/api/auth/logout');
        } finally {
          setUser(null);
          localStorage.clear();
        }
      },
    }),
    [user, isLoading, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
