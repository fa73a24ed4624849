import { dictionary } from '@zxcvbn-ts/language-common';
import type { Plugin } from 'vite';
import { PASSWORD_MIN_LENGTH } from '../src/shared/auth/api.ts';

const PACKAGE = '@zxcvbn-ts/language-common';
const SLIM_MODULE = '\0mycrm-common-passwords';

/**
 * The password policy (src/shared/users/password-policy.ts) only ever consults common passwords at
 * least PASSWORD_MIN_LENGTH long: a shorter one fails the length rule first. So the browser build gets
 * just those entries of the list (about 300 of 49,000: a few kB instead of 220 kB gzipped on the setup,
 * invite and settings pages), and the rule decides exactly as on the server, which loads the package
 * as published.
 */
export function commonPasswordsForBrowser(): Plugin {
  return {
    name: 'mycrm:common-passwords',
    enforce: 'pre',
    resolveId: (id) => (id === PACKAGE ? SLIM_MODULE : undefined),
    load(id) {
      if (id !== SLIM_MODULE) return undefined;
      const long = dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN_LENGTH);
      return `export const dictionary = { 'passwords-common': ${JSON.stringify(long)} };`;
    },
  };
}
