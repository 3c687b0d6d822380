/** Part 1, section 9: geolocation timeout 20 s. */
export const GEOLOCATION_TIMEOUT_MS = 20_000;

export type GeolocationFailure = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

export class GeolocationError extends Error {
  readonly reason: GeolocationFailure;
  constructor(reason: GeolocationFailure) {
    super(`geolocation ${reason}`);
    this.name = 'GeolocationError';
    this.reason = reason;
  }
}

const REASON_BY_CODE: Record<number, GeolocationFailure> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/**
 * The browser's position (WGS-84). The city table's centres are GCJ-02; the few hundred
 * metres between the two do not change which city is nearest.
 */
export function currentPosition(timeout = GEOLOCATION_TIMEOUT_MS): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geo || (typeof window !== 'undefined' && !window.isSecureContext)) {
      reject(new GeolocationError('unsupported'));
      return;
    }
    // Some browsers never call back when the permission prompt is ignored; the timer settles it.
    const guard = setTimeout(() => reject(new GeolocationError('timeout')), timeout + 1000);
    geo.getCurrentPosition(
      (position) => {
        clearTimeout(guard);
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      (error) => {
        clearTimeout(guard);
        reject(new GeolocationError(REASON_BY_CODE[error.code] ?? 'unavailable'));
      },
      { timeout, maximumAge: 10 * 60_000, enableHighAccuracy: false },
    );
  });
}
