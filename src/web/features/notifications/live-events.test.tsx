import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../lib/auth';
import { json, renderSignedIn, TEEN } from '../jobs/test-fixtures';
import { LiveEvents } from './live-events';

/** A stand-in for the browser's EventSource: the test decides when it fails. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const fetchMock = vi.fn<typeof fetch>();
let sessionEnded = false;
beforeEach(() => {
  sessionEnded = false;
  FakeEventSource.opened = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/auth/me') return sessionEnded ? json(401, { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' }) : json(200, TEEN);
    return json(200, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('LiveEvents', () => {
  it('signs the tab out when its stream is refused because the session ended elsewhere (an admin suspended the account)', async () => {
    renderSignedIn(<LiveEvents />, TEEN);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    sessionEnded = true;
    const stream = FakeEventSource.opened[0]!;
    stream.readyState = FakeEventSource.CLOSED;
    stream.onerror?.();
    await waitFor(() => expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull());
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/me', '/api/auth/me']);
  });

  it('keeps the tab signed in when the stream is refused for another reason', async () => {
    renderSignedIn(<LiveEvents />, TEEN);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const stream = FakeEventSource.opened[0]!;
    stream.readyState = FakeEventSource.CLOSED;
    stream.onerror?.();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
  });
});
