import type { Point } from '../../contract/routes';

/** Whether this browser can tell where it is (the person is still asked first). */
export const canLocate = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** Where this device is, from the browser (it asks the person first); rejects when it cannot tell. */
export function currentPosition(): Promise<Point> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      reject,
      { enableHighAccuracy: true, timeout: 15_000 },
    ),
  );
}
