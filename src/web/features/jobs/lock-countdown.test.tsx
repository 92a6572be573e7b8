import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LockCountdown } from './lock-countdown';

const NOW = new Date('2026-06-15T16:00:00Z');

describe('LockCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  const renderLock = (secondsLeft: number, { onExpire = vi.fn(), onRefresh = vi.fn() } = {}) =>
    render(
      <LockCountdown lockExpiresAt={new Date(NOW.getTime() + secondsLeft * 1000).toISOString()} onExpire={onExpire} onRefresh={onRefresh}>
        <button type="button">Accept Job</button>
      </LockCountdown>,
    );

  it('counts down as m:ss every second with a bar of the remaining seconds over 900', () => {
    renderLock(900);
    const timer = screen.getByRole('timer', { name: 'Time left on your lock' });
    const bar = screen.getByRole('progressbar', { name: 'Time left on your lock' });
    expect(timer).toHaveTextContent(/^15:00$/);
    expect(bar).toHaveAttribute('aria-valuemax', '900');
    expect(bar).toHaveAttribute('aria-valuenow', '900');
    expect(bar).toHaveAttribute('aria-valuetext', '15:00 left');

    act(() => vi.advanceTimersByTime(61_000));
    expect(timer).toHaveTextContent(/^13:59$/);
    expect(bar).toHaveAttribute('aria-valuenow', '839');
    expect(screen.getByRole('button', { name: 'Accept Job' })).toBeInTheDocument();
  });

  it('shows Lock Expired at zero, without the actions, tells the screen once, and refreshes on request', () => {
    const onExpire = vi.fn();
    const onRefresh = vi.fn();
    renderLock(2, { onExpire, onRefresh });
    expect(screen.getByRole('timer')).toHaveTextContent('0:02');
    act(() => vi.advanceTimersByTime(1_000));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(3_000));
    expect(onExpire).toHaveBeenCalledOnce();
    expect(screen.getByRole('heading', { name: 'Lock Expired' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Job' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });
});
