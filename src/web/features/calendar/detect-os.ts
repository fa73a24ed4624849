export type OperatingSystem = 'mac' | 'windows' | 'linux' | 'unknown';

/**
 * The visitor's operating system, to show the matching instructions. iPhones
 * and iPads get the Apple Calendar steps; Android reports Linux but has no desktop calendar apps,
 * so it gets the general steps.
 */
export function detectOs(userAgent: string = navigator.userAgent): OperatingSystem {
  if (/Android/i.test(userAgent)) return 'unknown';
  if (/Mac|iPhone|iPad|iPod/i.test(userAgent)) return 'mac';
  if (/Windows/i.test(userAgent)) return 'windows';
  if (/Linux|X11|CrOS/i.test(userAgent)) return 'linux';
  return 'unknown';
}
