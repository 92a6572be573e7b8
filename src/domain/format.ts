import { NEAR_YOU_MILES } from '../contract/job-constants';

/** Integer cents to the API's "25.00". */
export function centsToMoney(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "25.00" to integer cents. */
export function moneyToCents(money: string): number {
  return Math.round(Number(money) * 100);
}

/**
 * Spec 9: pay shows 0 decimals on cards, 2 on details, grouped as en-US ('$1,250.00').
 * Done by hand, not with Intl.NumberFormat: building the first formatter loads ICU's number data,
 * about 15 ms on the job explorer's start-up, the largest single block of it.
 */
export function formatPay(payAmount: string, decimals: 0 | 2): string {
  const amount = Number(payAmount);
  const [whole = '', fraction] = Math.abs(amount).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${amount < 0 ? '-' : ''}$${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Spec 2: durations as 'Xh Ym' ('45m', '2h', '1h 30m'). */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/** Spec 2: 'N mi', or 'Near you' under 0.1 mile. */
export function formatDistance(miles: number | null): string | null {
  if (miles === null) return null;
  return miles < NEAR_YOU_MILES ? 'Near you' : `${miles.toFixed(1)} mi`;
}

/** Spec 4: the lock countdown as m:ss. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** When something happened, as a notification list shows it: 'Just now', '5 min ago', '3 h ago', '2 days ago', then the date. */
export function formatTimeAgo(at: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? 'Yesterday' : `${days} days ago`;
  return at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: at.getFullYear() === now.getFullYear() ? undefined : 'numeric' });
}

/** '3:42 PM': a wall-clock time of day from minutes since local midnight. */
export function formatClockTime(minutes: number): string {
  const dayMinutes = ((minutes % 1440) + 1440) % 1440;
  const hours = Math.floor(dayMinutes / 60);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(dayMinutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
