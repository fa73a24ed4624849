import * as auth from '../auth/schema.ts';
import * as calendar from '../calendar/schema.ts';
import * as contacts from '../contacts/schema.ts';
import * as http from '../http/schema.ts';
import * as images from '../images/schema.ts';
import * as kit from '../kit/schema.ts';
import * as landingPages from '../landing-pages/schema.ts';
import * as leads from '../leads/schema.ts';
import * as privacy from '../privacy/schema.ts';
import * as settings from '../settings/schema.ts';
import * as tags from '../tags/schema.ts';

/*
 * The whole schema, gathered for drizzle-kit (`npm run db:generate`) and the database client. Each
 * table belongs to one feature and is defined in its <feature>/schema.ts; other features reach it
 * only through that feature's service.ts (eslint refuses imports of this file from feature code;
 * tests may use it to set up and check state). Field names are snake_case, and the JSON API keeps them.
 */

export * from '../auth/schema.ts';
export * from '../calendar/schema.ts';
export * from '../contacts/schema.ts';
export * from '../http/schema.ts';
export * from '../images/schema.ts';
export * from '../kit/schema.ts';
export * from '../landing-pages/schema.ts';
export * from '../leads/schema.ts';
export * from '../privacy/schema.ts';
export * from '../settings/schema.ts';
export * from '../tags/schema.ts';

export const schema = { ...auth, ...calendar, ...contacts, ...http, ...images, ...kit, ...landingPages, ...leads, ...privacy, ...settings, ...tags };
