import { useState } from 'react';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

type Status = 'idle' | 'locating' | 'found' | 'failed';

/** Six decimals is about 10 cm: more than a suburb needs, and all the API keeps. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

function describeGeolocationError(error: GeolocationPositionError): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return 'Your browser did not allow Plantfolk to see your location. Allow it in the browser’s site settings, or enter your area below.';
    case error.POSITION_UNAVAILABLE:
      return 'Your device could not work out where you are. Enter your area below.';
    case error.TIMEOUT:
      return 'Finding your location took too long. Try again, or enter your area below.';
    default:
      return 'Your location could not be found. Enter your area below.';
  }
}

/** "Use my location": asks the browser once for the current position. */
export function useGeolocation() {
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const locate = () =>
    new Promise<Coordinates | null>((resolve) => {
      if (!supported) {
        setStatus('failed');
        setError('This browser cannot share a location. Enter your area below.');
        resolve(null);
        return;
      }
      setStatus('locating');
      setError(null);
      navigator.geolocation.getCurrentPosition(
        (position) => {
          setStatus('found');
          resolve({
            latitude: round(position.coords.latitude),
            longitude: round(position.coords.longitude),
          });
        },
        (failure) => {
          setStatus('failed');
          setError(describeGeolocationError(failure));
          resolve(null);
        },
        { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
      );
    });

  return { supported, status, error, locate };
}
