import type { Db } from '../src/server/db/client.ts';
import { contacts, tags } from '../src/server/db/schema.ts';
import type { ContactSource, ContactStatus } from '../src/shared/contacts.ts';

/**
 * Realistic, varied and reproducible contacts for benchmarks: a seeded generator, so two runs (and
 * the two databases of one run) hold the same rows.
 */

const FIRST_NAMES = [
  'Anna', 'Lena', 'Marie', 'Sophie', 'Laura', 'Julia', 'Sarah', 'Lisa', 'Hannah', 'Lea', 'Emma', 'Mia', 'Clara',
  'Johanna', 'Katharina', 'Christina', 'Sabine', 'Petra', 'Claudia', 'Nicole', 'Stefanie', 'Andrea', 'Birgit',
  'Jana', 'Nina', 'Franziska', 'Miriam', 'Ines', 'Olivia', 'Charlotte', 'Amelia', 'Isabella', 'Grace', 'Chloe',
  'Emily', 'Zoe', 'Aisha', 'Fatima', 'Yuki', 'Priya', 'Elena', 'Lucia', 'Camille', 'Ingrid', 'Agnieszka', 'Olga',
  'Thomas', 'Michael', 'Andreas', 'Stefan', 'Christian', 'Markus', 'Peter', 'Jan', 'Tobias', 'Daniel', 'Florian',
  'Alexander', 'Sebastian', 'Matthias', 'Martin', 'Frank', 'Jürgen', 'Klaus', 'Uwe', 'Jonas', 'Felix', 'Lukas',
  'Paul', 'Leon', 'Maximilian', 'Niklas', 'David', 'Simon', 'Benjamin', 'Moritz', 'Philipp', 'Oliver', 'James',
  'William', 'Henry', 'Lucas', 'Noah', 'Liam', 'Mateo', 'Omar', 'Ahmed', 'Kenji', 'Arjun', 'Pierre', 'Luca',
  'Marco', 'Sven', 'Lars', 'Piotr', 'Dmitri', 'Carlos', 'José', 'Rafael', 'Tim', 'Kai',
];
const LAST_NAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
  'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
  'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier',
  'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber', 'Kaiser',
  'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Vogel', 'Friedrich', 'Keller',
  'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz', 'Baumann', 'Franke', 'Albrecht', 'Smith',
  'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Wilson',
  'Anderson', 'Taylor', 'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Lopez', "O'Brien",
  'Dubois', 'Rossi', 'Russo', 'Nowak', 'Kowalski', 'Jansen', 'de Vries', 'Andersson', 'Nielsen', 'Tanaka',
  'Sato', 'Patel', 'Singh', 'Kim', 'Nguyen', 'Yilmaz', 'Kaya', 'Silva', 'Santos', 'Ivanova',
];
const MAIL_DOMAINS = ['gmail.com', 'web.de', 'gmx.de', 'gmx.net', 'outlook.com', 'yahoo.com', 't-online.de', 'icloud.com', 'posteo.de', 'hotmail.com', 'mail.de', 'proton.me'];
const COMPANY_SUFFIXES = ['consulting.de', 'coaching.com', 'gmbh.de', 'partner.de', 'studio.io', 'group.com', 'akademie.de'];
const COUNTRIES = ['Germany', 'Germany', 'Germany', 'Germany', 'Austria', 'Switzerland', 'Netherlands', 'United Kingdom', 'United States', 'France', 'Italy', 'Spain', 'Poland', 'Sweden'];
const CITIES = ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt am Main', 'Stuttgart', 'Düsseldorf', 'Leipzig', 'Wien', 'Zürich', 'Amsterdam', 'London'];
const STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Schillerstraße', 'Goethestraße', 'Lindenallee', 'Marktplatz', 'Bergstraße'];
export const SEED_TAGS = ['newsletter', 'webinar-2025', 'vip', 'via_mycrm', 'coaching', 'ebook', 'workshop', 'podcast', 'masterclass', 'partner', 'event-berlin', 'beta-tester'];
const SOURCES: Array<[ContactSource, number]> = [
  ['landing_page', 40], ['manual', 20], ['webinar_signup', 15], ['lem_landing', 5], ['referral', 8], ['social', 7], ['email', 5],
];
const STATUSES: Array<[ContactStatus, number]> = [['lead', 70], ['prospect', 20], ['customer', 10]];
const UTM_SOURCES = ['facebook', 'instagram', 'linkedin', 'newsletter', 'google', 'youtube'];

/** mulberry32: tiny, fast, good enough to vary benchmark data reproducibly. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const weighted = <T>(list: Array<[T, number]>): T => {
    const total = list.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [value, weight] of list) if ((r -= weight) < 0) return value;
    return list[list.length - 1]![0];
  };
  return { next, pick, weighted };
}

const ascii = (s: string) =>
  s.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').normalize('NFD').replace(/[^a-z0-9]/g, '');

export type SeedContact = typeof contacts.$inferInsert;

export function generateContacts(count: number, seed = 42, now = Date.now()): SeedContact[] {
  const r = prng(seed);
  const used = new Set<string>();
  const rows: SeedContact[] = [];
  const twoYears = 730 * 86_400_000;
  for (let i = 0; i < count; i++) {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const f = ascii(first);
    const l = ascii(last);
    const local = r.pick([`${f}.${l}`, `${f}${l}`, `${f[0]}${l}`, `${f}_${l}`, `${l}.${f}`, `${f}`, `${f}.${l}${Math.floor(r.next() * 99)}`]);
    const domain = r.next() < 0.8 ? r.pick(MAIL_DOMAINS) : `${l}-${r.pick(COMPANY_SUFFIXES)}`;
    let email = `${local}@${domain}`;
    for (let n = 2; used.has(email); n++) email = `${local}${n}@${domain}`;
    used.add(email);

    const source = r.weighted(SOURCES);
    const named = r.next();
    const tagCount = Math.floor(r.next() * r.next() * 4);
    const contactTags = [...new Set(Array.from({ length: tagCount }, () => r.pick(SEED_TAGS)))];
    const created = new Date(now - Math.floor(r.next() * twoYears));
    rows.push({
      email,
      first_name: named < 0.9 ? first : null,
      last_name: named < 0.8 ? last : null,
      full_name: named < 0.6 ? `${first} ${last}` : null,
      phone: r.next() < 0.55 ? `+49 1${Math.floor(50 + r.next() * 30)} ${Math.floor(1_000_000 + r.next() * 8_999_999)}` : null,
      address: r.next() < 0.3 ? `${r.pick(STREETS)} ${1 + Math.floor(r.next() * 120)}, ${r.pick(CITIES)}` : null,
      country: r.next() < 0.6 ? r.pick(COUNTRIES) : null,
      linkedin: r.next() < 0.15 ? `https://www.linkedin.com/in/${f}-${l}-${i}` : null,
      source,
      status: r.weighted(STATUSES),
      tags: contactTags,
      kit_id: r.next() < 0.3 ? 1_000_000 + i : null,
      url_parameters: source === 'landing_page' ? { utm_source: r.pick(UTM_SOURCES), utm_campaign: `spring-${created.getUTCFullYear()}` } : {},
      created_at: created,
      updated_at: created,
    });
  }
  return rows;
}

/** Multi-row inserts of 1,000 rows: a few seconds for 100,000 contacts, indexes included. */
export async function seedContacts(db: Db, count: number, seed = 42): Promise<void> {
  await db
    .insert(tags)
    .values(SEED_TAGS.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = generateContacts(count, seed);
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(contacts).values(rows.slice(i, i + 1000));
  }
}
