import { describe, expect, it } from 'vitest';
import { readSsrState, serializeSsrState, SSR_STATE_ID, type SsrState } from './ssr-state';

const state: SsrState = {
  user: { id: '6f1e7c7e-4a0e-4d7c-9a59-2a3d4b5c6d7e', fullName: 'Maya', username: 'maya', email: 'm@example.com', role: 'teen', zipCode: '02139', isAvailable: true, parentalConsentStatus: 'approved', createdAt: '2026-01-01T00:00:00.000Z' },
  queries: { mutations: [], queries: [] },
};

describe('the state a server-rendered page carries', () => {
  it('cannot close its script element early, and reads back unchanged', () => {
    const tricky = { ...state, user: { ...state.user, fullName: '</script><script>alert(1)</script>' } };
    const body = serializeSsrState(tricky);
    expect(body).not.toContain('<');
    document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ID}">${body}</script>`;
    expect(readSsrState()).toEqual(tricky);
  });

  it('is absent from a page the browser renders itself', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readSsrState()).toBeNull();
  });
});
