import { asc, eq, inArray } from 'drizzle-orm';
import type { ContactEvent } from '../../shared/contacts/timeline.ts';
import { TIMELINE_PAGE_MAX } from '../../shared/contacts/timeline.ts';
import { PERSON_EXPORT_FORMAT, type PersonExport } from '../../shared/privacy/person-export.ts';
import type { ConsentLanguage, SignupKind } from '../../shared/privacy/sources.ts';
import { getContactById, listContactEvents } from '../contacts/service.ts';
import type { Db } from '../db/client.ts';
import { submissionsOfContact } from '../leads/service.ts';
import { consentRecords, consentStatements } from './schema.ts';

/** The consent records of these contacts with the statement's words in the language shown, oldest first. */
export async function consentOf(db: Db, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  const rows = await db
    .select({
      contact_id: consentRecords.contact_id,
      submission_id: consentRecords.submission_id,
      source: consentRecords.source,
      statement_kind: consentStatements.kind,
      statement_version: consentStatements.version,
      text_en: consentStatements.text_en,
      text_de: consentStatements.text_de,
      language: consentRecords.language,
      page_url: consentRecords.page_url,
      given_at: consentRecords.given_at,
      kit_form_id: consentRecords.kit_form_id,
      confirmed_at: consentRecords.confirmed_at,
    })
    .from(consentRecords)
    .innerJoin(consentStatements, eq(consentStatements.id, consentRecords.statement_id))
    .where(inArray(consentRecords.contact_id, contactIds))
    .orderBy(asc(consentRecords.given_at), asc(consentRecords.id));
  return rows.map(({ text_en, text_de, ...r }) => ({
    ...r,
    statement_kind: r.statement_kind as SignupKind,
    language: r.language as ConsentLanguage,
    statement_text: r.language === 'de' ? text_de : text_en,
  }));
}

/** Every event of the contact's timeline, oldest first. */
async function wholeTimeline(db: Db, contactId: string): Promise<ContactEvent[]> {
  const events: ContactEvent[] = [];
  let before: string | undefined;
  do {
    const page = await listContactEvents(db, contactId, { before, limit: TIMELINE_PAGE_MAX });
    events.push(...page.events);
    before = page.next_before ?? undefined;
  } while (before);
  return events.reverse();
}

/** The person's data, or undefined when the contact does not exist. */
export async function personExport(db: Db, contactId: string): Promise<PersonExport | undefined> {
  const contact = await getContactById(db, contactId);
  if (!contact) return undefined;
  const [timeline, submissions, consent] = await Promise.all([wholeTimeline(db, contact.id), submissionsOfContact(db, contact.id), consentOf(db, [contact.id])]);
  const shown = ({ contact_id: _c, submission_id: _s, ...record }: (typeof consent)[number]) => record;
  const submissionIds = new Set(submissions.map((s) => s.id));
  return {
    format: PERSON_EXPORT_FORMAT,
    exported_at: new Date(),
    contact,
    tags: contact.tags,
    timeline,
    signups: submissions.map((s) => ({ ...s, consent: consent.filter((c) => c.submission_id === s.id).map(shown) })),
    other_consent: consent.filter((c) => !c.submission_id || !submissionIds.has(c.submission_id)).map(shown),
    kit: { subscriber_id: contact.kit_id, state: contact.kit_state, state_since: contact.kit_state_at },
  };
}
